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
 *
 * This file is the order the rules run in and the edit itself; the keyword, URL and shape rules are in
 * sanitize-secret-rules.ts, and how matches become spans and merge is sanitize-secret-spans.ts.
 */
import { KnownSecrets, STORED_SECRET_KIND } from './sanitize-known-secrets';
import { findRecoveryPhrases } from './sanitize-secret-bip39';
import { findContextSecrets } from './sanitize-secret-context';
import { ENV_ASSIGNMENT_RULES } from './sanitize-secret-env';
import { findRuleSetSecrets } from './sanitize-secret-secretlint';
import { PROVIDER_RULES, type RedactionKind } from './sanitize-secret-providers';
import { ASSIGNMENT_RULES, GENERIC_RULES, PROTECTED_PUBLIC, PUBLIC_MATERIAL, SECRET_NOUN, URL_RULES, sentenceBefore } from './sanitize-secret-rules';
import { collect, collectPairs, collectPrivateKeys, mergeSpans, overlapIndex, spansOf, type Span } from './sanitize-secret-spans';
import { isPlaceholderValue, looksLikeKeyedSecret, shannonEntropy } from './sanitize-secret-shapes';
import { TextGate } from './sanitize-match-needs';
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

/** Shape rules only: what a run of characters is, with no keyword context (used on spelled-out keys too). */
function findSpans(source: string, opts: { known: KnownSecrets; spelledOut: boolean }): Span[] {
  const placeholders = spansOf(source, [PLACEHOLDER]);
  // Rules read the text with placeholders masked: "[REDACTED:password]" must not act as a label, nor its
  // blank as a value. NUL never survives stripInvisible, and no rule takes a run of it for a secret.
  const text = placeholders.length ? source.replace(PLACEHOLDER, (m) => '\u0000'.repeat(m.length)) : source;
  const candidates: Span[] = [];
  for (const [start, end] of opts.known.find(text)) candidates.push({ start, end, kind: STORED_SECRET_KIND, priority: -2 });
  collectPrivateKeys(text, candidates);
  const gate = new TextGate(text);
  let priority = 0;
  for (const rule of [...PROVIDER_RULES, ...URL_RULES, ...ASSIGNMENT_RULES, ...ENV_ASSIGNMENT_RULES]) collect(gate, rule, priority++, candidates);
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
  for (const rule of GENERIC_RULES) collect(gate, rule, priority++, generic);
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
