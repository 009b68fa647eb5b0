/**
 * Secrets known by what the sentence says about them, not by their shape: a password in prose in any of
 * the languages people write notes in ("Das Passwort … lautet Hafenkran#19", "パスワードは sakura_2468"),
 * a multi-word passphrase or wallet seed phrase after its label, a list of 2FA backup codes, a PIN. Their
 * values are ordinary words and digits, so only the label in front of them can tell.
 */
import { isCodeReference, isPlaceholderValue, looksLikeKeyedSecret } from './sanitize-secret-shapes';
import { allMatches } from './sanitize-regex-scan';

export interface ContextSpan {
  start: number;
  end: number;
  kind: string;
}

const SENTENCE_STOP = String.raw`[^.!?。！？\n]`;
/**
 * Word edges for labels: only scripts that put spaces between words have them ("Passwort", "пароль");
 * Japanese, Chinese or Thai labels sit between other letters ("楽天のパスワードは").
 */
const LABEL_START = String.raw`(?<![\p{sc=Latin}\p{sc=Cyrillic}\p{sc=Greek}\p{N}_])`;
const LABEL_END = String.raw`(?![\p{sc=Latin}\p{sc=Cyrillic}\p{sc=Greek}\p{N}_])`;

/** "Password" in the languages the app is used in (lowercase; matched case-insensitively). */
const PASSWORD_WORD = [
  String.raw`pass(?:word|wd|code)`,
  'pwd',
  'passwort',
  'kennwort',
  String.raw`contrase(?:ñ|n)a`,
  'senha',
  String.raw`mot\s+de\s+passe`,
  'wachtwoord',
  String.raw`has(?:ł|l)(?:o|a|em)|ha(?:ś|s)le`,
  'heslo',
  'parola',
  String.raw`l(?:ö|o)senord`,
  'adgangskode',
  'passord',
  'salasana',
  String.raw`jelsz(?:ó|o)`,
  String.raw`m(?:ậ|a)t\s+kh(?:ẩ|a)u`,
  String.raw`kata\s+(?:sandi|laluan)`,
  // Turkish glues the possessive on: şifre, şifrem, şifresi, şifreniz; parola, parolası.
  String.raw`(?:ş|s)ifre(?:[mn]|si|niz|miz|ler(?:i|im)?)?`,
  String.raw`parola(?:[mn]|s(?:ı|i)|n(?:ı|i)z|m(?:ı|i)z)`,
  String.raw`парол[ьяем]`,
  '密码',
  '密碼',
  '口令',
  'パスワード',
  '暗証番号',
  '비밀번호',
  '암호',
  String.raw`كلمة\s+(?:ال)?(?:مرور|سر)`,
  String.raw`رمز\s+(?:عبور|ورود)`,
  'סיסמ[הא]',
  'पासवर्ड',
  'รหัสผ่าน',
  String.raw`κωδικ(?:ό|ο)ς`,
  String.raw`neno\s+la\s+siri`,
  'nenosiri',
  String.raw`پاس\s?ورڈ`,
  'گذرواژه',
  'পাসওয়ার্ড',
  String.raw`wi-?fi[\s-]+(?:key|schl(?:ü|u)ssel)`,
  String.raw`wlan-?schl(?:ü|u)ssel`,
  String.raw`network\s+key`,
].join('|');

/** "is", ":" and their kin, between a label and its value. */
const COPULA = String.raw`(?:\s*[:=：]|\s*(?:->|=>|→|—|–)|\s+(?:is|was|will\s+be|are|lautet|ist|es|est|era|é|è|jest|je|är|er|on|это|ni|adalah|ialah|olarak|είναι|là|hai|है|คือ|است|היא|הוא|هي|هو)(?![\p{L}\p{N}])|\s*(?:是|為|为|は|가|이|는|은|คือ))[ \t]*[:：]?`;

/** Label, then at most a few words in the same sentence ("for the council tax portal"), then the copula. */
const PASSWORD_PROSE = new RegExp(
  String.raw`${LABEL_START}(?:${PASSWORD_WORD})${LABEL_END}(${SENTENCE_STOP}{0,60}?)${COPULA}\s*["'\u00ab\u201c\u300c\x60]?`,
  'giu',
);
/**
 * The label right before its value, with no copula: "network Casa_Lopez, password Gatito2019!"; or with
 * "my" written after it, as Indonesian, Persian, Swahili and Thai do ("kata sandi saya Bunga82",
 * "رمز عبور من Aftab82 است").
 */
const POSSESSIVE_AFTER = String.raw`(?:[ \t]*(?:saya|aku|kami|من|ما|langu|yangu|wangu|ของฉัน|ของผม|ของเรา))?`;
const PASSWORD_BARE = new RegExp(String.raw`${LABEL_START}(?:${PASSWORD_WORD})${POSSESSIVE_AFTER}[ \t]+(?=[^\s]*[0-9])`, 'giu');
/** Polish says "X is Y" as "X to Y": only after its own label, where the English "to" cannot be meant. */
const PASSWORD_TO = new RegExp(String.raw`${LABEL_START}has(?:ł|l)o${LABEL_END}(?:${SENTENCE_STOP}{0,40}?)\s+to\s+`, 'giu');

/** The value starts here: a run without spaces, its closing punctuation left out. */
const VALUE = /[^\s"'\u00bb\u201d\u300d\x60]{4,128}/y;
const TRAILING_PUNCTUATION = /[.,;:)\]}。、，]+$/u;

function valueAt(text: string, index: number): { start: number; end: number; value: string } | null {
  VALUE.lastIndex = index;
  const m = VALUE.exec(text);
  if (!m) return null;
  const value = m[0].replace(TRAILING_PUNCTUATION, '');
  return value.length >= 4 ? { start: index, end: index + value.length, value } : null;
}

/** A password worth redacting: letters with digits or symbols, not a template, a name in code or a word. */
function looksLikePassword(value: string, strict: boolean): boolean {
  if (isPlaceholderValue(value) || isCodeReference(value) || /password|passwort/i.test(value)) return false;
  const letters = /\p{L}/u.test(value);
  const digits = /[0-9]/.test(value);
  const symbols = /[^\p{L}\p{N}]/u.test(value);
  // Right after its label with no verb ("Şifrem 4815162342", "password Gatito2019!"): letters with digits,
  // or a long run of digits (a year or a short number is more likely a date or a count).
  if (strict) return value.length >= 6 && ((letters && digits) || /^\d{6,}$/.test(value));
  return (letters && (digits || symbols)) || (digits && value.length >= 6 && !/^(?:19|20)\d\d$/.test(value));
}

function collectPasswords(text: string, out: ContextSpan[]): void {
  for (const m of allMatches(PASSWORD_PROSE, text)) {
    // Words between label and copula are allowed only if they do not start a new clause ("is stored in").
    if (/\b(?:is|was|are|und|and|y|et|e)\s/i.test(m[1])) continue;
    const v = valueAt(text, m.index + m[0].length);
    if (v && looksLikePassword(v.value, false)) out.push({ start: v.start, end: v.end, kind: 'password' });
  }
  for (const m of allMatches(PASSWORD_BARE, text)) {
    const v = valueAt(text, m.index + m[0].length);
    if (v && looksLikePassword(v.value, true)) out.push({ start: v.start, end: v.end, kind: 'password' });
  }
  for (const m of allMatches(PASSWORD_TO, text)) {
    const v = valueAt(text, m.index + m[0].length);
    if (v && looksLikePassword(v.value, false)) out.push({ start: v.start, end: v.end, kind: 'password' });
  }
  // Wi-Fi QR payloads: WIFI:T:WPA;S:<ssid>;P:<password>;;
  for (const m of allMatches(/WIFI:(?:[^;\n]{0,200};){0,4}?P:((?:\\.|[^;\\\n]){1,128});/dg, text)) {
    const [start, end] = m.indices![1];
    out.push({ start, end, kind: 'password' });
  }
}

/**
 * A passphrase or a wallet's seed phrase after its label: several plain words, so the value runs to the end
 * of the clause (a passphrase) or over a run of 12–24 lowercase words (a BIP-39 seed, which may wrap).
 */
const PHRASE_LABEL = new RegExp(
  String.raw`(?<![\p{L}])(?:pass\s*phrase|master\s+(?:password|key)|(?:recovery|seed|secret|backup|mnemonic|wallet)\s+(?:phrase|words|sentence)|mnemonic|seed|\d{2}\s+(?:words|palabras|wörter|mots|parole|palavras|słów|слов)|(?:palabras|wörter|mots|parole|palavras|słowa|слова|助记词|单词)(?![\p{L}]))(?:${SENTENCE_STOP}){0,60}?(?:[:：]|\s(?:son|are|sind|sont|sono|são|is)(?![\p{L}])[ \t]*[:：]?)[ \t]*\n?[ \t]*`,
  'giu',
);
const SEED_RUN = /(?:[a-z]{3,8}[ \t\n]+){11,23}[a-z]{3,8}(?![\p{L}])/uy;
const PASSPHRASE_VALUE = /[^\n.;!?]{6,200}/y;

function collectPhrases(text: string, out: ContextSpan[]): void {
  for (const m of allMatches(PHRASE_LABEL, text)) {
    const at = m.index + m[0].length;
    SEED_RUN.lastIndex = at;
    const seed = SEED_RUN.exec(text);
    if (seed) {
      out.push({ start: at, end: at + seed[0].length, kind: 'seed-phrase' });
      continue;
    }
    if (!/pass\s*phrase|master/i.test(m[0])) continue;
    PASSPHRASE_VALUE.lastIndex = at;
    const phrase = PASSPHRASE_VALUE.exec(text);
    const value = phrase?.[0].trimEnd() ?? '';
    if (value.split(/\s+/).length >= 2 && !isPlaceholderValue(value)) out.push({ start: at, end: at + value.length, kind: 'passphrase' });
  }
}

/**
 * Lists of one-time codes after their label ("GitHub recovery codes:\n9eaca-4da7f\n…", "backup codes: 7432
 * 6581, 5533 7091"), a numeric network key ("WLAN-Schlüssel: 4471 0938 2265 1174") and PINs, including a
 * second PIN later in the same sentence ("El PIN … es 6021, y el de la alarma 1193").
 */
const CODE_LABEL = new RegExp(
  String.raw`(?<![\p{L}])(?:(?:recovery|backup|scratch|emergency|one-time|2fa|mfa|otp|verification|security|access|door|gate|alarm|safe|lock|unlock|login|sms|reset|bank)\s+codes?|codes?\s+(?:de\s+)?(?:secours|récupération|recuperación|respaldo|backup|recupero|recuperação)|(?:backup|wiederherstellungs)-?codes?|c(?:ó|o)digos?\s+de\s+(?:respaldo|recuperación|seguridad)|wlan-?schl(?:ü|u)ssel|wi-?fi\s+(?:key|password|code)|network\s+key)(?:${SENTENCE_STOP}){0,60}?[:：]`,
  'giu',
);
const CODE_TOKEN = /[ \t]*(?:[,;][ \t]*)?\n?[ \t]*(?:[-*•][ \t]+)?((?=[0-9a-z-]*[0-9])[0-9a-f]{3,12}(?:[- ][0-9a-f]{3,12}){0,3})(?![0-9A-Za-z])/iy;
const PIN_SENTENCE = new RegExp(String.raw`(?<![\p{L}])(?:pin|pin-?code|pin-?nummer|geheimzahl|código\s+pin|code\s+pin)(?![\p{L}])(${SENTENCE_STOP}{0,160})`, 'giu');
const STANDALONE_NUMBER = /(?<![\p{L}\p{N}.,:/+-])\d{4,8}(?![\p{L}\p{N}]|[.,:/]\d)/gu;

function collectCodes(text: string, out: ContextSpan[]): void {
  for (const m of allMatches(CODE_LABEL, text)) {
    let at = m.index + m[0].length;
    for (let n = 0; n < 64; n++) {
      CODE_TOKEN.lastIndex = at;
      const t = CODE_TOKEN.exec(text);
      if (!t) break;
      const start = at + t[0].length - t[1].length;
      out.push({ start, end: start + t[1].length, kind: 'one-time-code' });
      at += t[0].length;
    }
  }
  for (const m of allMatches(PIN_SENTENCE, text)) {
    const base = m.index + m[0].length - m[1].length;
    for (const n of allMatches(STANDALONE_NUMBER, m[1])) out.push({ start: base + n.index, end: base + n.index + n[0].length, kind: 'pin' });
  }
}

/**
 * An API key or token named in the languages the app is used in ("Der API-Schlüssel ist 7f3k…", "La clé
 * API est …", "トークンは …"); English has its own rule beside the assignments. The value must look like
 * a key: "la clé est sous le paillasson" is about a door.
 */
const KEY_WORD = [
  'token',
  'jeton',
  'токен',
  String.raw`api[- ]?(?:schl(?:ü|u)ssel|key|キー|키|密钥|密鑰)`,
  String.raw`schl(?:ü|u)ssel`,
  String.raw`cl(?:é|e)(?:\s+(?:d['’]api|api|secr(?:è|e)te))?`,
  String.raw`clave(?:\s+(?:de\s+(?:la\s+)?)?api)?`,
  String.raw`chiave(?:\s+api)?`,
  String.raw`chave(?:\s+(?:da\s+)?api)?`,
  'sleutel',
  String.raw`klucz(?:\s+api)?`,
  String.raw`ключ(?:\s+api)?`,
  'トークン',
  '令牌',
  '密钥',
  '토큰',
  String.raw`anahtar(?:ı|i)?`,
].join('|');
const KEY_PROSE = new RegExp(String.raw`${LABEL_START}(?:${KEY_WORD})${LABEL_END}(${SENTENCE_STOP}{0,40}?)${COPULA}\s*["'\u00ab\u201c\u300c\x60]?`, 'giu');

function collectKeys(text: string, out: ContextSpan[]): void {
  for (const m of allMatches(KEY_PROSE, text)) {
    if (/\b(?:is|was|are|und|and|y|et|e)\s/i.test(m[1])) continue;
    const v = valueAt(text, m.index + m[0].length);
    if (v && v.value.length >= 8 && looksLikeKeyedSecret(v.value)) out.push({ start: v.start, end: v.end, kind: 'secret' });
  }
}

/** Every secret that its sentence announces. */
export function findContextSecrets(text: string): ContextSpan[] {
  const out: ContextSpan[] = [];
  collectPasswords(text, out);
  collectKeys(text, out);
  collectPhrases(text, out);
  collectCodes(text, out);
  return out;
}
