// The one client every LLM caller uses: resolves the role to a model, owns timeouts, retries and token
// accounting, and turns provider failures into clear coded errors.
import { generateText, Output, type LanguageModel } from 'ai';
import type { z } from 'zod';
import type { Config, ModelRef } from '../../shared/config';
import { MonadError } from '../../shared/errors';
import { scrubSecrets, type SecretStore } from '../secrets/secret-store';
import { embeddingModel, languageModel } from './provider-factory';
import { ProviderKeys } from './provider-keys';
import { toProviderError } from './provider-errors';
import { requireModel, type ModelRole, type ResolvedModel } from './roles';
import { addUsage, emptyUsage, type LlmTask, type UsageTotals } from './task';

// Provider warnings (unsupported settings) would otherwise go straight to stdout on every call.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** Structured tasks are short; a stuck local server must not hold a consolidation run forever. */
export const TASK_TIMEOUT_MS = 120_000;
/** Transient provider failures (429/5xx) are retried by the SDK with backoff this many times. */
export const MAX_RETRIES = 2;

export interface LlmClientDeps {
  config: () => Config;
  secrets: SecretStore;
}

export interface ModelHandle {
  model: LanguageModel;
  resolved: ResolvedModel;
}

export class LlmClient {
  /** Lifetime totals for this engine, by task name. */
  readonly usage = new Map<string, UsageTotals>();

  /** Keys are looked up per call and sent only to the origin they were saved for. */
  private readonly keys: ProviderKeys;

  constructor(private readonly deps: LlmClientDeps) {
    this.keys = new ProviderKeys(deps.secrets);
  }

  /** `override`: a chat's own model choice (sessions.chat_model), for the chat role only. */
  languageModel(role: Exclude<ModelRole, 'embedding'>, agentId?: string, override?: ModelRef | null): ModelHandle {
    const resolved = requireModel(this.deps.config(), role, agentId, override);
    const key = this.keys.keyFor(resolved.provider);
    return { model: languageModel(resolved.provider, resolved.model, key), resolved };
  }

  embeddingModel(): { model: ReturnType<typeof embeddingModel>; resolved: ResolvedModel } {
    const resolved = requireModel(this.deps.config(), 'embedding');
    const key = this.keys.keyFor(resolved.provider);
    return { model: embeddingModel(resolved.provider, resolved.model, key), resolved };
  }

  /**
   * Runs a structured task with the memory role (unless told otherwise). The reply is checked against the
   * task's schema; a malformed reply is a PROVIDER_ERROR and the caller keeps its previous state.
   */
  async runTask<I, S extends z.ZodType>(
    task: LlmTask<I, S>,
    input: I,
    opts: { agentId?: string; role?: Exclude<ModelRole, 'embedding'>; signal?: AbortSignal; meter?: UsageTotals } = {},
  ): Promise<z.infer<S>> {
    const { model, resolved } = this.languageModel(opts.role ?? 'memory', opts.agentId);
    const signal = opts.signal ? AbortSignal.any([opts.signal, AbortSignal.timeout(TASK_TIMEOUT_MS)]) : AbortSignal.timeout(TASK_TIMEOUT_MS);
    try {
      const result = await generateText({
        model,
        system: task.system,
        prompt: task.prompt(input),
        output: Output.object({ schema: task.schema }),
        maxRetries: MAX_RETRIES,
        abortSignal: signal,
      });
      this.record(task.name, result.usage, opts.meter);
      return result.output as z.infer<S>;
    } catch (err) {
      this.record(task.name, undefined, opts.meter);
      throw this.providerError(err, resolved);
    }
  }

  /**
   * The coded error for a failed provider call, with every stored key masked out of its message:
   * providers (and proxies) may quote the presented key back in their error text.
   */
  providerError(err: unknown, resolved: ResolvedModel): MonadError {
    const e = toProviderError(err, { providerName: resolved.provider.name, model: resolved.model });
    let secrets: string[];
    try {
      secrets = this.deps.secrets.values();
    } catch {
      secrets = [];
    }
    const message = scrubSecrets(e.message, secrets);
    return message === e.message ? e : new MonadError(e.code, message, e.details);
  }

  record(taskName: string, usage: { inputTokens?: number; outputTokens?: number } | undefined, meter?: UsageTotals): void {
    const totals = this.usage.get(taskName) ?? emptyUsage();
    addUsage(totals, usage);
    this.usage.set(taskName, totals);
    if (meter) addUsage(meter, usage);
  }
}
