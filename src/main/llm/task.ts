// One module per LLM task (STYLE.md habit 5): each task file exports an LlmTask holding its prompt and
// its response schema, so what we ask and what we accept live side by side.
import type { z } from 'zod';
import type { ReplyShape } from './reply-shape';

export interface LlmTask<I, S extends z.ZodType> {
  /** Short name used in logs, usage accounting and run summaries. */
  name: string;
  /** The checked result callers get; also sent as the structured-output JSON schema where providers take one. */
  schema: S;
  /** How a model's reply is read into `schema`: lenient per-item checks, limits that keep the first N (reply-shape.ts). */
  reply: ReplyShape;
  system: string;
  prompt(input: I): string;
  /** A ceiling on the reply for a task whose answer is short (a title): bounds what a runaway model costs. */
  maxOutputTokens?: number;
}

export interface UsageTotals {
  calls: number;
  inputTokens: number;
  outputTokens: number;
}

export function emptyUsage(): UsageTotals {
  return { calls: 0, inputTokens: 0, outputTokens: 0 };
}

export function addUsage(into: UsageTotals, usage: { inputTokens?: number; outputTokens?: number } | undefined): void {
  into.calls += 1;
  into.inputTokens += usage?.inputTokens ?? 0;
  into.outputTokens += usage?.outputTokens ?? 0;
}
