// The model self-test (issue 18 §3): runs each memory task on its built-in sample with one model and
// reports pass / fail / time per task, with the raw reply and the reason on failure; then whether the
// chat model calls a tool when asked to. Reports are kept per provider + model (model_check table) and
// shown next to the role. Self-test calls are not counted as memory-task failures of any agent.
import type { Database } from 'better-sqlite3';
import { z } from 'zod';
import { MonadError } from '../../shared/errors';
import type { ModelCheckItem, ModelCheckReport } from '../../shared/memory-tasks';
import { taskLabel } from '../../shared/memory-tasks';
import { loadAiSdk } from './ai-sdk';
import type { LlmClient, ModelHandle } from './llm-client';
import { noToolsReason, type ModelCapabilities } from './model-capabilities';
import { CHECK_SAMPLES, type CheckSample } from './model-check-samples';
import { countNotes } from './reply-shape';
import { KEEP_RAW_CHARS, TaskReplyError } from './run-task';

export const TOOL_CHECK = 'tool-calling';
/** Each check is short; a model that takes longer than this on a three-line sample is not usable for memory. */
export const CHECK_TIMEOUT_MS = 90_000;

export interface ModelCheckTarget {
  providerId?: string;
  model?: string;
  /** Also check tool calling (the chat model's memory tool). Default: true. */
  tools?: boolean;
}

export class ModelChecks {
  constructor(
    private readonly d: {
      db: Database;
      llm: LlmClient;
      now: () => Date;
      /** What a check learns is remembered: it is how a person says "this model was updated, try again". */
      capabilities?: Pick<ModelCapabilities, 'forgetResponseFormat' | 'remember'>;
    },
  ) {}

  /** The model a check is about: the one named, else the memory role's (global) model. */
  private async target(t: ModelCheckTarget): Promise<{ memory: ModelHandle; chat: ModelHandle | null }> {
    if (t.providerId || t.model) {
      if (!t.providerId || !t.model) throw new MonadError('BAD_INPUT', 'Name both the provider and the model to check, or neither (to check the memory model).');
      const handle = await this.d.llm.modelFor(t.providerId, t.model);
      return { memory: handle, chat: handle };
    }
    const memory = await this.d.llm.languageModel('memory');
    let chat: ModelHandle | null = null;
    try {
      chat = await this.d.llm.languageModel('chat');
    } catch {
      chat = null;
    }
    return { memory, chat };
  }

  async run(t: ModelCheckTarget = {}, signal?: AbortSignal): Promise<ModelCheckReport> {
    const { memory, chat } = await this.target(t);
    // Asked with structured output again, whatever an earlier refusal taught: a refusal now is learned anew.
    this.d.capabilities?.forgetResponseFormat(memory.resolved.provider.id, memory.resolved.model);
    const items: ModelCheckItem[] = [];
    for (const s of CHECK_SAMPLES) {
      signal?.throwIfAborted();
      items.push(await this.runSample(s, memory, signal));
    }
    // Tool calling matters for the chat model (it writes memory through a tool): the named model, or the
    // chat role's model, which may differ from the memory one (the label then says which).
    if ((t.tools ?? true) && chat) {
      const other = chat.resolved.provider.id !== memory.resolved.provider.id || chat.resolved.model !== memory.resolved.model;
      items.push(await this.runToolCheck(chat, other, signal));
    }
    const report: ModelCheckReport = {
      providerId: memory.resolved.provider.id,
      providerName: memory.resolved.provider.name,
      model: memory.resolved.model,
      checkedAt: this.d.now().toISOString(),
      passed: items.filter((i) => i.ok).length,
      total: items.length,
      items,
    };
    this.d.db
      .prepare(
        `INSERT INTO model_check (provider, model, checked_at, report) VALUES (?, ?, ?, ?)
         ON CONFLICT (provider, model) DO UPDATE SET checked_at = excluded.checked_at, report = excluded.report`,
      )
      .run(report.providerId, report.model, report.checkedAt, JSON.stringify(report));
    return report;
  }

  /** The last report of every model checked, newest first. */
  list(): ModelCheckReport[] {
    const rows = this.d.db.prepare(`SELECT report FROM model_check ORDER BY checked_at DESC`).all() as { report: string }[];
    return rows.flatMap((r) => {
      try {
        return [JSON.parse(r.report) as ModelCheckReport];
      } catch {
        return [];
      }
    });
  }

  private async runSample(s: CheckSample, model: ModelHandle, signal?: AbortSignal): Promise<ModelCheckItem> {
    const started = performance.now();
    const base = { task: s.task.name, label: taskLabel(s.task.name) };
    const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
    try {
      const out = await this.d.llm.runTaskDetailed(s.task, s.input, { model, signal: signal ? AbortSignal.any([signal, timeout]) : timeout, record: false });
      const ms = Math.round(performance.now() - started);
      const problem = s.verify(out.value);
      const counts = countNotes(out.notes);
      return {
        ...base,
        ok: problem === null,
        ms,
        ...counts,
        repaired: out.repaired,
        structured: out.structured,
        error: problem,
        rawReply: problem !== null || out.repaired || counts.dropped > 0 ? out.raw.slice(0, KEEP_RAW_CHARS) : null,
      };
    } catch (err) {
      if (signal?.aborted) throw err;
      const ms = Math.round(performance.now() - started);
      return {
        ...base,
        ok: false,
        ms,
        dropped: 0,
        cut: 0,
        repaired: false,
        structured: false,
        error: err instanceof TaskReplyError ? err.reason : (err as Error).message,
        rawReply: err instanceof TaskReplyError ? err.raw : null,
      };
    }
  }

  private async runToolCheck(chat: ModelHandle, otherModel: boolean, signal?: AbortSignal): Promise<ModelCheckItem> {
    const started = performance.now();
    const base = { task: TOOL_CHECK, label: otherModel ? `Calling the memory tool (chat model ${chat.resolved.model})` : 'Calling the memory tool (as a chat model)', dropped: 0, cut: 0, repaired: false, structured: false };
    const timeout = AbortSignal.timeout(CHECK_TIMEOUT_MS);
    try {
      const { generateText, tool } = await loadAiSdk();
      const result = await generateText({
        model: chat.model,
        system: 'You are an assistant with a long-term memory. When the user tells you something to remember, call the memory_write tool.',
        prompt: 'Please remember that my sister is called Ana.',
        tools: { memory_write: tool({ description: 'Save a short fact about the user to long-term memory.', inputSchema: z.object({ text: z.string() }) }) },
        maxRetries: 1,
        abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      this.d.llm.record(TOOL_CHECK, result.usage);
      const ms = Math.round(performance.now() - started);
      const call = result.toolCalls.find((c) => c.toolName === 'memory_write');
      const text = (call?.input as { text?: unknown } | undefined)?.text;
      const ok = typeof text === 'string' && text.trim() !== '';
      // A model that calls the tool takes tools (an updated model, after a refusal was learned): offer them again.
      if (ok) this.d.capabilities?.remember(chat.resolved.provider.id, chat.resolved.model, true, 'check', 'it called the memory tool in “Check memory tasks”');
      return {
        ...base,
        ok,
        ms,
        error: ok ? null : call ? 'The model called the memory tool without the text to save.' : 'The model answered in text instead of calling the memory tool: it may not support tools.',
        rawReply: ok ? null : (result.text || JSON.stringify(result.toolCalls)).slice(0, KEEP_RAW_CHARS),
      };
    } catch (err) {
      if (signal?.aborted) throw err;
      const refused = noToolsReason(err);
      if (refused) this.d.capabilities?.remember(chat.resolved.provider.id, chat.resolved.model, false, 'check', refused);
      return { ...base, ok: false, ms: Math.round(performance.now() - started), error: this.d.llm.providerError(err, chat.resolved).message, rawReply: null };
    }
  }
}
