// The small built-in samples the model self-test runs ("Check memory tasks", `monad models check`). Each
// is a real task on a tiny input, with a check of the answer that any capable model passes: the point is
// whether the model's replies can be used at all, not how good its judgement is.
import type { z } from 'zod';
import { checkContradictionsTask } from './prompts/check-contradictions';
import { consolidateFactsTask } from './prompts/consolidate-facts';
import { extractGraphTask } from './prompts/extract-graph';
import { inferLawsTask } from './prompts/infer-laws';
import { judgeFactTask } from './prompts/judge-fact';
import type { LlmTask } from './task';

export interface CheckSample<I = unknown, S extends z.ZodType = z.ZodType> {
  task: LlmTask<I, S>;
  input: I;
  /** null when the answer is usable; else what is wrong with it, in words. */
  verify(value: z.infer<S>): string | null;
}

const sample = <I, S extends z.ZodType>(s: CheckSample<I, S>): CheckSample => s as unknown as CheckSample;

const DATE = '2026-11-20T10:00:00.000Z';

export const CHECK_SAMPLES: CheckSample[] = [
  sample({
    task: extractGraphTask,
    input: {
      lines: [
        { tag: 'm1', role: 'user', date: DATE, text: 'I moved to Lisbon last month, and I now work at Acme as a designer.' },
        { tag: 'm2', role: 'assistant', date: DATE, text: 'Congratulations on the move and the new job!' },
      ],
    },
    verify: (v) => {
      if (!v.entities.length) return 'No entities were extracted from a message that names a city and a company.';
      if (!v.relations.length) return 'No relations were extracted from "I moved to Lisbon … I work at Acme".';
      if (!v.relations.some((r) => r.evidence.some((e) => e === 'm1' || e === 'm2'))) return 'No relation cites the message it came from ([m1]).';
      return null;
    },
  }),
  sample({
    task: consolidateFactsTask,
    input: {
      scope: 'global',
      facts: [
        { id: 'a1', scope: 'global', text: 'User lives in Lisbon.' },
        { id: 'a2', scope: 'global', text: 'The user lives in Lisbon, Portugal.' },
        { id: 'a3', scope: 'global', text: 'User drinks green tea in the morning.' },
      ],
    },
    verify: (v) => {
      if (!v.facts.length) return 'No facts came back: consolidation would lose everything.';
      const known = new Set(['f1', 'f2', 'f3']);
      const bad = v.facts.flatMap((f) => f.from).filter((t) => !known.has(t));
      if (bad.length) return `The reply cites facts that were not given (${bad.slice(0, 3).join(', ')}).`;
      return null;
    },
  }),
  sample({
    task: inferLawsTask,
    input: {
      scope: 'global',
      facts: [
        { tag: 'f1', text: 'User chose a vegetarian restaurant in Rome.' },
        { tag: 'f2', text: 'User asked for vegetarian places to eat in Paris.' },
        { tag: 'f3', text: 'User booked a vegetarian cooking class in Lisbon.' },
      ],
      relations: [],
    },
    // An empty list is a valid answer: some models are careful.
    verify: (v) => (v.laws.some((l) => l.support.some((t) => !['f1', 'f2', 'f3'].includes(t))) ? 'A rule cites facts that were not given.' : null),
  }),
  sample({
    task: checkContradictionsTask,
    input: {
      laws: [{ tag: 'l1', text: 'The user never drinks coffee.' }],
      facts: [
        { tag: 'f1', text: 'User drinks two cups of coffee every morning.' },
        { tag: 'f2', text: 'User lives in Lisbon.' },
      ],
    },
    verify: (v) => (v.contradictions.some((c) => c.law === 'l1' && c.fact === 'f1') ? null : 'The plain contradiction (rule l1 against fact f1) was not found.'),
  }),
  sample({
    task: judgeFactTask,
    input: { text: 'User enjoys hiking in the mountains on weekends.' },
    verify: (v) => (v.verdict === 'fact' ? null : 'A plain fact about the person was judged an instruction.'),
  }),
];
