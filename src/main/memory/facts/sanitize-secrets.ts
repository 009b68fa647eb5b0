/**
 * Secret redaction for L1 facts. A fact is injected into future prompts and stored as plain Markdown, so a
 * credential that slips in leaks twice. Provider-specific shapes are matched first (precise), then
 * keyword-anchored assignments, then a careful high-entropy fallback.
 *
 * Every match becomes `[REDACTED:<kind>]`. Placeholders are protected spans: a second pass never touches
 * them, which keeps the write path idempotent.
 */
import { nfkcView } from './sanitize-unicode';

export type RedactionKind = string;

export interface RedactResult {
  text: string;
  redactions: { kind: RedactionKind }[];
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

// ---------------------------------------------------------------------------------------------------------
// Shape tests
// ---------------------------------------------------------------------------------------------------------

export function shannonEntropy(s: string): number {
  if (s.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

/**
 * Mean length of the word-like pieces ("get", "User", "2", "Factor"): camelCase identifiers are made of
 * words (~4+), random base62/base64 keeps switching case and digits (~1.5–2.5).
 */
function meanPieceLength(s: string): number {
  const pieces = s.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g) ?? [];
  if (pieces.length === 0) return s.length;
  return pieces.reduce((n, p) => n + p.length, 0) / pieces.length;
}

/** Random tokens are choppy; identifiers and words are not. Threshold from sampling both kinds. */
const MAX_RANDOM_PIECE_LENGTH = 3;
/** Letters-only random tokens have no digits to chop them; a keyword in front already vouches for them. */
const KEYED_MAX_PIECE_LENGTH = 4.5;

/** Template values that name a secret without being one: <YOUR_KEY>, ${TOKEN}, xxxx, "changeme". */
const PLACEHOLDER_VALUE =
  /^(?:<[^>]*>?|\$\{[^}]*\}?|\{\{[^}]*\}*|\$[A-Za-z_][A-Za-z0-9_]*|%[A-Za-z_]+%|\[[^\]]*\]?|\(.*\)|\*+|[xX#.•…_-]+|null|none|nil|undefined|true|false|empty|required|optional|changeme|change[_-]?me|password|passwd|pass|secret|token|hidden|redacted|placeholder|example|string|str|value|todo|tbd|n\/?a|your[a-z_-]*|(?:my|insert|enter)[_-][a-z_-]*|[a-z_-]*here)$/i;

export function isPlaceholderValue(v: string): boolean {
  if (PLACEHOLDER_VALUE.test(v)) return true;
  if (/REDACTED/.test(v)) return true;
  // Long runs of one character are masks or templates (AKIAXXXXXXXXXXXXXXXX, ********).
  return v.length >= 8 && shannonEntropy(v) < 2;
}

const HEX_ONLY = /^(?:0x)?[0-9a-f]+$/i;
/** UUIDs, hashes split in groups: every separated part is hex. */
const HEX_GROUPS = /^[0-9a-f]+(?:[-:][0-9a-f]+)+$/i;

/**
 * Structured names that look token-like but are public: model ids (claude-3-5-sonnet-20241022), versions,
 * slugs. Every part between separators is lowercase letters, digits, or a short mix.
 */
function isStructuredIdentifier(s: string): boolean {
  const parts = s.split(/[-_.:/]+/).filter(Boolean);
  if (parts.length < 2) return false;
  return parts.every((p) => /^[a-z]+$/.test(p) || /^[0-9]+$/.test(p) || /^v?\d+(?:\.\d+)*[a-z]?$/i.test(p) || p.length <= 3);
}

/** Random-looking enough to be a credential when nothing but its shape is known. */
function looksRandomStrict(token: string): boolean {
  const core = token.replace(/=+$/, '');
  if (core.length < 20) return false;
  if (HEX_ONLY.test(core) || HEX_GROUPS.test(core) || isStructuredIdentifier(core)) return false;
  // Judge the longest separator-free chunk: "my-app-Xk29..." is as secret as its random part.
  const chunk = core.split(/[-_./]+/).reduce((a, b) => (b.length > a.length ? b : a), '');
  if (chunk.length < 16) return false;
  if (!/[A-Z]/.test(chunk) || !/[a-z]/.test(chunk) || !/[0-9]/.test(chunk)) return false;
  return shannonEntropy(chunk) >= 3.5 && meanPieceLength(chunk) <= MAX_RANDOM_PIECE_LENGTH;
}

/** Looser test when a secret keyword sits right before the value ("token: …", "secret = …"). */
function looksLikeKeyedSecret(value: string): boolean {
  const core = value.replace(/=+$/, '');
  if (core.length < 8 || isPlaceholderValue(core)) return false;
  // Only letters and separators: words or templates (gitleaks' generic-api-key uses the same cut).
  if (/^[A-Za-z_.-]+$/.test(core)) return core.length >= 20 && looksMixedCaseRandom(core, KEYED_MAX_PIECE_LENGTH);
  if (/^[0-9]+$/.test(core)) return false; // counts, limits, timestamps
  if (isStructuredIdentifier(core) && !/[A-Z]/.test(core)) return false;
  if (!/[A-Za-z]/.test(core)) return false;
  return shannonEntropy(core) >= 2.8;
}

function looksMixedCaseRandom(s: string, maxPiece = MAX_RANDOM_PIECE_LENGTH): boolean {
  return /[A-Z]/.test(s) && /[a-z]/.test(s) && shannonEntropy(s) >= 3.5 && meanPieceLength(s) <= maxPiece;
}

/** Passwords are often plain words; only a template or an empty value is not worth redacting. */
function looksLikePasswordValue(value: string): boolean {
  return value.length >= 4 && !isPlaceholderValue(value);
}

// ---------------------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------------------

interface Rule {
  /** Fixed, or derived from the match (an assignment's keyword decides between password/token/api-key). */
  kind: RedactionKind | ((match: RegExpExecArray) => RedactionKind);
  pattern: RegExp;
  /** Capture group holding the secret (0 = whole match). Needs the `d` flag when not 0. */
  group?: number;
  accept?: (secret: string, match: RegExpExecArray, text: string) => boolean;
}

/**
 * Nothing token-like right before: "xsk-…" is not an "sk-" key. Excluding "_" and "-" too keeps the scan
 * linear: otherwise every "sk-" inside "sk-sk-sk-…" would start a match that runs to the end of the run.
 */
const START = String.raw`(?<![A-Za-z0-9_-])`;
const END = String.raw`(?![A-Za-z0-9])`;

/** Provider formats, most specific first (earlier rules win when spans overlap). */
const PROVIDER_RULES: Rule[] = [
  { kind: 'anthropic-admin-key', pattern: new RegExp(String.raw`${START}sk-ant-admin\d{2}-[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'anthropic-key', pattern: new RegExp(String.raw`${START}sk-ant-[a-z]{2,8}\d{2}-[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'openrouter-key', pattern: new RegExp(String.raw`${START}sk-or-v\d-[A-Za-z0-9]{32,}`, 'g') },
  { kind: 'openai-admin-key', pattern: new RegExp(String.raw`${START}sk-admin-[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'openai-key', pattern: new RegExp(String.raw`${START}sk-(?:proj|svcacct|None)-[A-Za-z0-9_-]{20,}`, 'g') },
  // Legacy and user keys carry "T3BlbkFJ" (base64 of "OpenAI") in the middle.
  { kind: 'openai-key', pattern: new RegExp(String.raw`${START}sk-[A-Za-z0-9_-]{8,}T3BlbkFJ[A-Za-z0-9_-]{8,}`, 'g') },
  {
    // sk-<32+ alnum>: older OpenAI keys and the many providers that copied the format (DeepSeek, Moonshot…).
    kind: 'api-key',
    pattern: new RegExp(String.raw`${START}sk-[A-Za-z0-9]{32,}${END}`, 'g'),
    accept: (s) => /[0-9]/.test(s.slice(3)) && /[A-Za-z]/.test(s.slice(3)),
  },
  { kind: 'google-api-key', pattern: new RegExp(String.raw`${START}AIza[0-9A-Za-z_-]{35}(?![A-Za-z0-9_-])`, 'g') },
  { kind: 'google-oauth-secret', pattern: new RegExp(String.raw`${START}GOCSPX-[A-Za-z0-9_-]{20,}`, 'g') },
  { kind: 'google-oauth-token', pattern: new RegExp(String.raw`${START}ya29\.[0-9A-Za-z_-]{20,}`, 'g') },
  { kind: 'github-token', pattern: new RegExp(String.raw`${START}gh[pousr]_[A-Za-z0-9]{36,255}${END}`, 'g') },
  { kind: 'github-token', pattern: new RegExp(String.raw`${START}github_pat_[A-Za-z0-9_]{22,255}`, 'g') },
  {
    kind: 'gitlab-token',
    pattern: new RegExp(String.raw`${START}gl(?:pat|dt|ptt|rt|oas|soat|cbt|ft|imt|agent|wt|ffct)-[A-Za-z0-9_-]{20,}`, 'g'),
  },
  {
    kind: 'slack-webhook',
    pattern: /https?:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_\/+-]{8,}/g,
  },
  { kind: 'slack-token', pattern: new RegExp(String.raw`${START}xox[abposre]-[A-Za-z0-9-]{10,}`, 'g') },
  { kind: 'slack-token', pattern: new RegExp(String.raw`${START}xapp-\d-[A-Za-z0-9-]{10,}`, 'g') },
  { kind: 'stripe-key', pattern: new RegExp(String.raw`${START}(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}`, 'g') },
  { kind: 'stripe-webhook-secret', pattern: new RegExp(String.raw`${START}whsec_[A-Za-z0-9]{24,}`, 'g') },
  {
    kind: 'aws-access-key',
    pattern: /(?<![A-Z0-9])(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16}(?![A-Z0-9])/g,
    // AWS's documentation key ends in EXAMPLE; masks like AKIAXXXX… have almost no entropy (gitleaks uses 3).
    accept: (s) => !/EXAMPLE$/.test(s) && shannonEntropy(s) >= 3,
  },
  {
    kind: 'aws-secret-key',
    pattern: /aws.{0,20}?(?:secret|private).{0,20}?\s*[:=]\s*["']?([A-Za-z0-9\/+]{40})(?![A-Za-z0-9\/+])/dgi,
    group: 1,
    accept: (s) => !isPlaceholderValue(s) && shannonEntropy(s) >= 3.5,
  },
  {
    kind: 'azure-storage-key',
    pattern: /AccountKey=([A-Za-z0-9+\/]{60,}={0,2})/dg,
    group: 1,
  },
  { kind: 'jwt', pattern: /(?<![A-Za-z0-9_-])eyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*/g },
  { kind: 'npm-token', pattern: new RegExp(String.raw`${START}npm_[A-Za-z0-9]{36}${END}`, 'g') },
  { kind: 'pypi-token', pattern: /pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}/g },
  {
    kind: 'huggingface-token',
    pattern: new RegExp(String.raw`${START}hf_[A-Za-z]{34}${END}`, 'g'),
    accept: (s) => looksMixedCaseRandom(s.slice(3)),
  },
  { kind: 'sendgrid-key', pattern: /SG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}/g },
  { kind: 'groq-key', pattern: new RegExp(String.raw`${START}gsk_[A-Za-z0-9]{40,}`, 'g') },
  { kind: 'xai-key', pattern: new RegExp(String.raw`${START}xai-[A-Za-z0-9]{60,}`, 'g') },
  { kind: 'perplexity-key', pattern: new RegExp(String.raw`${START}pplx-[A-Za-z0-9]{40,}`, 'g') },
  { kind: 'replicate-token', pattern: new RegExp(String.raw`${START}r8_[A-Za-z0-9]{37}${END}`, 'g') },
  { kind: 'digitalocean-token', pattern: new RegExp(String.raw`${START}do[opr]_v1_[a-f0-9]{64}`, 'g') },
  { kind: 'shopify-token', pattern: new RegExp(String.raw`${START}shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}`, 'g') },
  {
    kind: 'discord-webhook',
    pattern: /https?:\/\/(?:ptb\.|canary\.)?discord(?:app)?\.com\/api\/webhooks\/\d+\/[A-Za-z0-9_-]{20,}/g,
  },
  { kind: 'telegram-bot-token', pattern: /(?<![0-9])\d{8,10}:AA[A-Za-z0-9_-]{33}(?![A-Za-z0-9_-])/g },
];

/** "scheme://user:password@host": redact only the password, keep user and host. */
const URL_RULES: Rule[] = [
  {
    kind: 'url-credentials',
    pattern: /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:\/?#@"'<>]{0,256}:([^\s\/?#@"'<>]{1,256})@(?=[A-Za-z0-9\[])/dg,
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
const SECRET_WORDS = String.raw`(?:${PASSWORD_WORD}|secret|token|api[_.-]?key|apikey|access[_.-]?key|auth[_.-]?key|client[_.-]?secret|private[_.-]?key|secret[_.-]?key|credentials?|session[_.-]?(?:id|key|token)|cookie)`;

function kindForKeyword(keyword: string): RedactionKind {
  const k = keyword.toLowerCase();
  if (new RegExp(`^${PASSWORD_WORD}`, 'i').test(k)) return 'password';
  if (/token|session|cookie/.test(k)) return 'token';
  if (/api|access|auth/.test(k)) return 'api-key';
  return 'secret';
}

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
      String.raw`(${SECRET_WORDS})((?:[_.-][A-Za-z0-9]{1,16}){0,3})["']?\s{0,4}(?::=|=>|=|:)\s{0,4}["'\x60]?([^\s"'\x60,;<>]{1,1024})`,
      'dgi',
    ),
    group: 3,
    accept: (value, m, text) => {
      if (!keywordStartsWord(text, m.index, m[1])) return false;
      return kindForKeyword(m[1]) === 'password' ? looksLikePasswordValue(value) : looksLikeKeyedSecret(value);
    },
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

/** Last resort: a long token that is random by every measure we have, in no public-identifier context. */
const HIGH_ENTROPY_RULE: Rule = {
  kind: 'high-entropy-secret',
  pattern: /(?<![A-Za-z0-9+\/=_-])[A-Za-z0-9+\/=_-]{20,}(?![A-Za-z0-9+\/=_-])/g,
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

const PROTECTED_PUBLIC: RegExp[] = [
  // OpenSSH public key lines (ssh-ed25519 AAAA… comment).
  /\b(?:ssh-(?:rsa|dss|ed25519|ed448)|ecdsa-sha2-nistp\d{3}|sk-ssh-ed25519@openssh\.com|sk-ecdsa-sha2-nistp256@openssh\.com)\s+AAAA[A-Za-z0-9+\/]+={0,3}/g,
  // Subresource-integrity / npm lockfile hashes.
  /\bsha(?:1|256|384|512)-[A-Za-z0-9+\/]{20,}={0,2}/g,
  // Stripe publishable keys are meant to ship in web pages.
  /\bpk_(?:live|test)_[A-Za-z0-9]{10,}/g,
  // URLs without credentials (their paths carry document ids, not secrets). Provider and query rules still run.
  /\b(?:https?|ftp|wss?|git|ssh|file):\/\/[^\s<>"'\x60)\]]+/g,
  /\bwww\.[^\s<>"'\x60)\]]+/g,
];

function collect(text: string, rule: Rule, priority: number, out: Span[]): void {
  rule.pattern.lastIndex = 0;
  for (const m of text.matchAll(rule.pattern)) {
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
  const begins = [...text.matchAll(/-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----/g)];
  if (begins.length === 0) return;
  const ends = [...text.matchAll(/-----END (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g)].map((m) => ({
    start: m.index,
    end: m.index + m[0].length,
  }));
  let e = 0;
  let coveredUntil = 0;
  begins.forEach((b, i) => {
    if (b.index < coveredUntil) return;
    while (e < ends.length && ends[e].start < b.index) e++;
    const nextBegin = begins[i + 1]?.index ?? Infinity;
    let end: number;
    if (e < ends.length && ends[e].start < nextBegin) {
      end = ends[e].end;
    } else {
      // Truncated paste: the header plus the base64 (and PEM header) lines that follow it, not the prose after.
      const afterHeader = b.index + b[0].length;
      const body = PEM_BODY.exec(text.slice(afterHeader, Math.min(nextBegin, afterHeader + MAX_PEM_BODY)));
      end = afterHeader + (body?.[0].length ?? 0);
    }
    out.push({ start: b.index, end, kind: 'private-key', priority: -1 });
    coveredUntil = end;
  });
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
    for (const m of text.matchAll(re)) spans.push([m.index, m.index + m[0].length]);
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

function findSecretSpans(text: string): Span[] {
  const candidates: Span[] = [];
  collectPrivateKeys(text, candidates);
  let priority = 0;
  for (const rule of [...PROVIDER_RULES, ...URL_RULES, ...ASSIGNMENT_RULES]) collect(text, rule, priority++, candidates);
  const placeholders = spansOf(text, [PLACEHOLDER]);
  const touchesPlaceholder = overlapIndex(placeholders);
  const specific = candidates.filter((c) => !touchesPlaceholder(c));

  const generic: Span[] = [];
  collect(text, HIGH_ENTROPY_RULE, priority++, generic);
  const blocked = overlapIndex([
    ...placeholders,
    ...spansOf(text, PROTECTED_PUBLIC),
    ...specific.map((s): [number, number] => [s.start, s.end]),
  ]);
  return [...specific, ...generic.filter((g) => !blocked(g))];
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
export function redactSecrets(text: string): RedactResult {
  const mapped = nfkcView(text);
  const spans = mergeSpans(findSecretSpans(mapped.view));
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
