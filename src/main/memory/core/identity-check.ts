// The check an identity-file save goes through. Identity files stay verbatim by design (the person wrote
// them, and they are sent to the model word for word), so nothing is changed here: the check only finds
// what the person should see before the file is saved.
//   - a value held in the secret store (exact match, also with spaces or invisible characters inside);
//   - secret-shaped text and instruction-shaped lines, by the same sanitizer every fact write goes
//     through (memory/facts/sanitize.ts), line by line, and per paragraph for an instruction that a
//     hard-wrapped Markdown paragraph splits over several lines.
// Pure: no I/O, so the engine, tests and any host can run it on any text.
import type { IdentityWarning } from '../../../shared/identity-warnings';
import { sanitizeFact, type SanitizeResult } from '../facts/sanitize';

/**
 * Identity files are instructions by design: a standing order ("When asked about code, show an example
 * first") or a persona ("You are a calm, patient tutor") is what SOUL.md and AGENTS.md are for. Those
 * families are not warned about; the hostile ones (overriding instructions, exfiltration, planted
 * permissions, concealment, role markup, tool coercion) are.
 */
const EXPECTED_IN_IDENTITY: ReadonlySet<string> = new Set(['trigger', 'persona']);
const warnsAbout = (v: SanitizeResult): v is Extract<SanitizeResult, { ok: false }> => !v.ok && !EXPECTED_IN_IDENTITY.has(v.family);

/** Shorter stored values would match ordinary words; the same floor as scrubbing logs (secret-store.ts). */
export const MIN_STORED_SECRET_CHARS = 6;

const PLACEHOLDER = /\[REDACTED:([a-z0-9-]{1,40})\]/g;
const WHOLE_PLACEHOLDER = /^\[REDACTED:[a-z0-9-]{1,40}\]$/;
/** Whitespace and format characters (zero-width, bidi, soft hyphen, tags) someone may hide inside a key. */
const SPACING = /[\s\p{Cf}]/gu;

export function checkIdentityText(content: string, knownSecrets: readonly string[]): IdentityWarning[] {
  const secrets = [...new Set(knownSecrets.filter((s) => typeof s === 'string' && s.length >= MIN_STORED_SECRET_CHARS))];
  const lines = content.split(/\r\n|\r|\n/);
  const warnings: IdentityWarning[] = [];
  const instructionLines = new Set<number>();

  lines.forEach((raw, i) => {
    if (!raw.trim()) return;
    const line = i + 1;
    // The sanitizer judges facts, where a Markdown heading is itself suspect; here headings, list
    // markers and quotes are the file's structure, so the words after them are what is judged.
    const text = withoutMarkup(raw);
    const stored = storedSecretsIn(raw, secrets);
    for (const s of stored) {
      warnings.push({ kind: 'stored-secret', line, endLine: line, what: 'a key kept in the secret store', last4: last4(s) });
    }
    const verdict = sanitizeFact(text);
    for (const found of redactedSpans(text, verdict.text)) {
      // The stored key was already reported, with its own wording; do not list it twice.
      if (found.span !== null && stored.some((s) => overlaps(found.span!, s))) continue;
      warnings.push({ kind: 'secret-shaped', line, endLine: line, what: `something shaped like a secret (${found.kind.replace(/-/g, ' ')})`, last4: found.span === null ? null : last4(found.span) });
    }
    if (warnsAbout(verdict)) {
      instructionLines.add(line);
      warnings.push({ kind: 'instruction', line, endLine: line, what: scrub(verdict.reason, secrets), last4: null });
    }
  });

  // A paragraph wrapped over several lines can carry an instruction none of its lines shows alone.
  for (const p of paragraphs(lines)) {
    if (p.from === p.to) continue;
    let flagged = false;
    for (let l = p.from; l <= p.to && !flagged; l++) flagged = instructionLines.has(l);
    if (flagged) continue;
    const verdict = sanitizeFact(p.text);
    if (!verdict.ok && warnsAbout(verdict)) warnings.push({ kind: 'instruction', line: p.from, endLine: p.to, what: scrub(verdict.reason, secrets), last4: null });
  }

  return warnings.sort((a, b) => a.line - b.line || a.endLine - b.endLine);
}

/** The stored values this line holds, as written or with spacing/invisible characters inside them. */
function storedSecretsIn(text: string, secrets: readonly string[]): string[] {
  if (!secrets.length) return [];
  const compact = text.replace(SPACING, '');
  return secrets.filter((s) => text.includes(s) || compact.includes(s.replace(SPACING, '')));
}

/**
 * The substrings of `original` that the sanitizer replaced by placeholders in `cleaned`, found by lining
 * the two texts up on the parts the sanitizer kept. When they cannot be lined up (it also stripped
 * invisible characters or normalised the text), the kinds are still reported, without a span.
 */
function redactedSpans(original: string, cleaned: string): { kind: string; span: string | null }[] {
  const kinds: string[] = [];
  const kept: string[] = [];
  let at = 0;
  for (const m of cleaned.matchAll(PLACEHOLDER)) {
    kept.push(cleaned.slice(at, m.index));
    kinds.push(m[1]);
    at = m.index + m[0].length;
  }
  kept.push(cleaned.slice(at));
  if (!kinds.length) return [];

  const spans = alignSpans(original, kept);
  const out: { kind: string; span: string | null }[] = [];
  kinds.forEach((kind, i) => {
    const span = spans ? spans[i] : null;
    // A placeholder the person typed themselves is text, not a secret.
    if (span !== null && WHOLE_PLACEHOLDER.test(span.trim())) return;
    out.push({ kind, span });
  });
  return out;
}

/** Splits `original` into the `kept` parts and the gaps between them; null when they do not line up. */
function alignSpans(original: string, kept: string[]): string[] | null {
  const first = kept[0];
  const last = kept[kept.length - 1];
  if (!original.startsWith(first) || !original.endsWith(last) || first.length + last.length > original.length) return null;
  const end = original.length - last.length;
  const spans: string[] = [];
  let pos = first.length;
  for (let i = 1; i < kept.length; i++) {
    const part = kept[i];
    let stop: number;
    if (i === kept.length - 1) stop = end;
    else if (part === '') return null; // two placeholders side by side: no way to tell where one ends
    else {
      stop = original.indexOf(part, pos + 1);
      if (stop < 0 || stop > end) return null;
    }
    spans.push(original.slice(pos, stop));
    pos = stop + part.length;
  }
  return pos <= original.length ? spans : null;
}

/** Markdown that opens a line: heading marks, list markers (with a task box), quote marks. */
const LINE_MARKUP = /^\s{0,3}(?:#{1,6}\s+|[-*+]\s+(?:\[[ xX]\]\s+)?|\d{1,9}[.)]\s+|>\s?)+/;
/** Lines that stand alone: a heading, a table row, a code fence. */
const STANDALONE = /^\s{0,3}(?:#{1,6}\s|\||```|~~~)/;
/** Lines that begin a new block: a list item. */
const ITEM_START = /^\s{0,3}(?:[-*+]\s|\d{1,9}[.)]\s)/;

function withoutMarkup(line: string): string {
  return line.replace(LINE_MARKUP, '');
}

/**
 * Paragraphs as a reader sees them (1-based, inclusive; lines joined with spaces, markup removed):
 * runs of lines between blank lines, where a list item starts a new one, and headings, table rows
 * and fenced code are never joined, so separate rules or lines of code are not read as one sentence.
 */
function paragraphs(lines: string[]): { from: number; to: number; text: string }[] {
  const out: { from: number; to: number; text: string }[] = [];
  let start = -1;
  let fenced = false;
  const close = (end: number) => {
    if (start >= 0) out.push({ from: start + 1, to: end, text: lines.slice(start, end).map((l) => withoutMarkup(l).trim()).join(' ') });
    start = -1;
  };
  lines.forEach((text, i) => {
    if (/^\s{0,3}(?:```|~~~)/.test(text)) fenced = !fenced;
    if (!text.trim() || fenced || STANDALONE.test(text)) return close(i);
    if (ITEM_START.test(text)) close(i);
    if (start < 0) start = i;
  });
  close(lines.length);
  return out;
}

/** Whether a redacted span and a stored value are the same key, however it was spaced. */
function overlaps(span: string, secret: string): boolean {
  const a = span.replace(SPACING, '');
  const b = secret.replace(SPACING, '');
  return a.length > 0 && (a.includes(b) || b.includes(a));
}

/** Enough to recognise a key in a list; spacing a person put inside it is not part of it. */
function last4(value: string): string {
  return value.replace(SPACING, '').slice(-4);
}

function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('…');
  return out;
}
