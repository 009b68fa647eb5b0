// Which facts the memory model is asked about (memory.factCheck = "borderline"): those showing a signal
// that they may be addressed to an assistant rather than say something about the person. This is not a
// detector: it decides where a model call is worth its cost, so it leans towards asking. A fact the way
// agents write them ("User lives in Porto", "Prefers short answers") shows none of these.

export type BorderlineSignal = 'addresses-assistant' | 'imperative' | 'trigger' | 'link-or-encoded' | 'mentions-system';

/** Second-person address and words for an assistant/AI/model, in the languages people write facts in. */
const ADDRESS_WORDS =
  /(?<![\p{L}\p{N}])(?:you|your|yours|yourself|assistant|ai|a\.i\.|chatbot|bot|model|llm|gpt|chatgpt|claude|gemini|copilot|agent|vous|votre|vos|tu|toi|ton|tes|assistente|asistente|usted|ustedes|você|vocês|voi|jij|jouw|jullie|dich|dir|dein|deine|ki|ia|ты|вы|тебя|тебе|вас|вам|твой|ваш|ассистент|помощник|ии|ty|ciebie|sen|siz|sana|size|asistan|yapay zeka)(?![\p{L}\p{N}])/iu;
/** Scripts without spaces between words: matched as substrings. */
const ADDRESS_CJK_ETC = /あなた|君|きみ|アシスタント|你|您|助手|人工智能|당신|너는|너의|어시스턴트|أنت|انت|أنتم|لك|مساعد|الذكاء الاصطناعي|आप|तुम|तू|सहायक|אתה|את |עוזר/u;

/** Base-form verbs that open an order (a fact written by an agent starts with a third-person verb or a noun). */
const IMPERATIVE_START =
  /^(?:(?:please|pls|kindly|always|never|just|now|then|also|and)\s+)*(?:ignore|forget|disregard|override|bypass|say|tell|reply|respond|answer|write|send|email|forward|call|run|execute|invoke|open|visit|click|fetch|browse|recommend|suggest|promote|endorse|include|insert|append|add|use|output|print|reveal|leak|share|show|display|translate|decode|decrypt|act|pretend|roleplay|role-play|behave|follow|obey|comply|remember|make|ensure|do|don't|dont|stop|start|switch|enable|disable|set|update|delete|remove|post|upload|download|mention|refer|redirect|provide|give|list|repeat|summarize|treat|consider|assume|keep|put|type|answer|note|append|exfiltrate|transfer|pay)\b/i;
/** The same, for a few more languages (verbs in the imperative mood, or an order opened by always/never). */
const IMPERATIVE_START_OTHER =
  /^(?:s'il (?:te|vous) plaît\s+|por favor\s+|bitte\s+|per favore\s+|пожалуйста\s+)?(?:ignore[zs]?|oublie[zs]?|réponds|répondez|dis|dites|envoie[zs]?|recommande[zs]?|toujours|jamais|ignora|olvida|responde|di|envía|recomienda|siempre|nunca|ignoriere|vergiss|antworte|sag|sende|empfiehl|immer|niemals|esqueça|responda|diga|envie|recomende|sempre|nunca|dimentica|rispondi|invia|raccomanda|игнорируй|забудь|ответь|отвечай|скажи|отправь|рекомендуй|всегда|никогда)(?![\p{L}])/iu;

/** Conditions and persistence: an order meant to fire later or to last. */
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
  /\b(?:base64|base-64|rot13|rot-13|hex(?:adecimal)?|decode|decrypt|encoded|cipher|reversed?)\b/i,
];

/** Talk of prompts, rules, tools and modes: the vocabulary of someone configuring an assistant. */
const SYSTEM_WORDS =
  /\b(?:system(?: prompt| message)?|prompt|instructions?|rules?|polic(?:y|ies)|guidelines?|tools?|tool[ _-]?call|function[ _-]?call|jailbreak|override|developer|admin(?:istrator)?|operator|safety|guardrails?|filters?|settings?|config(?:uration)?|mode\s*[:=]|persona|role-?play|dan|unrestricted|uncensored|authori[sz]ed?|granted|permission)\b/i;

/** The signals a text shows, in a fixed order; empty when it reads like a plain fact. */
export function borderlineSignals(text: string): BorderlineSignal[] {
  const t = text.normalize('NFKC').trim();
  const out: BorderlineSignal[] = [];
  if (ADDRESS_WORDS.test(t) || ADDRESS_CJK_ETC.test(t)) out.push('addresses-assistant');
  if (IMPERATIVE_START.test(t) || IMPERATIVE_START_OTHER.test(t) || /[.!?;:]\s+(?:please\s+)?(?:ignore|forget|disregard|reply|respond|say|tell|send|recommend|reveal|always|never)\b/i.test(t)) {
    out.push('imperative');
  }
  if (TRIGGER.test(t)) out.push('trigger');
  if (LINK_OR_ENCODED.some((re) => re.test(t))) out.push('link-or-encoded');
  if (SYSTEM_WORDS.test(t)) out.push('mentions-system');
  return out;
}
