/**
 * Shape tests shared by the secret rules: is a string random enough to be a credential, a template that
 * only names one, or a piece of code that refers to one? Values are secrets; names never are.
 */

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
export function meanPieceLength(s: string): number {
  const pieces = s.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+/g) ?? [];
  if (pieces.length === 0) return s.length;
  return pieces.reduce((n, p) => n + p.length, 0) / pieces.length;
}

/** Random tokens are choppy; identifiers and words are not. Threshold from sampling both kinds. */
export const MAX_RANDOM_PIECE_LENGTH = 3;
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

const IDENTIFIER_SEGMENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
/** An environment variable's NAME: API_TOKEN, OPENAI_API_KEY, DB_PASSWORD_2 (words, not random runs). */
const ENV_NAME = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
const ENV_NAME_PART = /^(?:[A-Z]{2,}[0-9]{0,3}|[0-9]{1,3}|[A-Z])$/;
/** camelCase or PascalCase made of whole words: apiTokenFromEnv, GithubToken. */
const WORDY_CAMEL = /^[A-Za-z][a-z]+(?:[A-Z][a-z]+)*(?:[A-Z]{2,4})?[0-9]{0,2}$/;

/** One segment of a property path reads as a name: words, an env-style NAME, or a short piece. */
function isNameSegment(seg: string): boolean {
  if (!IDENTIFIER_SEGMENT.test(seg)) return false;
  if (seg.length <= 4) return true;
  if (isEnvName(seg)) return true;
  if (/^[A-Z]+$/.test(seg) || /^[a-z]+$/.test(seg)) return true;
  const words = seg.split('_').filter(Boolean);
  return words.every((w) => w.length <= 4 || WORDY_CAMEL.test(w) || /^[A-Z]+[0-9]{0,2}$/.test(w) || /^[a-z]+[0-9]{0,2}$/.test(w));
}

/** Objects that code reads settings and secrets from: a path starting here names a value kept elsewhere. */
const CODE_ROOTS = new Set(
  'process env environ os sys system deno bun import window globalthis self this cls config cfg conf settings options opts params props args argv ctx context app req request res secrets secret vars var credentials creds keys vault ssm local globals runtime meta'.split(' '),
);

/**
 * Code that refers to a secret instead of holding it: an environment variable's name, a property path
 * (process.env.API_TOKEN, config.auth.token, self.settings.SECRET_KEY), an accessor call or index
 * (os.getenv(, ENV[, secrets.get(). The value behind such a name lives elsewhere; the name is public.
 */
export function isCodeReference(value: string): boolean {
  const v = value.replace(/[;,)\]}]+$/, '');
  if (v.length === 0) return false;
  // An accessor: a name or path followed by a call or an index ("os.getenv(", "ENV[", "getSecret(").
  const accessor = /^([A-Za-z_$][\w$]*(?:(?:\.|::|->|\?\.)[A-Za-z_$][\w$]*)*)(?:\(|\[)/.exec(v);
  if (accessor) return accessor[1].split(/\.|::|->|\?\./).every(isNameSegment);
  if (isEnvName(v)) return true;
  const segments = v.split(/\.|::|->|\?\./);
  if (segments.length < 2 || !segments.every(isNameSegment)) return false;
  // "Summer.Time" could be a password; a path is anchored in a settings object, names an env var, or is long.
  return CODE_ROOTS.has(segments[0].toLowerCase()) || segments.some(isEnvName) || segments.length >= 3;
}

function isEnvName(v: string): boolean {
  return ENV_NAME.test(v) && v.split('_').every((p) => ENV_NAME_PART.test(p));
}

/** A variable's name in camelCase made of words (apiTokenFromEnv): a keyed value like this is code, not a key. */
export function isWordyIdentifier(v: string): boolean {
  return WORDY_CAMEL.test(v) && /[A-Z]/.test(v.slice(1));
}

const HEX_ONLY = /^(?:0x)?[0-9a-f]+$/i;
/** UUIDs, hashes split in groups: every separated part is hex. */
const HEX_GROUPS = /^[0-9a-f]+(?:[-:][0-9a-f]+)+$/i;

/**
 * Structured names that look token-like but are public: model ids (claude-3-5-sonnet-20241022), versions,
 * slugs. Every part between separators is lowercase letters, digits, or a short mix.
 */
export function isStructuredIdentifier(s: string): boolean {
  const parts = s.split(/[-_.:/]+/).filter(Boolean);
  if (parts.length < 2) return false;
  return parts.every((p) => /^[a-z]+$/.test(p) || /^[0-9]+$/.test(p) || /^v?\d+(?:\.\d+)*[a-z]?$/i.test(p) || p.length <= 3);
}

/** Random-looking enough to be a credential when nothing but its shape is known. */
export function looksRandomStrict(token: string): boolean {
  const core = token.replace(/=+$/, '');
  if (core.length < 20) return false;
  if (HEX_ONLY.test(core) || HEX_GROUPS.test(core) || isStructuredIdentifier(core)) return false;
  // Judge the longest separator-free chunk: "my-app-Xk29..." is as secret as its random part.
  const chunk = core.split(/[-_./]+/).reduce((a, b) => (b.length > a.length ? b : a), '');
  if (chunk.length < 16) return false;
  if (!/[A-Z]/.test(chunk) || !/[a-z]/.test(chunk) || !/[0-9]/.test(chunk)) return false;
  return shannonEntropy(chunk) >= 3.5 && meanPieceLength(chunk) <= MAX_RANDOM_PIECE_LENGTH;
}

/**
 * The random body of a vendor-prefixed token ("lin_api_…", "pul-…", "dp.pt.…"): many vendors use one case
 * plus digits, so mixed case is not required, but the body must be long, varied and choppy.
 */
export function looksRandomBody(body: string): boolean {
  const core = body.replace(/=+$/, '');
  if (core.length < 20 || HEX_GROUPS.test(core) || isStructuredIdentifier(core)) return false;
  if (!/[0-9]/.test(core) || !/[A-Za-z]/.test(core)) return false;
  const letters = core.replace(/[^A-Za-z]/g, '');
  // A body of words with a number appended ("production_release_2024_final") is a name.
  if (meanPieceLength(core) > 4) return false;
  return shannonEntropy(core) >= 3.6 && letters.length >= 6;
}

/** Looser test when a secret keyword sits right before the value ("token: …", "secret = …"). */
export function looksLikeKeyedSecret(value: string): boolean {
  const core = value.replace(/=+$/, '');
  if (core.length < 8 || isPlaceholderValue(core) || isCodeReference(core) || isWordyIdentifier(core)) return false;
  // Only letters and separators: words or templates (gitleaks' generic-api-key uses the same cut).
  if (/^[A-Za-z_.-]+$/.test(core)) return core.length >= 20 && looksMixedCaseRandom(core, KEYED_MAX_PIECE_LENGTH);
  if (/^[0-9]+$/.test(core)) return false; // counts, limits, timestamps
  if (isStructuredIdentifier(core) && !/[A-Z]/.test(core)) return false;
  if (!/[A-Za-z]/.test(core)) return false;
  return shannonEntropy(core) >= 2.8;
}

export function looksMixedCaseRandom(s: string, maxPiece = MAX_RANDOM_PIECE_LENGTH): boolean {
  return /[A-Z]/.test(s) && /[a-z]/.test(s) && shannonEntropy(s) >= 3.5 && meanPieceLength(s) <= maxPiece;
}

/** Passwords are often plain words; only a template, an empty value or a name in code is not worth redacting. */
export function looksLikePasswordValue(value: string): boolean {
  return value.length >= 4 && !isPlaceholderValue(value) && !isCodeReference(value) && !OPENS_ASIDE.test(value);
}

/** "ADMIN_PASSWORD= (left empty…": a word opening a parenthesis is the start of a remark, not a value. */
const OPENS_ASIDE = /^\(\p{L}+$/u;
