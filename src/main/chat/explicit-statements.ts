// Explicit memory statements in the person's own message: "remember that …", "forget that …", "from now
// on call me …", in the major languages the sanitizer covers (its lexicons: memory/facts/sanitize-injection-
// lexicon*.ts). Used when the chat model cannot call tools (issue 18 §2): the statement is caught here, without
// any model, and written through the FactWriter and so through sanitizeFact.
//
// One table, one row per language. Each pattern is anchored on a whole sentence of the message and captures
// what is to be remembered / forgotten / the name; verb-final languages (Japanese, Korean, Hindi, Turkish)
// put the verb after it. Only the imperative addressed to the assistant counts, never a report ("she told me
// to remember that…" does not start with the verb).

import { isStopword } from '../search/stopwords';

export type Statement =
  | { kind: 'remember'; text: string; lang: string }
  | { kind: 'forget'; text: string; lang: string }
  | { kind: 'call-me'; name: string; text: string; lang: string };

interface StatementRow {
  lang: string;
  remember: RegExp[];
  forget: RegExp[];
  callMe: RegExp[];
  /** The fact a "call me" statement becomes, in the language it was said in. */
  callMeFact: (name: string) => string;
}

// The captured group is always the first one. `u` flag throughout: the texts are any script.
const STATEMENTS: readonly StatementRow[] = [
  {
    lang: 'en',
    remember: [/^(?:please\s+|hey,?\s+)?(?:remember|keep in mind|don'?t forget|do not forget|make a note)(?:\s+that)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:please\s+)?forget(?:\s+that|\s+about(?:\s+the fact that)?)?\s*[:,]?\s+(.+)$/iu],
    callMe: [
      /^(?:from now on|going forward|henceforth|from today on)\s*,?\s+(?:please\s+)?call me\s+(.+)$/iu,
      /^(?:please\s+)?call me\s+(.+?)\s*,?\s+(?:from now on|going forward|henceforth|from today on)$/iu,
    ],
    callMeFact: (n) => `Wants to be called ${n}.`,
  },
  {
    lang: 'es',
    remember: [/^(?:por favor,?\s+)?(?:recuerda|recuerde|acuérdate de|acuerdate de|ten en cuenta|no olvides)(?:\s+que)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:por favor,?\s+)?(?:olvida|olvide|olvídate de|olvidate de)(?:\s+que)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:a partir de ahora|de ahora en adelante|desde ahora)\s*,?\s+(?:llámame|llamame|llámeme)\s+(.+)$/iu],
    callMeFact: (n) => `Quiere que le llamen ${n}.`,
  },
  {
    lang: 'fr',
    remember: [/^(?:s'il te plaît,?\s+|s'il vous plaît,?\s+)?(?:souviens-toi|rappelle-toi|retiens|retenez|n'oublie pas|n'oubliez pas|note)(?:\s+que|\s+qu'|\s+bien que)?\s*[:,]?\s*(.+)$/iu],
    forget: [/^(?:s'il te plaît,?\s+)?(?:oublie|oubliez)(?:\s+que|\s+qu')?\s*[:,]?\s*(.+)$/iu],
    callMe: [/^(?:à partir de maintenant|a partir de maintenant|désormais|dorénavant|dorenavant)\s*,?\s+(?:appelle-moi|appelez-moi)\s+(.+)$/iu],
    callMeFact: (n) => `Veut qu'on l'appelle ${n}.`,
  },
  {
    lang: 'de',
    remember: [/^(?:bitte\s+)?(?:merk dir|merke dir|merken sie sich|denk daran|denke daran|vergiss nicht|behalte im kopf)(?:\s*,?\s*dass)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:bitte\s+)?(?:vergiss|vergiß|vergessen sie)(?:\s*,?\s*dass)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:ab jetzt|von nun an|ab sofort|ab heute)\s*,?\s+(?:nenn mich|nenne mich|nennen sie mich)\s+(.+)$/iu],
    callMeFact: (n) => `Möchte ${n} genannt werden.`,
  },
  {
    lang: 'it',
    remember: [/^(?:per favore,?\s+)?(?:ricorda|ricordati|ricordi|tieni a mente|non dimenticare)(?:\s+che)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:per favore,?\s+)?(?:dimentica|dimenticati|dimentichi)(?:\s+che)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:d'ora in poi|da ora in poi|da adesso in poi|da oggi)\s*,?\s+(?:chiamami|mi chiami)\s+(.+)$/iu],
    callMeFact: (n) => `Vuole essere chiamato ${n}.`,
  },
  {
    lang: 'pt',
    remember: [/^(?:por favor,?\s+)?(?:lembre-se|lembra-te|lembre|lembra|não esqueça|nao esqueca|não se esqueça)(?:\s+de)?(?:\s+que)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:por favor,?\s+)?(?:esqueça|esqueca|esquece)(?:\s+que)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:a partir de agora|de agora em diante|daqui para frente|daqui pra frente)\s*,?\s+(?:me chame de|chame-me de|me chama de|me chame)\s+(.+)$/iu],
    callMeFact: (n) => `Quer ser chamado de ${n}.`,
  },
  {
    lang: 'nl',
    remember: [/^(?:alsjeblieft\s+)?(?:onthoud|vergeet niet)(?:\s*,?\s*dat)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:alsjeblieft\s+)?vergeet(?!\s+niet)(?:\s*,?\s*dat)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:vanaf nu|voortaan|vanaf vandaag)\s*,?\s+(?:noem me|noem mij)\s+(.+)$/iu],
    callMeFact: (n) => `Wil ${n} genoemd worden.`,
  },
  {
    lang: 'sv',
    remember: [/^(?:snälla\s+)?(?:kom ihåg|glöm inte)(?:\s+att)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:snälla\s+)?glöm(?!\s+inte)(?:\s+att)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:från och med nu|hädanefter|från och med idag)\s*,?\s+kalla mig\s+(.+)$/iu],
    callMeFact: (n) => `Vill bli kallad ${n}.`,
  },
  {
    lang: 'pl',
    remember: [/^(?:proszę,?\s+)?(?:zapamiętaj|pamiętaj|nie zapomnij)(?:\s*,?\s*że)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:proszę,?\s+)?zapomnij(?:\s+o tym)?(?:\s*,?\s*że)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:od teraz|od tej pory|odtąd|od dziś)\s*,?\s+(?:mów do mnie|nazywaj mnie)\s+(.+)$/iu],
    callMeFact: (n) => `Chce, żeby zwracać się do niego ${n}.`,
  },
  {
    lang: 'ru',
    remember: [/^(?:пожалуйста,?\s+)?(?:запомни|запомните|помни|не забудь|не забывай)(?:\s*,?\s*что)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:пожалуйста,?\s+)?(?:забудь|забудьте)(?:\s*,?\s*что)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:отныне|теперь|с этого момента|впредь|с сегодняшнего дня)\s*,?\s+(?:называй меня|зови меня|называйте меня)\s+(.+)$/iu],
    callMeFact: (n) => `Просит называть себя ${n}.`,
  },
  {
    lang: 'uk',
    remember: [/^(?:будь ласка,?\s+)?(?:запам['ʼ’]ятай|пам['ʼ’]ятай|не забудь)(?:\s*,?\s*що)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:будь ласка,?\s+)?забудь(?:\s*,?\s*що)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:відтепер|з цього моменту|тепер)\s*,?\s+(?:називай мене|клич мене)\s+(.+)$/iu],
    callMeFact: (n) => `Просить називати себе ${n}.`,
  },
  {
    lang: 'tr',
    remember: [/^(?:lütfen\s+)?(?:şunu\s+)?(?:hatırla|unutma|aklında tut|aklında bulundur)(?:\s+ki)?\s*[:,]\s*(.+)$/iu, /^(?:lütfen\s+)?(?:hatırla|aklında tut)\s+ki\s+(.+)$/iu],
    forget: [/^(?:lütfen\s+)?(?:şunu\s+)?unut\s*[:,]\s*(.+)$/iu],
    callMe: [/^(?:bundan sonra|artık|bugünden itibaren)\s*,?\s+bana\s+(.+?)\s+de(?:\s+lütfen)?$/iu],
    callMeFact: (n) => `Kendisine ${n} denmesini istiyor.`,
  },
  {
    lang: 'zh',
    remember: [/^(?:请|請)?(?:记住|記住|记得|記得|别忘了|別忘了)(?:一下)?[:：,，]?\s*(.+)$/u],
    forget: [/^(?:请|請)?(?:忘记|忘記|忘掉)(?:一下)?[:：,，]?\s*(.+)$/u],
    callMe: [/^(?:从现在起|從現在起|从现在开始|從現在開始|以后|以後|今后|今後)[,，]?\s*(?:请|請)?(?:叫我|称呼我|稱呼我)\s*(.+)$/u],
    callMeFact: (n) => `希望被称为${n}。`,
  },
  {
    lang: 'ja',
    remember: [
      /^(?:覚えて(?:おいて)?|おぼえて(?:おいて)?)(?:ください)?[:：、,]\s*(.+)$/u,
      /^(.+?)(?:ということ|って事|ってこと|こと)?を?(?:覚えて|おぼえて|記憶して)(?:おいて|て)?(?:ください|ね|ほしい)?$/u,
    ],
    forget: [/^(.+?)(?:ということ|こと)?を?忘れて(?:ください|ね)?$/u],
    callMe: [/^(?:これからは|今後は|今からは|これから|今後|今から)[、,]?\s*(?:私を|僕を|俺を|わたしを)?(.+?)と呼んで(?:ください|ね)?$/u],
    callMeFact: (n) => `${n}と呼ばれたい。`,
  },
  {
    lang: 'ko',
    remember: [
      /^기억해\s*(?:줘|주세요|둬|두세요)?\s*[:,]\s*(.+)$/u,
      /^(.+?)\s*(?:라는|다는|는|이라는)?\s*(?:것을|걸|사실을)\s*기억해\s*(?:줘|주세요|둬|두세요)?$/u,
    ],
    forget: [/^(.+?)\s*(?:라는|다는|는)?\s*(?:것을|걸|사실을)\s*잊어\s*(?:줘|주세요|버려)?$/u],
    callMe: [/^(?:앞으로|이제부터|지금부터)(?:는)?\s*(?:나를|저를)?\s*(.+?)(?:이?라고)\s*불러\s*(?:줘|주세요)?$/u],
    callMeFact: (n) => `${n}(이)라고 불리기를 원한다.`,
  },
  {
    lang: 'ar',
    remember: [/^(?:من فضلك\s+|رجاء\s+)?(?:تذكر|تذكّر|تذكري|لا تنس|لا تنسى|احفظ)(?:\s+(?:أن|ان|أنّ)(?=\s))?\s*[:،,]?\s*(.+)$/u],
    forget: [/^(?:من فضلك\s+)?(?:انس|إنس|انسى|انسَ)(?:\s+(?:أن|ان)(?=\s))?\s*[:،,]?\s*(.+)$/u],
    callMe: [/^(?:من الآن فصاعدا|من الآن فصاعدًا|من الآن|ابتداء من الآن)\s*[،,]?\s*(?:نادني|ناديني|سمني|ادعني)\s+(.+)$/u],
    callMeFact: (n) => `يريد أن يُنادى ${n}.`,
  },
  {
    lang: 'hi',
    remember: [/^(?:कृपया\s+)?(?:याद रखना|याद रखो|याद रखें|याद रखिए|ध्यान रखना|भूलना मत)(?:\s+कि)?\s*[:,]?\s*(.+)$/u],
    forget: [/^(?:कृपया\s+)?(?:भूल जाओ|भूल जाना|भूल जाइए|भूल जाएं)(?:\s+कि)?\s*[:,]?\s*(.+)$/u],
    callMe: [/^(?:अब से|आज से)\s+(?:मुझे\s+)?(.+?)\s+(?:कहना|कहो|कहिए|कहकर बुलाना|बुलाना|कहकर बुलाओ)$/u],
    callMeFact: (n) => `चाहते हैं कि उन्हें ${n} कहा जाए।`,
  },
  {
    lang: 'id',
    remember: [/^(?:tolong\s+)?(?:ingat|ingatlah|jangan lupa|catat)(?:\s+bahwa)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:tolong\s+)?(?:lupakan|lupakanlah)(?:\s+bahwa)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:mulai sekarang|mulai hari ini|mulai saat ini)\s*,?\s+panggil (?:aku|saya)\s+(.+)$/iu],
    callMeFact: (n) => `Ingin dipanggil ${n}.`,
  },
  {
    lang: 'vi',
    remember: [/^(?:hãy\s+)?(?:nhớ|ghi nhớ|đừng quên)(?:\s+rằng|\s+là)?\s*[:,]?\s+(.+)$/iu],
    forget: [/^(?:hãy\s+)?quên(?:\s+rằng|\s+chuyện|\s+việc|\s+là)?\s*[:,]?\s+(.+)$/iu],
    callMe: [/^(?:từ giờ|từ nay|từ bây giờ)(?:\s+trở đi)?\s*,?\s+(?:hãy\s+)?gọi (?:tôi|mình|em|anh)(?:\s+là)?\s+(.+)$/iu],
    callMeFact: (n) => `Muốn được gọi là ${n}.`,
  },
];

/** The languages the table covers (tests check it against the sanitizer's lexicons). */
export const STATEMENT_LANGUAGES: readonly string[] = STATEMENTS.map((r) => r.lang);

/** A name is a few words, not a paragraph: anything longer is not a "call me" statement. */
const MAX_NAME_CHARS = 60;
/** A captured fact must say something. */
const MIN_TEXT_CHARS = 2;

/** Sentence ends in the scripts covered: Latin/Cyrillic/Greek, CJK, Devanagari, Arabic. */
const SENTENCE_END = /(?<=[.!?。！？।؟])\s+|(?<=[。！？])|\n+/u;
const TRAILING = /[\s.!?。！？।؟,，、;；:："'“”«»]+$/u;
const LEADING = /^[\s"'“”«»„]+/u;

function tidy(text: string): string {
  return text.replace(LEADING, '').replace(TRAILING, '').trim();
}

/** Latin, Cyrillic and Greek facts start with a capital, as facts written by a model do. */
function capitalize(text: string): string {
  const first = text.charAt(0);
  return /\p{Ll}/u.test(first) ? first.toLocaleUpperCase() + text.slice(1) : text;
}

function matchOne(sentence: string): Statement | null {
  for (const row of STATEMENTS) {
    for (const re of row.callMe) {
      const m = re.exec(sentence);
      const name = m ? tidy(m[1]) : '';
      if (name && name.length <= MAX_NAME_CHARS) return { kind: 'call-me', name, text: row.callMeFact(name), lang: row.lang };
    }
    for (const re of row.remember) {
      const m = re.exec(sentence);
      const text = m ? tidy(m[1]) : '';
      if (text.length >= MIN_TEXT_CHARS) return { kind: 'remember', text: endSentence(capitalize(text), row.lang), lang: row.lang };
    }
    for (const re of row.forget) {
      const m = re.exec(sentence);
      const text = m ? tidy(m[1]) : '';
      if (text.length >= MIN_TEXT_CHARS) return { kind: 'forget', text, lang: row.lang };
    }
  }
  return null;
}

function endSentence(text: string, lang: string): string {
  if (lang === 'zh' || lang === 'ja') return `${text}。`;
  if (lang === 'hi') return `${text}।`;
  return `${text}.`;
}

/**
 * Every explicit statement in a message, in order: each sentence (or line) is tried on its own, so
 * "Remember that I'm vegetarian. Also, what should I cook?" catches the first sentence only.
 */
export function findStatements(message: string): Statement[] {
  const out: Statement[] = [];
  for (const raw of message.split(SENTENCE_END)) {
    // Trailing punctuation off, so patterns that end on the verb (Japanese, Korean, Turkish…) can anchor.
    const sentence = raw.trim().replace(TRAILING, '');
    if (!sentence) continue;
    // "Remember: …" on its own line followed by the fact on the next is one statement.
    const s = matchOne(sentence);
    if (s) out.push(s);
  }
  return out;
}

/** Lowercase, no punctuation, single spaces: how a "forget that …" is compared with the facts. */
export function comparable(text: string): string {
  return text
    .normalize('NFKC')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether a fact is what a "forget that <phrase>" means: it contains the phrase, or every word of it. */
export function factMatches(factText: string, phrase: string): boolean {
  const fact = comparable(factText);
  const p = comparable(phrase);
  if (!p) return false;
  if (fact.includes(p)) return true;
  // English function words carry no topic ("the cat Miso" is about the cat); other languages' short words
  // are dropped by length, and a phrase of function words only matches nothing.
  const words = p.split(' ').filter((w) => w.length >= 3 && !isStopword(w));
  return words.length > 0 && words.every((w) => fact.includes(w));
}
