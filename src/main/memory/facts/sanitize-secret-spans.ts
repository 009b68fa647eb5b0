/**
 * How rule matches become redaction spans for sanitize-secrets.ts: one rule's matches, keys paired with
 * their public id, private key blocks, and the overlap tests and merge that decide what is redacted in the
 * end. The rules themselves are sanitize-secret-rules.ts and sanitize-secret-providers.ts.
 */
import type { RedactionKind, SecretRule as Rule } from './sanitize-secret-providers';
import { shannonEntropy } from './sanitize-secret-shapes';
import { allMatches } from './sanitize-regex-scan';
import type { TextGate } from './sanitize-match-needs';

export interface Span {
  start: number;
  end: number;
  kind: RedactionKind;
  /** Lower wins when overlapping spans are merged. */
  priority: number;
}

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

export function collectPairs(text: string, priority: number, out: Span[]): void {
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

/** One rule's matches in the gate's text; a rule whose needs the text lacks is not scanned (sanitize-match-needs.ts). */
export function collect(gate: TextGate, rule: Rule, priority: number, out: Span[]): void {
  const text = gate.text;
  rule.pattern.lastIndex = 0;
  if (!gate.mayMatch(rule.pattern)) return;
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
export function collectPrivateKeys(text: string, out: Span[]): void {
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

export function spansOf(text: string, patterns: RegExp[]): Array<[number, number]> {
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
export function overlapIndex(ranges: Array<[number, number]>): (span: Span) => boolean {
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

/** Overlapping matches become one redaction (union, so no fragment of a secret survives); best kind wins. */
export function mergeSpans(spans: Span[]): Span[] {
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
