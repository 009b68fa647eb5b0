// The shape of one language's word table for the injection detector (issue 14 §3). It lives apart from
// the tables so that the regional files (sanitize-injection-lexicon-*.ts) and the file that combines them
// (sanitize-injection-lexicon.ts) all import it from here, with no circle between them (issue 28 §2).
// How to write an entry is described at the top of sanitize-injection-lexicon.ts.

export interface Lexicon {
  /** ISO 639-1 code. */
  lang: string;
  /** The script the language is written in; a text without it skips the language. */
  script: RegExp;
  /** 'unspaced' scripts (Chinese, Japanese, Thai) have no word boundaries to check. */
  spacing: 'spaced' | 'unspaced';
  /**
   * Where an imperative stands: 'first' (the order opens its clause: Romance, Germanic, Slavic, Greek,
   * Arabic, Hebrew, Vietnamese, Indonesian, Swahili, Chinese, Thai) or 'last' (verb-final: Turkish,
   * Hindi, Bengali, Urdu, Persian, Japanese, Korean). In 'first' languages an order verb counts only at the
   * start of a clause, which is what tells Spanish "responde" (answer!) from "el usuario responde".
   */
  verbs: 'first' | 'last';
  /** Particles written onto the next word (Arabic و ف ب ل ك ال, Hebrew ו ה ב ל מ ש כ), as a regex. */
  proclitics?: string;
  /**
   * An order verb directly followed by the user as subject is a past-tense statement in a verb-first
   * language whose imperative looks like its past (Arabic تجاهل المستخدم "the user ignored").
   */
  subjectFollows?: boolean;

  /** The assistant named: assistant, AI, model, bot. */
  ai: string;
  /** The reader addressed: you, your. */
  you: string;
  /** Must, should, may, is allowed to. */
  modal: string;
  /** Orders to the assistant about its answers or actions: tell, answer, write, add, send, show, ask, call… */
  order: string;
  /** Ignore, forget, disregard, bypass, stop following. */
  override: string;
  /** Instructions, rules, guidelines, policies, restrictions, filters, safeguards. */
  policy: string;
  /** Qualifiers that point at the model's own rules: previous, all, your, system, safety, original. */
  prior: string;
  /** The system prompt, system message, hidden instructions. */
  systemPrompt: string;
  /** Reveal, show, print, output, disclose. */
  reveal: string;
  /** From now on, henceforth, in every future conversation, after every answer, next time. */
  persist: string;
  /** Whenever, every time, when the user …, if the user asks. */
  condition: string;
  /** Whatever the user asks, no matter what, regardless. */
  whatever: string;
  /** In every answer, in each reply, at the end of every answer. */
  every: string;
  /** Recommend, suggest, advise, promote (as orders). */
  promote: string;
  /** Competitors, other brands, other banks. */
  rivals: string;
  /** Send, forward, upload, attach, append (as orders). */
  send: string;
  /** What gets sent: chat history, conversations, data, passwords, memories, saved facts. */
  data: string;
  /** Labels that claim authority: system message, developer note, admin notice, compliance notice, changelog. */
  label: string;
  /** "As the administrator", "from the security team": authority claimed inside a sentence (sanitize-injection-lexicon-claims.ts). */
  claim?: string;
  /** Has authorised, has permitted, consented, granted. */
  grant: string;
  /** The user. */
  user: string;
  /** Disabled, suspended, lifted, void, no longer apply (said of rules). */
  disabled: string;
  /** Play the role of, pretend to be, act as. */
  roleplay: string;
  /** Without rules, with no restrictions, uncensored. */
  unbound: string;
  /** Run, execute, call, invoke (as orders). */
  run: string;
  /** Tool, function, command, script. */
  tool: string;
  /** Decode, decipher, read backwards. */
  decode: string;
  /** Obey, follow, comply, carry out. */
  obey: string;
  /** All, every, everything. */
  all: string;
  /**
   * Softeners, negations and conjunctions that may stand between a clause start and its order: please,
   * always, never, don't, and ("…, y dile").
   */
  soft: string;
}
