// The one filter every exit of the engine goes through (issue 26 §2). A value held in the secret store
// can reach memory before it was stored (a key pasted into a chat, then saved in Settings; an error body
// that quoted it); the stores keep what they were given, and this filter makes sure none of it leaves:
// contract results and errors (the window and the API), push events (`/api/events`, the window), MCP
// messages to other apps, exports, the CLI's output and the log. Every form the redactor knows (the
// value, URL-encoded, hex, base64 at any offset, spelled out with separators) becomes
// `[REDACTED:stored-secret]`.
//
// It filters the secret store's *values*, never secret-shaped text: the person's own words and code that
// merely look like keys are left alone (the sanitizer decides about those on the way into memory).
import { KnownSecretsCache, redactStoredSecrets, type KnownSecrets } from '../memory/facts/sanitize-known-secrets';
import { StreamRedactor } from './stream-redactor';

export class EgressFilter {
  private readonly cache = new KnownSecretsCache();

  /** `values` is read on every use: a key saved a moment ago is filtered from the next message out. */
  constructor(private readonly values: () => readonly string[]) {}

  /** The compiled set for the store's current values (compiled again only when they change). */
  known(): KnownSecrets {
    return this.cache.get(this.values());
  }

  /** One text, with every stored value in any of its forms redacted. */
  text(s: string): string {
    const known = this.known();
    if (known.size === 0) return s;
    return redactStoredSecrets(s, known).text;
  }

  /**
   * A JSON-like value with every string in it filtered (keys of objects too: a map keyed by text can
   * carry one). Copy on write: an untouched value is returned as it was, so the common case allocates
   * nothing.
   */
  value<T>(v: T): T {
    const known = this.known();
    if (known.size === 0) return v;
    return walk(v, known, 0) as T;
  }

  /** A redactor for one text that leaves in pieces (a streamed reply). */
  stream(): StreamRedactor {
    return new StreamRedactor(() => this.known());
  }
}

/** Deeper than any contract value; a cycle or a hostile nesting stops here rather than overflowing. */
const MAX_DEPTH = 64;

function walk(v: unknown, known: KnownSecrets, depth: number): unknown {
  if (typeof v === 'string') return v.length < 8 ? v : redactStoredSecrets(v, known).text;
  if (v === null || typeof v !== 'object') return v;
  if (depth > MAX_DEPTH) return '[REDACTED:too-deep]';
  if (Array.isArray(v)) {
    let out: unknown[] | null = null;
    for (let i = 0; i < v.length; i++) {
      const x = walk(v[i], known, depth + 1);
      if (x !== v[i]) (out ??= v.slice())[i] = x;
    }
    return out ?? v;
  }
  // Only plain data is walked; anything else (a Buffer, a Date) is passed as it is, as JSON would have it.
  const proto = Object.getPrototypeOf(v);
  if (proto !== Object.prototype && proto !== null) return v;
  let out: Record<string, unknown> | null = null;
  for (const [k, x] of Object.entries(v)) {
    const key = walk(k, known, depth + 1) as string;
    const y = walk(x, known, depth + 1);
    if (key !== k || y !== x) {
      if (!out) out = { ...(v as Record<string, unknown>) };
      if (key !== k) delete out[k];
      out[key] = y;
    }
  }
  return out ?? v;
}
