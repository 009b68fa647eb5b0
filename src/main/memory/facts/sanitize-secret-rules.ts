/**
 * The rule tables of secret redaction (sanitize-secrets.ts): what a secret looks like in a URL, in an
 * assignment or a sentence, near a secret word, or by its shape alone; and the public material (public
 * keys, integrity hashes, plain URLs) those rules must leave alone. Tables only: how their matches become
 * spans and merge is sanitize-secret-spans.ts, the order they run in is redactSecrets.
 */
import { VENDOR_PREFIX_RULE, type RedactionKind, type SecretRule as Rule } from './sanitize-secret-providers';
import { isPlaceholderValue, isStructuredIdentifier, looksLikeKeyedSecret, looksLikePasswordValue, looksRandomStrict, shannonEntropy } from './sanitize-secret-shapes';
import { allMatches } from './sanitize-regex-scan';

/** "scheme://user:password@host": redact only the password, keep user and host. */
export const URL_RULES: Rule[] = [
  {
    kind: 'url-credentials',
    // Passwords may hold "#" and "?" (a browser would cut there, a database driver does not).
    pattern: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:\/?#@"'<>]{0,256}:([^\s\/@"'<>]{1,256})@(?=[A-Za-z0-9\[])/dg,
    group: 1,
    accept: (s) => !isPlaceholderValue(s),
  },
  {
    // A bare token as userinfo ("https://<token>@host").
    kind: 'url-credentials',
    pattern: /:\/\/([A-Za-z0-9_~%.-]{16,256})@(?=[A-Za-z0-9\[])/dg,
    group: 1,
    accept: (s) => looksLikeKeyedSecret(s),
  },
  {
    // A token as the user half of userinfo: "https://<token>:x-oauth-basic@github.com/…" (the password half
    // is a fixed word there, the token is the credential).
    kind: 'url-credentials',
    pattern: /:\/\/([A-Za-z0-9_~%.-]{20,256}):[^\s:\/@"'<>]{0,64}@(?=[A-Za-z0-9\[])/dg,
    group: 1,
    accept: (s) => looksLikeKeyedSecret(s) || /^[0-9a-f]{32,}$/i.test(s),
  },
  {
    // curl -u user:password, wget --password=…, the userinfo of a command line.
    kind: 'password',
    pattern: /(?<![\w-])(?:-u|--user)[ =]+["']?[^\s:"']{1,64}:([^\s"']{1,256})/dg,
    group: 1,
    accept: (s) => !isPlaceholderValue(s) && !isPlaceholderValue(s.replace(/^\$/, '')),
  },
  {
    kind: 'url-token',
    pattern:
      /[?&#](?:access_token|refresh_token|id_token|token|api_key|apikey|api-key|key|secret|client_secret|password|passwd|pwd|sig|signature|auth|x-amz-signature|x-amz-credential|x-amz-security-token)=([^&#\s"'<>]{8,})/dgi,
    group: 1,
    accept: (s) => looksLikeKeyedSecret(decodeURIComponentSafe(s)),
  },
];

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s; // malformed %-escape: judge the raw text
  }
}

const PASSWORD_WORD = String.raw`(?:pass(?:word|wd|phrase|code)|pwd|passwort|contrase(?:ñ|n)a|senha|mot\s+de\s+passe|wachtwoord)`;
/** "SMTP_PASS", "db.pass": a bare "pass" is a password only as a part of a setting's name (see passIsName). */
const BARE_PASS = String.raw`pass(?![a-z])`;
const SECRET_WORDS = String.raw`(?:${PASSWORD_WORD}|${BARE_PASS}|secret|token|api[_.-]?key|apikey|access[_.-]?key|auth[_.-]?key|client[_.-]?secret|private[ _.-]?key|secret[_.-]?key|credentials?|session[_.-]?(?:id|key|token)|cookie|key)`;

/** A suffix that turns a secret's label into the label of something public: its id, name, path, length… */
const NAME_SUFFIX =
  /(?:^|[_.-])(?:ids?|names?|refs?|path|file|url|uri|type|length|len|size|count|version|format|header|field|env|var|hint|prefix|suffix|alias|label|expir\w*|created|rotated|provider|store|vault|min|max|ttl|timeout|age|days|hours|minutes|seconds|secs?|ms|rounds|cost|iterations|attempts|retries|limit|policy|rules?|strength|complexity|history|enabled|required|reset|salt_?rounds|algorithm|algo|hash(?:er|ing)?|mode)$/i;

/** "SMTP_PASS", "DB_PASS", "mail.pass": "pass" glued to a name. A free-standing "pass: true" or "bypass" is not. */
function passIsName(text: string, index: number, keyword: string): boolean {
  if (keyword.toLowerCase() !== 'pass') return true;
  return index > 0 && /[_.-]/.test(text[index - 1]);
}

function kindForKeyword(keyword: string): RedactionKind {
  const k = keyword.toLowerCase();
  if (k === 'pass' || new RegExp(`^${PASSWORD_WORD}`, 'i').test(k)) return 'password';
  if (/token|session|cookie/.test(k)) return 'token';
  if (/api|access|auth/.test(k)) return 'api-key';
  return 'secret';
}

/** The part of a name before its keyword ("MIN_" in "MIN_PASSWORD"), at most 40 characters back. */
function nameBefore(text: string, index: number): string {
  let start = index;
  while (start > 0 && index - start < 40 && /[A-Za-z0-9_.-]/.test(text[start - 1])) start--;
  return text.slice(start, index);
}
const SETTING_PREFIX = /(?:^|[_.-])(?:min|max|minimum|maximum|default|reset|salt|hash(?:ed)?)[_.-]?$/i;

/**
 * The keyword must start an identifier part: after a non-letter ("DB_PASSWORD", "x-api-key") or at a
 * camelCase hump ("dbPassword"). That keeps "bypass: true" and "passenger: Ann" out.
 */
function keywordStartsWord(text: string, index: number, keyword: string): boolean {
  if (index === 0) return true;
  const before = text[index - 1];
  if (!/[A-Za-z]/.test(before)) return true;
  if (/[a-z]/.test(before) && /[A-Z]/.test(text[index])) return true;
  // All-caps environment names glue words together: PGPASSWORD, MYSQLPWD.
  return /[A-Z]/.test(before) && keyword === keyword.toUpperCase();
}

export const ASSIGNMENT_RULES: Rule[] = [
  {
    // key = value, key: value, "key": "value", key => value. The suffix after the keyword is bounded so a
    // long identifier cannot make the scan quadratic.
    kind: (m) => kindForKeyword(m[1]),
    pattern: new RegExp(
      String.raw`(${SECRET_WORDS})((?:[_.-][A-Za-z0-9]{1,16}){0,3})["']?\s{0,4}(?::=|=>|=|:)[ \t]{0,4}["'\x60]?((?:[^\s"'\x60,;<>&]|&(?![\w.-]{1,40}=)){1,1024})`,
      'dgi',
    ),
    group: 3,
    accept: (value, m, text) => {
      if (!keywordStartsWord(text, m.index, m[1]) || !passIsName(text, m.index, m[1]) || NAME_SUFFIX.test(m[2])) return false;
      // "MIN_PASSWORD=12", "MAX_TOKEN = 4096": a bound on a secret, not the secret.
      if (SETTING_PREFIX.test(nameBefore(text, m.index))) return false;
      // "public key: age1…", "publicKey=": the public half of a key pair is published by design.
      if (/pub(?:lic)?[ _-]?$/i.test(text.slice(Math.max(0, m.index - 8), m.index))) return false;
      return kindForKeyword(m[1]) === 'password' ? looksLikePasswordValue(value) : looksLikeKeyedSecret(value);
    },
  },
  {
    // A quoted password may hold spaces: ADMIN_PASSWORD='Blue Whale 77', "correct horse battery staple".
    // Taken whole whenever its first word would pass as a password on its own (otherwise the rule above
    // redacts that word and leaves the rest); short plain words in quotes ("ask Tom") are a remark.
    kind: 'password',
    pattern: new RegExp(String.raw`(${PASSWORD_WORD}|${BARE_PASS})((?:[_.-][A-Za-z0-9]{1,16}){0,3})["']?[ \t]{0,4}(?::=|=>|=|:)[ \t]{0,4}(["'])([^"'\n]{4,128}?)\3`, 'dgi'),
    group: 4,
    accept: (value, m, text) =>
      /\s/.test(value) && keywordStartsWord(text, m.index, m[1]) && passIsName(text, m.index, m[1]) && !NAME_SUFFIX.test(m[2]) && looksLikePasswordValue(value) && !/^\s|\s$/.test(value) && (/[0-9]|[^\p{L}\s]/u.test(value) || looksLikePasswordValue(value.split(/\s+/)[0])),
  },
  {
    // Prose: "the wifi password is Tangerine42". Plain words stay ("password is stored in 1Password").
    kind: 'password',
    pattern: new RegExp(
      String.raw`\b${PASSWORD_WORD}\s+(?:is|was|will\s+be|=)\s+["'\x60]?([^\s"'\x60]{4,128}?)["'\x60]?(?=[\s,;)]|[.!?](?:\s|$)|$)`,
      'dgi',
    ),
    group: 1,
    accept: (value) =>
      !isPlaceholderValue(value) && /[0-9]/.test(value) && /[A-Za-z]/.test(value) && !/password/i.test(value),
  },
  {
    // Prose for keys and tokens: "the Mailgun key is 8c1f…", "auth token = AbC…". Words never pass the
    // keyed-secret test, so "the key is simplicity" stays.
    kind: 'secret',
    pattern:
      /\b(?:api[ _-]?key|key|token|secret|auth\s+token|access\s+token|access\s+key|client\s+secret|credential|licen[cs]e\s+key|personal\s+access\s+token)\s+(?:is|was|will\s+be|=|->|=>|\u2192)\s+["'\x60]?([^\s"'\x60]{8,256}?)["'\x60]?(?=[\s,;)]|[.!?](?:\s|$)|$)/dgi,
    group: 1,
    accept: (value) => looksLikeKeyedSecret(value),
  },
  {
    kind: 'pin',
    pattern: /\b(?:pin|pin\s+code|pin\s+number)(?:\s*[:=]\s*|\s+(?:is|was)\s+)(\d{4,8})\b/dgi,
    group: 1,
  },
  {
    kind: 'bearer-token',
    pattern: /\bauthorization["']?\s*[:=]\s*["']?(?:bearer|basic|token|bot|digest|apikey)?\s*([A-Za-z0-9._~+\/-]{8,}={0,2})/dgi,
    group: 1,
    accept: (value) => !isPlaceholderValue(value) && !/^(?:bearer|basic|token|header)$/i.test(value),
  },
  {
    kind: 'bearer-token',
    pattern: /\bbearer\s+([A-Za-z0-9._~+\/-]{16,}={0,2})/dgi,
    group: 1,
    accept: (value) => looksLikeKeyedSecret(value),
  },
];

/** Words that say a secret follows, in prose as much as in config ("the Twilio auth token is …"). */
export const SECRET_NOUN =
  /\b(?:api[ _-]?keys?|keys?|tokens?|secrets?|pass(?:word|phrase|code)s?|credentials?|auth|bearer|pat|license|licen[cs]e[ _-]?keys?|signing|webhook|clave|chave|schl(?:ü|u)ssel|cl(?:é|e)|chiave|sleutel|klucz|anahtar|ключ|токен|пароль|密钥|令牌|密码|キー|トークン|パスワード|키|토큰|비밀번호|مفتاح|رمز|कुंजी|टोकन)/iu;

/** A sentence ends here: keyword context never reaches across it. */
const SENTENCE_END = /[.!?\n](?:\s|$)/g;

export function sentenceBefore(text: string, index: number, max: number): string {
  const window = text.slice(Math.max(0, index - max), index);
  let cut = 0;
  for (const m of allMatches(SENTENCE_END, window)) cut = m.index + m[0].length;
  return window.slice(cut);
}

const HEX_ONLY = /^[0-9a-f]+$/i;

/**
 * A long token with a secret word shortly before it in the same sentence ("Twilio auth token
 * 5f2e…", "my Cohere key, 9xK…, expires"): no assignment syntax, but the sentence says what it is.
 */
const KEYWORD_NEARBY_RULE: Rule = {
  kind: 'secret',
  pattern: /(?<![A-Za-z0-9+\/_-])[A-Za-z0-9+\/_-]{16,512}={0,2}(?![A-Za-z0-9+\/=_-])/g,
  accept: (token, m, text) => {
    const before = sentenceBefore(text, m.index, 60);
    if (!SECRET_NOUN.test(before) || PUBLIC_CONTEXT.test(before)) return false;
    if (token.includes('/') && FILE_EXTENSION_AHEAD.test(text.slice(m.index + token.length, m.index + token.length + 8))) return false;
    if (!/[0-9]/.test(token) || !/[A-Za-z]/.test(token) || isStructuredIdentifier(token)) return false;
    // Hex is how many providers print secrets, but short hex is a commit or a colour: take 32 and up.
    if (HEX_ONLY.test(token)) return token.length >= 32;
    return looksLikeKeyedSecret(token) && shannonEntropy(token) >= 3.2;
  },
};

/** Last resort: a long token that is random by every measure we have, in no public-identifier context. */
const HIGH_ENTROPY_RULE: Rule = {
  kind: 'high-entropy-secret',
  // "=" only as padding: NAME=value is two tokens, and the name is never the secret.
  pattern: /(?<![A-Za-z0-9+\/_-])[A-Za-z0-9+\/_-]{20,}={0,2}(?![A-Za-z0-9+\/=_-])/g,
  accept: (token, m, text) => {
    const before = text.slice(Math.max(0, m.index - 40), m.index);
    if (PUBLIC_CONTEXT.test(before)) return false;
    // A path that ends in a file extension ("tests/fixtures/AbC123….json") names a file.
    if (token.includes('/') && FILE_EXTENSION_AHEAD.test(text.slice(m.index + token.length, m.index + token.length + 8))) return false;
    return looksRandomStrict(token);
  },
};

const FILE_EXTENSION_AHEAD = /^\.[A-Za-z0-9]{1,6}(?![A-Za-z0-9])/;

/** Words that announce a public identifier: hashes, addresses, document ids, fingerprints. */
const PUBLIC_CONTEXT =
  /(?:\b(?:hash|digest|checksum|sha\d*|md5|commit|cid|ipfs|fingerprint|address|wallet|public[ _-]?key|pubkey|txid|tx|transaction|uuid|guid|(?:doc|document|file|video|folder|sheet|spreadsheet|playlist|object|request|trace|order|tracking|channel|user|account|client)[ _-]?id)\b[^\n]{0,24}$|base64,\s*$)/i;

// ---------------------------------------------------------------------------------------------------------
// Protected spans: public material that the generic rule must not eat
// ---------------------------------------------------------------------------------------------------------

/** Public key material and integrity hashes: never a secret, whatever a keyword before them says. */
export const PUBLIC_MATERIAL: RegExp[] = [
  // OpenSSH public key lines (ssh-ed25519 AAAA… comment).
  /\b(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com)\s+AAAA[A-Za-z0-9+\/]+={0,3}/g,
  // Subresource-integrity / npm lockfile hashes.
  /\bsha(?:1|256|384|512)-[A-Za-z0-9+\/]{20,}={0,2}/g,
  // Stripe publishable keys are meant to ship in web pages.
  /\bpk_(?:live|test)_[A-Za-z0-9]{10,}/g,
  // A Twilio Account SID and an age recipient are identifiers, shared with anyone who sends to them.
  /(?<![A-Za-z0-9])AC[0-9a-f]{32}(?![A-Za-z0-9])/g,
  /(?<![A-Za-z0-9])age1[02-9ac-hj-np-z]{58}(?![A-Za-z0-9])/g,
];

export const PROTECTED_PUBLIC: RegExp[] = [
  ...PUBLIC_MATERIAL,
  // URLs without credentials (their paths carry document ids, not secrets). Provider and query rules still run.
  /\b(?:https?|ftp|wss?|git|ssh|file):\/\/[^\s<>"'\x60)\]]+/g,
  /\bwww\.[^\s<>"'\x60)\]]+/g,
];

/** Vendor-prefixed tokens first (they name their kind better), then keyword context, then shape alone. */
export const GENERIC_RULES: Rule[] = [VENDOR_PREFIX_RULE, KEYWORD_NEARBY_RULE, HIGH_ENTROPY_RULE];
