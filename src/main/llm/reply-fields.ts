// Lenient field types for reading model replies: each accepts what small models commonly send instead
// of the exact type (a number as a string, a single tag instead of a list, "True", a too-long summary)
// and turns it into what the task's schema expects. What cannot be turned is still an error, so the
// item it belongs to is dropped and counted (reply-shape.ts), never silently accepted.
import { z } from 'zod';

function numberLike(v: unknown): unknown {
  if (typeof v === 'string' && v.trim() !== '') {
    const t = v.trim();
    // "80%" is a confidence of 0.8: models mix the two ways of writing it.
    const pct = /^(-?\d+(?:[.,]\d+)?)\s*%$/.exec(t);
    if (pct) return Number(pct[1].replace(',', '.')) / 100;
    // "0,8": a decimal comma, as many languages write it.
    const n = Number(/^-?\d+,\d+$/.test(t) ? t.replace(',', '.') : t);
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

/** A number clamped into [min, max]: 1.3 → 1, -0.1 → 0, "0.8" → 0.8, "80%" → 0.8. */
export function clampedNumber(min: number, max: number) {
  return z.preprocess(numberLike, z.number().finite()).transform((n) => Math.min(max, Math.max(min, n)));
}

/** Text, trimmed; numbers become text. Longer than `max`: cut (for descriptive fields, where a cut is harmless). */
export function clippedText(max: number, opts: { min?: number } = {}) {
  return z.preprocess(
    (v) => (typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeof v === 'string' ? v.trim() : v),
    z.string().min(opts.min ?? 0).transform((s) => (s.length > max ? s.slice(0, max) : s)),
  );
}

/** Text, trimmed, that must fit: a name or a statement cut in half would be a different one. */
export function boundedText(min: number, max: number) {
  return z.preprocess((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : v), z.string().min(min).max(max));
}

/** A boolean; "true"/"yes"/1 and "false"/"no"/0 are read as such; missing → `fallback`. */
export function looseBoolean(fallback: boolean) {
  return z.preprocess((v) => {
    if (v === undefined || v === null) return fallback;
    if (typeof v === 'string') {
      const t = v.trim().toLowerCase();
      if (['true', 'yes', '1'].includes(t)) return true;
      if (['false', 'no', '0'].includes(t)) return false;
    }
    if (v === 1) return true;
    if (v === 0) return false;
    return v;
  }, z.boolean());
}

/** One of `values`, case-insensitive; missing → `fallback` when there is one. */
export function looseEnum<const T extends readonly [string, ...string[]]>(values: T, fallback?: T[number]) {
  return z.preprocess((v) => {
    if ((v === undefined || v === null || v === '') && fallback !== undefined) return fallback;
    return typeof v === 'string' ? v.trim().toLowerCase() : v;
  }, z.enum(values));
}

/**
 * Citation tags ("f1", "m2"): a single tag becomes a list, "[f1]" and " F1 " become "f1", "f1, f3"
 * becomes two. The caller maps tags to real ids and drops any that are not in the input.
 */
export function tagList(opts: { min?: number } = {}) {
  return z.preprocess(
    (v) => {
      const list = typeof v === 'string' ? v.split(/[,;\s]+/) : Array.isArray(v) ? v : v;
      if (!Array.isArray(list)) return list;
      return list
        .map((t) => (typeof t === 'number' ? String(t) : t))
        .map((t) => (typeof t === 'string' ? t.trim().replace(/^\[|\]$/g, '').trim().toLowerCase() : t))
        .filter((t) => t !== '');
    },
    z.array(z.string().max(40)).min(opts.min ?? 0),
  );
}

/** One citation tag ("l1", "[F3]" → "f3"). */
export function tagText() {
  return z.preprocess((v) => (typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim().replace(/^\[|\]$/g, '').trim().toLowerCase() : v), z.string().min(1).max(40));
}

/** The readable first problem of a failed item check, e.g. `"confidence": expected number`. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid';
  const where = issue.path.length ? `"${issue.path.join('.')}": ` : '';
  return `${where}${issue.message}`;
}
