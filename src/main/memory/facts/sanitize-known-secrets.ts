/**
 * Values held in the secret store, found wherever they appear in text bound for memory or an export. A
 * custom provider's key has no recognisable shape, so pattern rules cannot find it; but its exact value is
 * known. Also found: the value split by whitespace or spelling separators ("a b c-1 2 3"), and its
 * URL-encoded, base64 (standard and URL-safe, at any byte offset inside a larger blob, as in HTTP Basic
 * credentials) and hex forms.
 *
 * Compiling the variants costs a few base64 encodings per value; `KnownSecretsCache` keeps the compiled
 * set until the stored values change, so the fact write path pays only the searches.
 */
import { allMatches } from './sanitize-regex-scan';

/** Shorter values would redact ordinary words; every provider key is far longer than this. */
export const MIN_KNOWN_SECRET_LENGTH = 8;
/** An encoded fragment must be long enough to be unmistakable on its own. */
const MIN_ENCODED_FRAGMENT = 12;

export const STORED_SECRET_KIND = 'stored-secret';

/** Separators someone may put between a key's characters when spelling it out, or a line wrap may add. */
const SPELLING_SEPARATORS = /[\s\-\u2010-\u2015.,·|_/:+'"`]+/gu;
const BASE64_CHAR = /[A-Za-z0-9+/=_-]/;

export type Span = [start: number, end: number];

interface CompiledValue {
  /** Literal forms searched as they are: the value and its URL-encoded and hex forms. */
  literals: string[];
  /** Base64 fragments: a match is widened to the whole base64 run around it. */
  encoded: string[];
  /** The value with spelling separators removed, searched in the separator-free view of the text. */
  compact: string;
}

export class KnownSecrets {
  static readonly EMPTY = new KnownSecrets([]);

  private readonly compiled: CompiledValue[];

  private constructor(values: readonly string[]) {
    const unique = [...new Set(values.map((v) => (typeof v === 'string' ? v.trim() : '')))].filter((v) => v.length >= MIN_KNOWN_SECRET_LENGTH);
    this.compiled = unique.map(compile);
  }

  static from(values: readonly string[] | KnownSecrets | undefined): KnownSecrets {
    if (values instanceof KnownSecrets) return values;
    if (!values || values.length === 0) return KnownSecrets.EMPTY;
    return new KnownSecrets(values);
  }

  get size(): number {
    return this.compiled.length;
  }

  /**
   * Every searched form of every value (the value, its encodings, its separator-free spelling). A text
   * arriving in pieces (a streamed reply) holds back any tail that could still become one of these.
   */
  forms(): { literals: readonly string[]; compact: string }[] {
    return this.compiled.map((c) => ({ literals: [...c.literals, ...c.encoded], compact: c.compact }));
  }

  /** Every range of `text` that holds a stored value in one of its forms (unsorted, may overlap). */
  find(text: string): Span[] {
    if (this.compiled.length === 0 || text.length === 0) return [];
    const spans: Span[] = [];
    let compact: CompactView | null = null;
    // The separator-free text alone (one native replace) tells whether any spelled-out value is there;
    // the view that maps back to the source, far costlier, is built only when one is.
    let compactText: string | null = null;
    for (const c of this.compiled) {
      for (const literal of c.literals) for (const at of occurrences(text, literal)) spans.push([at, at + literal.length]);
      for (const fragment of c.encoded) for (const at of occurrences(text, fragment)) spans.push(widenToBase64Run(text, at, at + fragment.length));
      if (c.compact.length >= MIN_KNOWN_SECRET_LENGTH) {
        compactText ??= text.replace(SPELLING_SEPARATORS, '');
        // The compact view only differs from the text where separators were removed: skip the search otherwise.
        if (compactText.length !== text.length && compactText.includes(c.compact)) {
          compact ??= compactView(text);
          for (const at of occurrences(compact.text, c.compact)) spans.push(compact.toSource(at, at + c.compact.length));
        }
      }
    }
    return spans;
  }
}

/**
 * Something built from the secret store's values (their compiled forms, their normalised forms), built again
 * only when the values change. The one way every holder of such a thing keeps it: the store hands back the
 * same frozen array until a change (secret-store.ts), so "unchanged" costs one comparison; any other source
 * (a test, an empty default, a list made at each call) is compared value by value, exactly.
 */
export class ValuesMemo<T> {
  private seen: readonly string[] | null = null;
  private current: T | undefined;

  constructor(private readonly build: (values: readonly string[]) => T) {}

  get(values: readonly string[]): T {
    // `seen` is always frozen: the same array is the same values.
    const same = values === this.seen || (this.seen !== null && sameValues(values, this.seen));
    if (!same || this.current === undefined) this.current = this.build(values);
    // A frozen array cannot change behind our back; any other is copied, so a change made to it in place is seen.
    this.seen = Object.isFrozen(values) ? values : Object.freeze([...values]);
    return this.current;
  }
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The compiled set for the store's current values (the egress filter's and every writer's of memory text). */
export class KnownSecretsCache extends ValuesMemo<KnownSecrets> {
  constructor() {
    super((values) => KnownSecrets.from(values));
  }
}

/** `text` with the characters a person may put between a key's characters removed. */
export function withoutSpellingSeparators(text: string): string {
  return text.replace(SPELLING_SEPARATORS, '');
}

function compile(value: string): CompiledValue {
  const literals = new Set<string>([value]);
  const url = encodeURIComponent(value);
  if (url !== value) {
    literals.add(url);
    literals.add(url.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()));
  }
  const bytes = Buffer.from(value, 'utf8');
  const hex = bytes.toString('hex');
  literals.add(hex);
  literals.add(hex.toUpperCase());
  const encoded = new Set<string>();
  for (let offset = 0; offset < 3; offset++) {
    const fragment = base64Fragment(bytes, offset);
    if (fragment.length < MIN_ENCODED_FRAGMENT) continue;
    encoded.add(fragment);
    encoded.add(fragment.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return { literals: [...literals], encoded: [...encoded], compact: value.replace(SPELLING_SEPARATORS, '') };
}

/**
 * The base64 characters that depend on the value's bytes alone when it sits `offset` bytes into a larger
 * payload ("user:" + key in HTTP Basic): each character carries 6 bits, so only those whose bits all fall
 * inside the value are fixed.
 */
function base64Fragment(bytes: Buffer, offset: number): string {
  const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString('base64');
  const firstBit = offset * 8;
  const endBit = firstBit + bytes.length * 8;
  return encoded.slice(Math.ceil(firstBit / 6), Math.floor(endBit / 6));
}

function* occurrences(haystack: string, needle: string): Generator<number> {
  if (needle.length === 0) return;
  let at = haystack.indexOf(needle);
  while (at >= 0) {
    yield at;
    at = haystack.indexOf(needle, at + needle.length);
  }
}

/** The whole base64 blob holding a fragment goes: what else it encodes travels with the key. */
function widenToBase64Run(text: string, start: number, end: number): Span {
  let s = start;
  let e = end;
  while (s > 0 && BASE64_CHAR.test(text[s - 1])) s--;
  while (e < text.length && BASE64_CHAR.test(text[e])) e++;
  return [s, e];
}

interface CompactView {
  text: string;
  toSource(start: number, end: number): Span;
}

/** The text without spelling separators, with each kept character's source offset. */
function compactView(text: string): CompactView {
  const parts: string[] = [];
  const starts: number[] = [];
  const offsets: number[] = [];
  let kept = 0;
  let cursor = 0;
  const keep = (from: number, to: number) => {
    if (to <= from) return;
    parts.push(text.slice(from, to));
    starts.push(kept);
    offsets.push(from);
    kept += to - from;
  };
  for (const m of allMatches(SPELLING_SEPARATORS, text)) {
    keep(cursor, m.index);
    cursor = m.index + m[0].length;
  }
  keep(cursor, text.length);
  const sourceOf = (i: number): number => {
    // Binary search the kept run holding compact offset i.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= i) lo = mid;
      else hi = mid - 1;
    }
    return offsets[lo] + (i - starts[lo]);
  };
  return { text: parts.join(''), toSource: (start, end) => [sourceOf(start), sourceOf(end - 1) + 1] };
}

/**
 * A source of the secret store's values, compiled once per set of values. Each writer of memory text holds
 * its own (the engine passes them `() => secrets.values()`); nothing is shared at module level.
 */
export function storedSecretsFrom(values: () => readonly string[]): () => KnownSecrets {
  const cache = new KnownSecretsCache();
  return () => cache.get(values());
}

/**
 * Every stored value in `text`, in any of its forms, replaced by `[REDACTED:stored-secret]`; nothing else
 * changes. For texts kept otherwise verbatim, such as an export's messages and identity files.
 */
export function redactStoredSecrets(text: string, known: KnownSecrets): { text: string; count: number } {
  const spans = known.find(text).sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  if (spans.length === 0) return { text, count: 0 };
  let out = '';
  let cursor = 0;
  let count = 0;
  for (const [start, end] of spans) {
    if (end <= cursor) continue;
    // Overlapping forms of one value become one placeholder, starting where the first began.
    if (start < cursor) {
      cursor = end;
      continue;
    }
    out += `${text.slice(cursor, start)}[REDACTED:${STORED_SECRET_KIND}]`;
    cursor = end;
    count++;
  }
  return { text: out + text.slice(cursor), count };
}
