// Which facts the memory model is asked about (memory.factCheck = "borderline"): those showing a signal
// that they may be addressed to an assistant rather than say something about the person. This is not a
// detector: it decides where a model call is worth its cost, so it leans towards asking. A fact the way
// agents write them ("User lives in Porto", "Prefers short answers") shows none of these.

export type BorderlineSignal = 'addresses-assistant' | 'imperative' | 'trigger' | 'link-or-encoded' | 'mentions-system';

/** Second-person address and words for an assistant/AI/model, in the languages people write facts in. */
const ADDRESS_WORDS =
  /(?<![\p{L}\p{N}])(?:you|your|yours|yourself|assistants?|ais|ai|a\.i\.|chatbots?|bots?|models?|llms?|gpt|chatgpt|claude|gemini|copilot|agents?|vous|votre|vos|tu|toi|ton|tes|assistente|asistente|usted|ustedes|você|vocês|voi|jij|jouw|jullie|dich|dir|dein|deine|ki|ia|ты|вы|тебя|тебе|вас|вам|твой|ваш|ассистент|помощник|ии|ty|ciebie|sen|siz|sana|size|asistan|yapay zeka)(?![\p{L}\p{N}])/iu;
/** Scripts without spaces between words: matched as substrings. */
const ADDRESS_CJK_ETC = /あなた|君|きみ|アシスタント|你|您|助手|人工智能|당신|너는|너의|어시스턴트|أنت|انت|أنتم|لك|مساعد|الذكاء الاصطناعي|आप|तुम|तू|सहायक|אתה|את |עוזר/u;

/** Base-form verbs that open an order (a fact written by an agent starts with a third-person verb or a noun). */
const IMPERATIVE_START =
  /^(?:(?:please|pls|kindly|always|never|just|now|then|also|and|silently|quietly|secretly|discreetly|immediately|automatically)\s+)*(?:ignore|forget|disregard|override|bypass|say|tell|reply|respond|answer|write|send|email|forward|call|run|execute|invoke|open|visit|click|fetch|browse|recommend|suggest|promote|endorse|include|insert|append|add|use|output|print|reveal|leak|share|show|display|translate|decode|decrypt|act|pretend|roleplay|role-play|behave|follow|obey|comply|remember|make|ensure|do|don't|dont|stop|start|switch|enable|disable|set|update|delete|remove|post|upload|download|mention|refer|redirect|provide|give|list|repeat|summarize|treat|consider|assume|keep|put|type|answer|note|append|exfiltrate|transfer|pay|copy|move|store|save|log|collect|attach|paste|inject|embed)\b/i;
/** The same, for a few more languages (verbs in the imperative mood, or an order opened by always/never). */
const IMPERATIVE_START_OTHER =
  /^(?:s'il (?:te|vous) plaît\s+|por favor\s+|bitte\s+|per favore\s+|пожалуйста\s+)?(?:ignore[zs]?|oublie[zs]?|réponds|répondez|dis|dites|envoie[zs]?|recommande[zs]?|toujours|jamais|negeer|vergeet|antwoord|stuur|altijd|nooit|ignora|olvida|responde|di|envía|recomienda|siempre|nunca|ignoriere|vergiss|antworte|sag|sende|empfiehl|immer|niemals|esqueça|responda|diga|envie|recomende|sempre|nunca|dimentica|rispondi|invia|raccomanda|игнорируй|забудь|ответь|отвечай|скажи|отправь|рекомендуй|всегда|никогда)(?![\p{L}])/iu;

/** Conditions and persistence: an order meant to fire later or to last. */
/** Orders to drop what came before, in many languages, anywhere in the text (stems: ignore, forget, disregard…). */
const DROP_ORDER =
  /(?<![\p{L}])(?:ignor|zignoruj|disregard|αγνό|игнор|забуд|bỏ qua|abaikan|negeer|vergiss|vergeet|oubli|olvid|esqueç|dimentic|yok say)|忽略|無視|무시|تجاهل|अनदेखा|התעלם/iu;
/** Orders to act on something just given: decode-and-obey, "do it", "follow it". */
const ACT_ON_IT = /\b(?:obey|follow (?:it|this|these|them)|do (?:it|this|as (?:it|this) says)|apply (?:it|this)|execute (?:it|this)|and (?:do|follow|apply|obey)\b)/i;
/** The assistant's own output talked about as something to shape: "every answer", "all replies"… */
const OUTPUT_TALK = /\b(?:every|each|all|any|your|its|their) (?:answers?|repl(?:y|ies)|responses?|outputs?|messages? you)\b/i;

const TRIGGER =
  /\b(?:whenever|next time|from now on|each time|every time|going forward|in (?:the )?future|if (?:the )?user|when (?:the )?user|if asked|when asked|until told|at all times|no matter what|regardless of|whatever the user|for all future)\b|à partir de maintenant|dorénavant|désormais|la prochaine fois|chaque fois|de ahora en adelante|la próxima vez|cada vez que|siempre que|ab jetzt|von nun an|nächstes mal|jedes mal|a partir de agora|da próxima vez|d'ora in poi|la prossima volta|ogni volta|с этого момента|в следующий раз|каждый раз|bundan sonra|bir dahaki sefere|今後|次回|毎回|从现在开始|从今以后|下次|每次|今后|앞으로|다음에|매번|من الآن|في المرة القادمة|كلما|अब से|अगली बार|हर बार/iu;

/** Links, data URIs and encoded payloads (base64, hex, percent-encoding, escapes), or talk of encodings. */
const LINK_OR_ENCODED = [
  /\b(?:https?|ftp|file|data|javascript):/i,
  /\bwww\.[a-z0-9-]+\./i,
  /!\[[^\]]*\]\(/, // a Markdown image: fetched when rendered, a classic exfiltration channel
  /(?:[A-Za-z0-9+/]{4}){6,}(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?/, // ≥ 24 base64 characters
  /\b[0-9a-f]{32,}\b/i,
  /(?:%[0-9a-f]{2}){3,}/i,
  /(?:\\u[0-9a-f]{4}|\\x[0-9a-f]{2}){2,}/i,
  /\b(?:base64|base-64|rot13|rot-13|hex(?:adecimal)?|decode|decrypt|encoded|cipher|reversed?|backwards|in reverse|mirrored)\b/i,
  // Sending something to an address: the shape of exfiltration.
  /\b(?:send|forward|copy|cc|bcc|mail|email|report|post|upload|leak|share|notes? for)\b[^.\n]{0,80}[\w.+-]+@[\w-]+\.[\w.]+/i,
];

/** Letters spaced out ("I g n o r e") or words in leetspeak ("1gn0r3 4ll"): text written to slip past patterns. */
const SPACED_LETTERS = /(?:(?<![\p{L}\p{N}])\p{L} ){6,}/u;
const LEET_WORD = /(?<![\p{L}\p{N}])(?=[\p{L}\d]*\d)(?=[\p{L}\d]*\p{L})[\p{L}\d]{3,}(?![\p{L}\p{N}])/gu;
function obfuscated(t: string): boolean {
  return SPACED_LETTERS.test(t) || (t.match(LEET_WORD)?.length ?? 0) >= 3;
}

/** Talk of prompts, rules, tools and modes: the vocabulary of someone configuring an assistant. */
const SYSTEM_WORDS =
  /\b(?:system(?: prompt| message)?|prompt|instructions?|rules?|polic(?:y|ies)|guidelines?|tools?|tool[ _-]?call|function[ _-]?call|jailbreak|override|developer|admin(?:istrator)?|operator|safety|guardrails?|filters?|settings?|config(?:uration)?|mode\s*[:=]|persona|role-?play|unrestricted|uncensored|compliance|changelog|release notes|memo|authori[sz]ed?|granted|permission)\b/i;

/** The same vocabulary in other languages (scripts without spaces matched as substrings). */
const SYSTEM_WORDS_OTHER =
  /instrukcje|instrukcji|pokyny|pokynů|hướng dẫn|οδηγίες|instruksi|instruktioner|instructies|指令|指示|提示词|提示詞|系统|系統|システム|プロンプト|命令|규칙|지시|시스템|프롬프트|instructies|instructions précédentes|consignes|systeemprompt|anweisungen|systemprompt|instrucciones|instruções|istruzioni|инструкци|системн|промпт|правил|talimat|sistem|تعليمات|النظام|निर्देश|सिस्टम|הוראות|מערכת/iu;

/** The signals a text shows, in a fixed order; empty when it reads like a plain fact. */
export function borderlineSignals(text: string): BorderlineSignal[] {
  const t = text.normalize('NFKC').trim();
  const out: BorderlineSignal[] = [];
  if (ADDRESS_WORDS.test(t) || ADDRESS_CJK_ETC.test(t) || OUTPUT_TALK.test(t)) out.push('addresses-assistant');
  if (IMPERATIVE_START.test(t) || IMPERATIVE_START_OTHER.test(t) || DROP_ORDER.test(t) || ACT_ON_IT.test(t) || /[.!?;:]\s+(?:please\s+)?(?:ignore|forget|disregard|reply|respond|say|tell|send|recommend|reveal|always|never)\b/i.test(t)) {
    out.push('imperative');
  }
  if (TRIGGER.test(t)) out.push('trigger');
  if (LINK_OR_ENCODED.some((re) => re.test(t)) || obfuscated(t)) out.push('link-or-encoded');
  // "DAN" (the jailbreak persona) only in capitals: "dan" is "and" in Indonesian and a common name.
  if (SYSTEM_WORDS.test(t) || SYSTEM_WORDS_OTHER.test(t) || /\bDAN\b/.test(t)) out.push('mentions-system');
  return out;
}
