/**
 * Secret redaction for L1 facts. A fact is injected into future prompts and stored as plain Markdown, so a
 * credential that slips in leaks twice. In order of precedence:
 *
 *   1. values held in the secret store, in any of their forms          (sanitize-known-secrets.ts)
 *   2. provider formats, then any vendor-prefixed random token          (sanitize-secret-providers.ts)
 *   3. keyword-anchored values: assignments, prose, a token near a keyword, a key paired with its public id
 *   4. a careful high-entropy fallback
 *   5. a key spelled out one character at a time, judged once joined
 *
 * Every match becomes `[REDACTED:<kind>]`. Placeholders are protected spans: a second pass never touches
 * them, which keeps the write path idempotent. Names are never secrets: a value that is an environment
 * variable's name or a property path (process.env.API_TOKEN) stays (sanitize-secret-shapes.ts).
 */
import { KnownSecrets, STORED_SECRET_KIND } from './sanitize-known-secrets';
import { findRecoveryPhrases } from './sanitize-secret-bip39';
import { findContextSecrets } from './sanitize-secret-context';
import { ENV_ASSIGNMENT_RULES } from './sanitize-secret-env';
import { findRuleSetSecrets } from './sanitize-secret-secretlint';
import { END, PROVIDER_RULES, VENDOR_PREFIX_RULE, type RedactionKind, type SecretRule as Rule } from './sanitize-secret-providers';
import {
  isPlaceholderValue,
  isStructuredIdentifier,
  looksLikeKeyedSecret,
  looksLikePasswordValue,
  looksRandomStrict,
  shannonEntropy,
} from './sanitize-secret-shapes';
import { nfkcView } from './sanitize-unicode';
import { allMatches } from './sanitize-regex-scan';

export type { RedactionKind } from './sanitize-secret-providers';
export { isPlaceholderValue, shannonEntropy } from './sanitize-secret-shapes';

export interface RedactResult {
  text: string;
  redactions: { kind: RedactionKind }[];
}

export interface RedactOptions {
  /** Values held in the secret store: redacted wherever they appear, whatever their shape. */
  knownSecrets?: KnownSecrets;
}

export const PLACEHOLDER = /\[REDACTED:[a-z0-9-]{1,40}\]/g;

export function placeholder(kind: RedactionKind): string {
  return `[REDACTED:${kind}]`;
}

interface Span {
  start: number;
  end: number;
  kind: RedactionKind;
  /** Lower wins when overlapping spans are merged. */
  priority: number;
}

/** "scheme://user:password@host": redact only the password, keep user and host. */
const URL_RULES: Rule[] = [
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

const ASSIGNMENT_RULES: Rule[] = [
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
const SECRET_NOUN =
  /\b(?:api[ _-]?keys?|keys?|tokens?|secrets?|pass(?:word|phrase|code)s?|credentials?|auth|bearer|pat|license|licen[cs]e[ _-]?keys?|signing|webhook|clave|chave|schl(?:ü|u)ssel|cl(?:é|e)|chiave|sleutel|klucz|anahtar|ключ|токен|пароль|密钥|令牌|密码|キー|トークン|パスワード|키|토큰|비밀번호|مفتاح|رمز|कुंजी|टोकन)/iu;

/** A sentence ends here: keyword context never reaches across it. */
const SENTENCE_END = /[.!?\n](?:\s|$)/g;

function sentenceBefore(text: string, index: number, max: number): string {
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

/**
 * Keys that come in pairs with a public id: a Twilio Account SID (AC + 32 hex) next to its 32-hex auth
 * token, an AWS access key id next to its 40-character secret. The id is kept (it is not a secret); the
 * other half is redacted when it sits within a few lines of it.
 */
interface PairedSecret {
  kind: RedactionKind;
  anchor: RegExp;
  secret: RegExp;
  accept?: (s: string) => boolean;
}
const PAIR_WINDOW = 240;
const PAIRED_SECRETS: PairedSecret[] = [
  {
    kind: 'twilio-auth-token',
    anchor: /(?<![A-Za-z0-9])(?:AC[0-9a-f]{32}|twilio)/gi,
    secret: /(?<![A-Za-z0-9])[0-9a-f]{32}(?![A-Za-z0-9])/g,
    accept: (s) => /[0-9]/.test(s) && /[a-f]/.test(s),
  },
  {
    kind: 'aws-secret-key',
    anchor: /(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g,
    secret: /(?<![A-Za-z0-9\/+])[A-Za-z0-9\/+]{40}(?![A-Za-z0-9\/+=])/g,
    accept: (s) => /[a-z]/.test(s) && /[A-Z]/.test(s) && shannonEntropy(s) >= 4,
  },
];

function collectPairs(text: string, priority: number, out: Span[]): void {
  for (const pair of PAIRED_SECRETS) {
    const anchors = [...allMatches(pair.anchor, text)].map((m) => [m.index, m.index + m[0].length] as const);
    if (anchors.length === 0) continue;
    let a = 0;
    for (const m of allMatches(pair.secret, text)) {
      const start = m.index;
      const end = start + m[0].length;
      // Anchors are in order: move to the last one starting before this candidate's end.
      while (a + 1 < anchors.length && anchors[a + 1][0] < end) a++;
      const near = [anchors[a], anchors[a + 1]].some(
        (x) => x !== undefined && !(x[0] === start && x[1] === end) && !(x[0] <= start && x[1] >= end) && Math.min(Math.abs(start - x[1]), Math.abs(x[0] - end)) <= PAIR_WINDOW,
      );
      if (near && (!pair.accept || pair.accept(m[0]))) out.push({ start, end, kind: pair.kind, priority });
    }
  }
}

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
const PUBLIC_MATERIAL: RegExp[] = [
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

const PROTECTED_PUBLIC: RegExp[] = [
  ...PUBLIC_MATERIAL,
  // URLs without credentials (their paths carry document ids, not secrets). Provider and query rules still run.
  /\b(?:https?|ftp|wss?|git|ssh|file):\/\/[^\s<>"'\x60)\]]+/g,
  /\bwww\.[^\s<>"'\x60)\]]+/g,
];

function collect(text: string, rule: Rule, priority: number, out: Span[]): void {
  rule.pattern.lastIndex = 0;
  for (const m of allMatches(rule.pattern, text)) {
    const group = rule.group ?? 0;
    const secret = m[group];
    if (!secret) continue;
    const start = group === 0 ? m.index : (m.indices?.[group]?.[0] ?? m.index);
    if (rule.accept && !rule.accept(secret, m, text)) continue;
    const kind = typeof rule.kind === 'function' ? rule.kind(m) : rule.kind;
    out.push({ start, end: start + secret.length, kind, priority });
  }
}

/** Private key blocks are paired by hand: a lazy regex would rescan the rest of the text for every BEGIN. */
function collectPrivateKeys(text: string, out: Span[]): void {
  const begins = [...allMatches(/-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----/g, text)];
  if (begins.length === 0) return;
  const ends = [...allMatches(/-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g, text)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  let e = 0;
  let coveredUntil = 0;
  begins.forEach((b, i) => {
    if (b.index < coveredUntil) return;
    while (e < ends.length && ends[e].start < b.index) e++;
    const nextBegin = begins[i + 1]?.index ?? Infinity;
    const afterHeader = b.index + b[0].length;
    let bodyEnd: number;
    if (e < ends.length && ends[e].start < nextBegin) {
      bodyEnd = ends[e].start;
      coveredUntil = ends[e].end;
    } else {
      // Truncated paste: the base64 (and PEM header) lines that follow the header, not the prose after.
      const body = PEM_BODY.exec(text.slice(afterHeader, Math.min(nextBegin, afterHeader + MAX_PEM_BODY)));
      bodyEnd = afterHeader + (body?.[0].length ?? 0);
      coveredUntil = bodyEnd;
    }
    // The BEGIN/END lines stay: they say what was removed and carry nothing secret.
    const [start, end] = trimBody(text, afterHeader, bodyEnd);
    if (end > start) out.push({ start, end, kind: 'private-key', priority: -1 });
  });
}

/** Line breaks around a key body, real or JSON-escaped ("\n" inside a service-account file), stay. */
const BODY_EDGE_START = /^(?:\s|\\[nr])+/;
const BODY_EDGE_END = /(?:\s|\\[nr])+$/;

function trimBody(text: string, start: number, end: number): [number, number] {
  const body = text.slice(start, end);
  const s = start + (BODY_EDGE_START.exec(body)?.[0].length ?? 0);
  const e = end - (BODY_EDGE_END.exec(body)?.[0].length ?? 0);
  return [s, Math.max(s, e)];
}

/** Largest body taken from an unterminated key block; RSA-16384 keys are ~12 KB. */
const MAX_PEM_BODY = 64_000;
/** Base64 runs on the header line, then whole lines of base64, PEM headers (Proc-Type, DEK-Info…) or blanks. */
const PEM_BODY =
  /^(?:[ \t]+[A-Za-z0-9+\/=]{16,})*(?:\r?\n[ \t]*(?:[A-Za-z0-9+\/=]{4,}|(?:Proc-Type|DEK-Info|Comment|Version|Hash|Charset):[^\n]*)?[ \t]*(?=\r?\n|$))*/;

function spansOf(text: string, patterns: RegExp[]): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const re of patterns) {
    re.lastIndex = 0;
    for (const m of allMatches(re, text)) spans.push([m.index, m.index + m[0].length]);
  }
  return spans;
}

/**
 * Overlap test against many ranges in O(log n): ranges sorted by start with a running maximum of their ends,
 * so a span [s, e) overlaps iff some range starting before e ends after s. (A linear scan per span would be
 * quadratic on a long fact full of URLs.)
 */
function overlapIndex(ranges: Array<[number, number]>): (span: Span) => boolean {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  const maxEnd: number[] = [];
  sorted.forEach(([, end], i) => maxEnd.push(Math.max(end, i > 0 ? maxEnd[i - 1] : -Infinity)));
  return (span) => {
    let lo = 0;
    let hi = sorted.length - 1;
    let last = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (sorted[mid][0] < span.end) {
        last = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return last >= 0 && maxEnd[last] > span.start;
  };
}

/** Shape rules only: what a run of characters is, with no keyword context (used on spelled-out keys too). */
function findSpans(source: string, opts: { known: KnownSecrets; spelledOut: boolean }): Span[] {
  const placeholders = spansOf(source, [PLACEHOLDER]);
  // Rules read the text with placeholders masked: "[REDACTED:password]" must not act as a label, nor its
  // blank as a value. NUL never survives stripInvisible, and no rule takes a run of it for a secret.
  const text = placeholders.length ? source.replace(PLACEHOLDER, (m) => '\u0000'.repeat(m.length)) : source;
  const candidates: Span[] = [];
  for (const [start, end] of opts.known.find(text)) candidates.push({ start, end, kind: STORED_SECRET_KIND, priority: -2 });
  collectPrivateKeys(text, candidates);
  let priority = 0;
  for (const rule of [...PROVIDER_RULES, ...URL_RULES, ...ASSIGNMENT_RULES, ...ENV_ASSIGNMENT_RULES]) collect(text, rule, priority++, candidates);
  collectPairs(text, priority++, candidates);
  const contextPriority = priority++;
  for (const c of findContextSecrets(text)) candidates.push({ ...c, priority: contextPriority });
  for (const c of findRecoveryPhrases(text)) candidates.push({ ...c, priority: contextPriority });
  const touchesPlaceholder = overlapIndex(placeholders);
  const touchesPublic = overlapIndex(spansOf(text, PUBLIC_MATERIAL));
  // A stored value is redacted even inside public-looking material: it is known to be a secret.
  const specific = candidates.filter((c) => !touchesPlaceholder(c) && (c.priority < -1 || !touchesPublic(c)));
  specific.push(...ruleSetSpans(text, priority++, [...specific, ...placeholders.map(([start, end]) => ({ start, end }))], touchesPublic));

  const generic: Span[] = [];
  for (const rule of GENERIC_RULES) collect(text, rule, priority++, generic);
  if (opts.spelledOut) collectSpelledOut(text, priority++, generic);
  const blocked = overlapIndex([
    ...placeholders,
    ...spansOf(text, PROTECTED_PUBLIC),
    ...specific.map((s): [number, number] => [s.start, s.end]),
  ]);
  return [...specific, ...generic.filter((g) => !blocked(g))];
}

/**
 * What the maintained rule set (sanitize-secret-secretlint.ts) finds that the rules above did not. Its
 * ranges cover the whole finding ("aws_secret_access_key = …", a whole connection URL, a key block with its
 * BEGIN/END lines), so where one of this file's rules already matched, that narrower span stands; a
 * finding of its own is cut down to its value (what follows the last "=" or ":"), so the label stays.
 */
function ruleSetSpans(text: string, priority: number, taken: Array<{ start: number; end: number }>, touchesPublic: (s: Span) => boolean): Span[] {
  const overlapsTaken = overlapIndex(taken.map((t): [number, number] => [t.start, t.end]));
  const out: Span[] = [];
  for (const f of findRuleSetSecrets(text)) {
    const span: Span = { ...f, priority };
    if (overlapsTaken(span) || touchesPublic(span)) continue;
    const found = text.slice(f.start, f.end);
    const value = RULE_SET_VALUE.exec(found);
    if (value) span.start = f.end - value[1].length - (value[2]?.length ?? 0);
    if (value) span.end = span.start + value[1].length;
    const secret = text.slice(span.start, span.end);
    if (/\s/.test(secret) || isPlaceholderValue(secret) || isPlaceholderValue(secret.replace(/^[a-z]{2,6}_(?:pat_)?/i, ''))) continue;
    out.push(span);
  }
  return out;
}
/** The value at the end of a finding that carries its label: "name = value", "key: 'value'". */
const RULE_SET_VALUE = /[=:][ \t]*["'\x60]?([^\s"'\x60=:]+={0,2})(["'\x60]?)$/;

/** Vendor-prefixed tokens first (they name their kind better), then keyword context, then shape alone. */
const GENERIC_RULES: Rule[] = [VENDOR_PREFIX_RULE, KEYWORD_NEARBY_RULE, HIGH_ENTROPY_RULE];

/**
 * A key spelled out or read aloud: one character at a time ("s k - p r o j …", "g-h-p-_-R-…", one per line,
 * "S . G . . . Y") or in equal groups ("UZRE FgFQ bfqX …"). Each run is joined and judged by the shape rules;
 * a run that joins into a secret is redacted whole. Every pattern alternates disjoint classes (or fixed-width
 * pairs), so the scan stays linear.
 */
const SPELLED_RUNS: RegExp[] = [
  /(?<!\S)(?:\S\s{1,3}){11,}\S(?!\S)/g,
  /(?<![A-Za-z0-9])(?:\S[-.\u00b7|,]){11,}\S(?![A-Za-z0-9])/g,
  /(?<!\S)(?:[A-Za-z0-9+/=]{3,8}[ \t]){4,}[A-Za-z0-9+/=]{2,8}(?!\S)/g,
];
const SPELLING_SEPARATOR = /^[-.\u00b7|,/]$/;

/** The characters a run spells, or null when it is not a spelled-out value. */
function joinSpelled(run: string, pattern: number): string | null {
  if (pattern === 1) return [...run].filter((_, i) => i % 2 === 0).join('');
  const tokens = run.split(/\s+/);
  if (pattern === 2) {
    // Read aloud in groups: every group but the last has the same length.
    const size = tokens[0].length;
    return tokens.slice(0, -1).every((t) => t.length === size) && tokens[tokens.length - 1].length <= size ? tokens.join('') : null;
  }
  // "S . G . . . Y": a separator between every two characters, so the characters are the even tokens.
  const odd = tokens.filter((_, i) => i % 2 === 1);
  if (odd.length > 3 && odd.every((t) => t === odd[0] && SPELLING_SEPARATOR.test(t))) return tokens.filter((_, i) => i % 2 === 0).join('');
  return tokens.join('');
}

function collectSpelledOut(text: string, priority: number, out: Span[]): void {
  SPELLED_RUNS.forEach((run, pattern) => {
    for (const m of allMatches(run, text)) {
      const joined = joinSpelled(m[0], pattern);
      if (!joined || joined.length < 12) continue;
      const inner = findSpans(joined, { known: KnownSecrets.EMPTY, spelledOut: false });
      // A keyword before the run vouches for a value the shape rules alone would let pass.
      const keyed = SECRET_NOUN.test(sentenceBefore(text, m.index, 60)) && looksLikeKeyedSecret(joined) && shannonEntropy(joined) >= 3.2;
      if (inner.length === 0 && !keyed) continue;
      out.push({ start: m.index, end: m.index + m[0].length, kind: inner[0]?.kind ?? 'secret', priority });
    }
  });
}

/** Overlapping matches become one redaction (union, so no fragment of a secret survives); best kind wins. */
function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || b.end - a.end);
  const merged: Span[] = [];
  for (const s of sorted) {
    const last = merged[merged.length - 1];
    if (last && s.start < last.end) {
      last.end = Math.max(last.end, s.end);
      if (s.priority < last.priority) {
        last.kind = s.kind;
        last.priority = s.priority;
      }
    } else {
      merged.push({ ...s });
    }
  }
  return merged;
}

/**
 * Replace secret-shaped substrings with typed placeholders. Scans an NFKC view (so fullwidth or other
 * compatibility forms do not hide a key) and edits the original text at the mapped offsets.
 */
export function redactSecrets(text: string, opts: RedactOptions = {}): RedactResult {
  const mapped = nfkcView(text);
  const spans = mergeSpans(findSpans(mapped.view, { known: opts.knownSecrets ?? KnownSecrets.EMPTY, spelledOut: true }));
  if (spans.length === 0) return { text, redactions: [] };
  let out = '';
  let cursor = 0;
  const redactions: { kind: RedactionKind }[] = [];
  for (const span of spans) {
    const [start, end] = mapped.toSource(span.start, span.end);
    if (start < cursor) continue; // two view spans mapping into one source character: already covered
    out += text.slice(cursor, start) + placeholder(span.kind);
    cursor = end;
    redactions.push({ kind: span.kind });
  }
  return { text: out + text.slice(cursor), redactions };
}
