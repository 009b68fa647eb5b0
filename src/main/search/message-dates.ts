// The days a message talks about, resolved against the day it was written: "I watched it last night",
// written on 2 May, is about 1 May; "two weeks ago", written on 2 May, about 18 April. Search matches
// them to dates in a question ("What did Joanna watch on 1 May?") as it matches the day a message was
// written. Resolved once, when the message is stored (chrono-node takes ~0.3 ms a message, far too
// slow to run over candidates at query time), and only for messages that carry a time expression.
// English only (what chrono.parse uses anyway): the package root also loads ten other languages' parsers,
// 130 ms of every process's start-up. Even English alone is ~70 ms, so it is required at the first text
// with a time expression, not imported at start (most starts store no message).
import { createRequire } from 'node:module';
import type { ParsedResult } from 'chrono-node';
import { hasTimeExpression } from './rank';

type ChronoEn = typeof import('chrono-node/en');
let chronoEn: ChronoEn | null = null;
const chrono = (): ChronoEn => (chronoEn ??= createRequire(import.meta.url)('chrono-node/en') as ChronoEn);

/** At most this many days per message: a message listing a whole schedule is not about each day. */
const MAX_DAYS = 8;

/** 'YYYY-MM-DD' for each day the text names, relative words resolved against `createdAt` (UTC). */
export function resolvedDays(text: string, createdAt: string): string[] {
  // ("May" is left out of the ranker's time words, being a common verb; capitalised, it may be the month.)
  if (!text || !(hasTimeExpression(text) || /\bMay\b/.test(text))) return [];
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return [];
  const days = new Set<string>();
  const parser = chrono(); // outside the try: a parser that cannot load is an error, not an empty result
  let results: ParsedResult[];
  try {
    results = parser.parse(text.length > 4000 ? text.slice(0, 4000) : text, { instant, timezone: 'UTC' }, { forwardDate: false });
  } catch {
    return []; // a date parser's failure on odd text must never fail the write
  }
  for (const r of results) {
    // A month or year alone ("in May") is not a day: the month cue already covers it.
    if (!r.start.isCertain('day') && !r.start.isCertain('weekday') && !/\b(ago|yesterday|today|tonight|last night|tomorrow)\b/i.test(r.text)) continue;
    const d = r.start.date();
    if (Number.isNaN(d.getTime())) continue;
    days.add(d.toISOString().slice(0, 10));
    if (days.size >= MAX_DAYS) break;
  }
  return [...days];
}
