// The one client every LLM caller uses: resolves the role to a model, owns timeouts, retries and token
// accounting, and turns provider failures into clear coded errors.
import type { EmbeddingModel, LanguageModel } from 'ai';
import type { z } from 'zod';
import type { Config, ModelRef } from '../../shared/config';
import { MonadError } from '../../shared/errors';
import { EgressFilter } from '../secrets/egress-filter';
import { scrubSecrets, type SecretStore } from '../secrets/secret-store';
import type { ModelCapabilities } from './model-capabilities';
import { DEFAULT_BASE_URL, embeddingModel, languageModel } from './provider-factory';
import { ProviderKeys } from './provider-keys';
import { toProviderError } from './provider-errors';
import { requireModel, type ModelRole, type ResolvedModel } from './roles';
import { addUsage, emptyUsage, type LlmTask, type UsageTotals } from './task';
import { countNotes } from './reply-shape';
import { runTaskCall, TaskReplyError, type TaskOutcome } from './run-task';
import type { TaskHealth } from './task-health';

// Provider warnings (unsupported settings) would otherwise go straight to stdout on every call.
(globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;

/** Structured tasks are short; a stuck local server must not hold a consolidation run forever. */
export const TASK_TIMEOUT_MS = 120_000;
/** Transient provider failures (429/5xx) are retried by the SDK with backoff this many times. */
export const MAX_RETRIES = 2;

export interface LlmClientDeps {
  config: () => Config;
  secrets: SecretStore;
  /** Where memory-task failures are counted (issue 18 §4); none in tools that only test a provider. */
  health?: TaskHealth;
  /** Where a model's refusal of `response_format` is remembered across starts; without it, for this run only. */
  capabilities?: Pick<ModelCapabilities, 'acceptsResponseFormat' | 'rememberNoResponseFormat'>;
  /** Filters every request body (prompts, embedding inputs) of the secret store's values; built from `secrets` when not given. */
  egress?: EgressFilter;
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

  /** provider id + model of servers that refused `response_format` this run (no `capabilities` given). */
  private readonly noResponseFormat = new Set<string>();

  /** Every prompt and embedding input passes it on the way to any provider (issue 32 §3). */
  private readonly egress: EgressFilter;

  constructor(private readonly deps: LlmClientDeps) {
    this.keys = new ProviderKeys(deps.secrets);
    this.egress = deps.egress ?? new EgressFilter(() => deps.secrets.values());
  }

  /** `override`: a chat's own model choice (sessions.chat_model), for the chat role only. */
  /** Async because the provider's package is imported on first use (provider-factory.ts); a missing model or key still fails first. */
  async languageModel(role: Exclude<ModelRole, 'embedding'>, agentId?: string, override?: ModelRef | null): Promise<ModelHandle> {
    const resolved = requireModel(this.deps.config(), role, agentId, override);
    const key = this.keys.keyFor(resolved.provider);
    return { model: await languageModel(resolved.provider, resolved.model, key, this.egress), resolved };
  }

  /** A model named directly (the self-test of a model that is not assigned to a role yet). */
  async modelFor(providerId: string, modelId: string, role: ModelRole = 'memory'): Promise<ModelHandle> {
    const provider = this.deps.config().models.providers.find((p) => p.id === providerId);
    if (!provider) throw new MonadError('NOT_FOUND', `There is no provider "${providerId}". Add it in Settings → Models.`);
    const key = this.keys.keyFor(provider);
    return { model: await languageModel(provider, modelId, key, this.egress), resolved: { role, provider, model: modelId, source: 'global' } };
  }

  async embeddingModel(): Promise<{ model: EmbeddingModel; resolved: ResolvedModel }> {
    const resolved = requireModel(this.deps.config(), 'embedding');
    const key = this.keys.keyFor(resolved.provider);
    return { model: await embeddingModel(resolved.provider, resolved.model, key, this.egress), resolved };
  }

  /**
   * Runs a structured task with the memory role (unless told otherwise). The reply is read leniently and
   * checked against the task's schema (run-task.ts); a reply that cannot be used even after one repair
   * attempt is a BAD_REPLY. Every failure but a cancellation is recorded (task-health.ts).
   */
  async runTask<I, S extends z.ZodType>(
    task: LlmTask<I, S>,
    input: I,
    opts: { agentId?: string; role?: Exclude<ModelRole, 'embedding'>; signal?: AbortSignal; meter?: UsageTotals } = {},
  ): Promise<z.infer<S>> {
    return (await this.runTaskDetailed(task, input, opts)).value;
  }

  /** runTask with what reading the reply did (items dropped, the raw reply), for summaries and the self-test. */
  async runTaskDetailed<I, S extends z.ZodType>(
    task: LlmTask<I, S>,
    input: I,
    opts: { agentId?: string; role?: Exclude<ModelRole, 'embedding'>; signal?: AbortSignal; meter?: UsageTotals; model?: ModelHandle; record?: boolean } = {},
  ): Promise<TaskOutcome<z.infer<S>>> {
    const { model, resolved } = opts.model ?? (await this.languageModel(opts.role ?? 'memory', opts.agentId));
    const signal = opts.signal ? AbortSignal.any([opts.signal, AbortSignal.timeout(TASK_TIMEOUT_MS)]) : AbortSignal.timeout(TASK_TIMEOUT_MS);
    const key = `${resolved.provider.id}\u0000${resolved.model}`;
    const record = opts.record ?? true;
    try {
      const outcome = await runTaskCall(task, input, {
        model,
        // The capabilities file is the one record when there is one ("Check memory tasks" clears it there).
        structured: this.deps.capabilities ? this.deps.capabilities.acceptsResponseFormat(resolved.provider.id, resolved.model) : !this.noResponseFormat.has(key),
        signal,
        maxRetries: MAX_RETRIES,
        where: `${resolved.provider.name} (${resolved.model})`,
        onUsage: (usage) => this.record(task.name, usage, opts.meter),
        onStructuredRejected: (reason) => {
          // Kept across starts: a server that refused it once would refuse it again, at one wasted call per start.
          if (this.deps.capabilities) this.deps.capabilities.rememberNoResponseFormat(resolved.provider.id, resolved.model, this.scrub(reason));
          else this.noResponseFormat.add(key);
        },
      });
      if (record) this.deps.health?.success(task.name, opts.agentId, { ...countNotes(outcome.notes), repaired: outcome.repaired });
      return outcome;
    } catch (err) {
      const e = err instanceof TaskReplyError ? err : this.providerError(err, resolved);
      // The person stopping the work is not a failure; a caller's deadline (the fact check's) is one.
      const reason: unknown = opts.signal?.aborted ? opts.signal.reason : undefined;
      const stopped = opts.signal?.aborted && (reason === undefined || (reason instanceof Error && reason.name === 'AbortError'));
      if (record && e.code !== 'CANCELLED' && !stopped) {
        this.deps.health?.failure({
          agentId: opts.agentId,
          task: task.name,
          provider: resolved.provider.name,
          model: resolved.model,
          // A bad reply's reason is what the model did wrong; the where and the task are in the record already.
          reason: err instanceof TaskReplyError ? `The reply could not be used, even after a second try: ${err.reason}` : e.message,
          rawReply: err instanceof TaskReplyError ? err.raw : null,
        });
      }
      throw e;
    }
  }

  /**
   * The coded error for a failed provider call, with every stored key masked out of its message:
   * providers (and proxies) may quote the presented key back in their error text.
   */
  providerError(err: unknown, resolved: ResolvedModel): MonadError {
    const e = toProviderError(err, { providerName: resolved.provider.name, model: resolved.model, baseURL: resolved.provider.baseURL ?? DEFAULT_BASE_URL[resolved.provider.kind] });
    const message = this.scrub(e.message);
    return message === e.message ? e : new MonadError(e.code, message, e.details);
  }

  /** A provider's words with every stored key masked: providers (and proxies) may quote the key back. */
  private scrub(text: string): string {
    let secrets: readonly string[];
    try {
      secrets = this.deps.secrets.values();
    } catch {
      secrets = [];
    }
    return scrubSecrets(text, secrets);
  }

  record(taskName: string, usage: { inputTokens?: number; outputTokens?: number } | undefined, meter?: UsageTotals): void {
    const totals = this.usage.get(taskName) ?? emptyUsage();
    addUsage(totals, usage);
    this.usage.set(taskName, totals);
    if (meter) addUsage(meter, usage);
  }
}
