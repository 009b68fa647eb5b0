// Sanitizer case files: loading them and judging one result against its expectation. Shared by the unit
// tests (which assert that the list of problems is empty) and bench/sanitizer-figures.ts (which counts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SanitizeResult } from '../../src/main/memory/facts/sanitize';

export type Expectation = 'redact' | 'keep' | 'reject' | 'accept';

export interface SanitizerCase {
  text: string;
  expect: Expectation;
  /** The secret(s) that must not survive; several are joined with " | ". */
  secret?: string;
  /** What the case exercises (twilio, authority, near-miss-brand…). */
  class?: string;
  lang?: string;
  why?: string;
  /** For 'keep' cases: redacting the token itself is acceptable too (a publishable or documentation key). */
  soft?: boolean;
  /** Older corpora: the case label, and the placeholder kind expected. */
  kind?: string;
  placeholder?: string;
}

export interface CaseFile {
  file: string;
  cases: SanitizerCase[];
}

/** Cases someone believes are wrong: kept as written in their file, listed here with the reason. */
export const DISPUTED_FILE = 'disputed.json';

export function loadCases(path: string): SanitizerCase[] {
  return (JSON.parse(readFileSync(path, 'utf8')) as { cases: SanitizerCase[] }).cases;
}

export function loadCaseFolder(dir: string): CaseFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json') && f !== DISPUTED_FILE)
    .sort()
    .map((file) => ({ file, cases: loadCases(join(dir, file)) }));
}

/** text → reason, for the cases listed in the folder's disputed.json (none when it has no such file). */
export function loadDisputed(dir: string): Map<string, string> {
  const path = join(dir, DISPUTED_FILE);
  if (!existsSync(path)) return new Map();
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as { disputed: { text: string; reason: string }[] };
  return new Map(parsed.disputed.map((d) => [d.text, d.reason]));
}

const PLACEHOLDER = /\[REDACTED:[a-z0-9-]+\]/;
const PLACEHOLDER_G = /\[REDACTED:[a-z0-9-]+\]/g;

/**
 * For "soft" keep cases, where redacting a token-like word is acceptable: the output must be the input
 * with whole tokens (no whitespace inside) swapped for placeholders and nothing else changed, so a soft
 * redaction can never eat the sentence around it.
 */
export function softRedactionProblems(input: string, output: string): string[] {
  if (!PLACEHOLDER.test(output)) return ['soft redaction left no placeholder'];
  const parts = output.split(PLACEHOLDER_G).map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const shape = new RegExp(`^${parts.join('(\\S+?)')}$`, 'u');
  return shape.test(input.normalize('NFC')) ? [] : ['soft redaction changed more than the redacted tokens'];
}
/** Characters nobody sees: format controls (zero-width, bidi, tags) and variation selectors. */
const INVISIBLE = /[\p{Cf}\u034f\u180b-\u180f\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;
const MIN_LEAK_RUN = 8;

function visible(text: string): string {
  return text.normalize('NFC').replace(INVISIBLE, '');
}

/** The words around the secret(s) in the input, which redaction must leave in place. */
export function surroundingWords(text: string, secrets: string[]): string[] {
  let rest = visible(text);
  for (const s of secrets) rest = rest.split(visible(s)).join(' ');
  return rest.match(/\p{L}[\p{L}\p{N}_]{2,}/gu) ?? [];
}

/**
 * What is wrong with `r` as the outcome of case `c`; empty when the sanitizer did what the case expects:
 *   redact → accepted, every secret gone (no 8-character run of it left), a placeholder present, and every
 *            word around the secret kept;
 *   keep   → accepted and unchanged (soft: a placeholder instead of the token is fine too);
 *   reject → refused as injection, with a reason;
 *   accept → stored, unchanged apart from invisible characters.
 */
export function judgeCase(c: SanitizerCase, r: SanitizeResult): string[] {
  const problems: string[] = [];
  switch (c.expect) {
    case 'redact': {
      if (!r.ok) return [`rejected instead of redacted: ${r.reason}`];
      const secrets = (c.secret ?? '').split(' | ').filter(Boolean);
      if (secrets.length === 0) return ['a redact case must name its secret'];
      if (!PLACEHOLDER.test(r.text) || r.redactions.length === 0) problems.push('no placeholder in the output');
      const out = visible(r.text);
      const outside = visible(c.text);
      for (const raw of secrets) {
        const secret = visible(raw);
        if (out.includes(secret)) {
          problems.push(`secret survived: ${secret.slice(0, 24)}…`);
          continue;
        }
        const rest = outside.split(secret).join('\u0000');
        for (let i = 0; i + MIN_LEAK_RUN <= secret.length; i++) {
          const run = secret.slice(i, i + MIN_LEAK_RUN);
          // A run that also occurs outside the secret may legitimately stay.
          if (!rest.includes(run) && out.includes(run)) {
            problems.push(`part of the secret survived: ${run}`);
            break;
          }
        }
      }
      const missing = surroundingWords(c.text, secrets).filter((w) => !out.includes(w));
      if (missing.length) problems.push(`words around the secret were lost: ${[...new Set(missing)].slice(0, 5).join(', ')}`);
      if (c.placeholder && !r.text.includes(`[REDACTED:${c.placeholder}]`)) problems.push(`expected [REDACTED:${c.placeholder}]`);
      return problems;
    }
    case 'keep': {
      if (!r.ok) return [`rejected: ${r.reason}`];
      if (c.soft && r.redactions.length > 0) return softRedactionProblems(c.text, r.text);
      if (r.redactions.length > 0) problems.push(`redacted: ${r.redactions.map((x) => x.kind).join(', ')} → ${r.text.slice(0, 160)}`);
      else if (r.text !== c.text.normalize('NFC')) problems.push('text changed');
      return problems;
    }
    case 'reject':
      if (r.ok) return ['accepted; expected a refusal as injection'];
      if (r.category !== 'injection') problems.push(`category ${r.category}`);
      if (r.reason.length <= 10) problems.push('no reason given');
      return problems;
    case 'accept':
      if (!r.ok) return [`rejected: ${r.reason}`];
      if (r.redactions.length > 0) problems.push(`redacted: ${r.redactions.map((x) => x.kind).join(', ')} → ${r.text.slice(0, 160)}`);
      else if (visible(r.text) !== visible(c.text)) problems.push('text changed beyond invisible characters');
      return problems;
    default:
      return [`unknown expectation ${String((c as { expect: unknown }).expect)}`];
  }
}

/** A short, stable test name for a case. */
export function caseName(c: SanitizerCase, index: number): string {
  const label = c.class ?? c.kind ?? c.placeholder;
  const shown = JSON.stringify(c.text).slice(1, -1);
  const short = shown.length > 70 ? `${shown.slice(0, 70)}…` : shown;
  return `#${String(index + 1).padStart(3, '0')} ${c.expect}${label ? ` [${label}${c.lang && c.lang !== 'en' ? `/${c.lang}` : ''}]` : ''}${c.soft ? ' (soft)' : ''}: ${short}`;
}
