// One structured task against one model: ask (with structured output where the provider takes it),
// read the reply leniently, and when it cannot be read, ask once more showing the model its error.
// After that, give up with a reason a person can act on (BAD_REPLY), keeping the raw reply for the
// self-test and the failure record.
import type { LanguageModel, ModelMessage } from 'ai';
import { loadAiSdk } from './ai-sdk';
import type { z } from 'zod';
import { MonadError } from '../../shared/errors';
import { taskLabel } from '../../shared/memory-tasks';
import { readReply, type ReplyNotes } from './reply-shape';
import { ReplyTextError } from './reply-text';
import { isResponseFormatRejected, rawJsonOutput } from './structured-output';
import type { LlmTask } from './task';

/** The raw reply kept with a failure: enough to see what the model did, not a whole transcript. */
export const KEEP_RAW_CHARS = 4000;

export interface TaskCallOptions {
  model: LanguageModel;
  /** false: this model's server refused `response_format` before; ask with the prompt only. */
  structured: boolean;
  signal: AbortSignal;
  maxRetries: number;
  /** Each provider call's usage, as it happens (the repair attempt is a call too). */
  onUsage(usage: { inputTokens?: number; outputTokens?: number } | undefined): void;
  /** The server refused `response_format` (its words): remember it for this model. */
  onStructuredRejected(reason: string): void;
}

export interface TaskOutcome<T> {
  value: T;
  notes: ReplyNotes;
  /** The reply that was read (the repaired one when the first failed). */
  raw: string;
  /** The first reply could not be read, the second could. */
  repaired: boolean;
  structured: boolean;
  /** The model stopped at its token limit: the reply was cut off, and what was complete was kept. */
  truncated: boolean;
}

/** Why a reply could not be used, in words for the model (on the repair attempt) and the person. */
export function replyProblem(raw: string, task: Pick<LlmTask<unknown, z.ZodType>, 'reply' | 'schema'>): { ok: true; value: unknown; notes: ReplyNotes } | { ok: false; reason: string } {
  try {
    const { value, notes } = readReply(raw, task.reply);
    const checked = task.schema.safeParse(value);
    if (!checked.success) return { ok: false, reason: `The JSON does not match the expected format: ${checked.error.issues[0]?.message ?? 'invalid'}.` };
    return { ok: true, value: checked.data, notes };
  } catch (err) {
    if (err instanceof ReplyTextError || (err instanceof Error && err.name === 'ReplyShapeError')) return { ok: false, reason: err.message };
    return { ok: false, reason: `The reply could not be read: ${(err as Error).message}` };
  }
}

function repairRequest(reason: string): string {
  return [
    `Your reply could not be used. ${reason}`,
    'Answer again with only the JSON, in exactly the format asked for: no explanation, no Markdown, nothing before or after it.',
  ].join(' ');
}

export class TaskReplyError extends MonadError {
  constructor(
    readonly task: string,
    readonly reason: string,
    readonly raw: string,
    where: string,
  ) {
    super('BAD_REPLY', `${where} sent a reply that could not be used (${taskLabel(task).toLowerCase()}), even after being shown the problem: ${reason}`, { task, reason, raw: raw.slice(0, KEEP_RAW_CHARS) });
    this.name = 'TaskReplyError';
  }
}

export async function runTaskCall<I, S extends z.ZodType>(task: LlmTask<I, S>, input: I, opts: TaskCallOptions & { where: string }): Promise<TaskOutcome<z.infer<S>>> {
  let structured = opts.structured;
  const messages: ModelMessage[] = [{ role: 'user', content: task.prompt(input) }];

  let truncated = false;
  const { generateText } = await loadAiSdk();
  const ask = async (): Promise<string> => {
    try {
      const result = await generateText({
        model: opts.model,
        system: task.system,
        messages,
        ...(structured ? { output: rawJsonOutput(task) } : {}),
        ...(task.maxOutputTokens ? { maxOutputTokens: task.maxOutputTokens } : {}),
        maxRetries: opts.maxRetries,
        abortSignal: opts.signal,
      });
      opts.onUsage(result.usage);
      truncated = result.finishReason === 'length';
      return result.text;
    } catch (err) {
      opts.onUsage(undefined);
      if (structured && isResponseFormatRejected(err)) {
        // The prompt already spells out the JSON format: ask the same without response_format.
        structured = false;
        opts.onStructuredRejected(err instanceof Error ? err.message : String(err));
        return ask();
      }
      throw err;
    }
  };

  const first = await ask();
  const read1 = replyProblem(first, task);
  if (read1.ok) return { value: read1.value as z.infer<S>, notes: read1.notes, raw: first, repaired: false, structured, truncated };

  messages.push({ role: 'assistant', content: first }, { role: 'user', content: repairRequest(read1.reason) });
  const second = await ask();
  const read2 = replyProblem(second, task);
  if (read2.ok) return { value: read2.value as z.infer<S>, notes: read2.notes, raw: second, repaired: true, structured, truncated };
  throw new TaskReplyError(task.name, read2.reason, second, opts.where);
}
