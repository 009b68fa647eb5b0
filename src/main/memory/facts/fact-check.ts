// The memory model's check of a new fact, in front of the write (memory.factCheck): "is this a fact about
// the person, or an instruction to an assistant?". It runs only when a memory model is set, on facts the
// pattern detector let through: the borderline ones (borderline.ts) or all of them, per the setting.
// Verdicts are cached by fact id in memory.sqlite. A check that fails or takes longer than
// FACT_CHECK_TIMEOUT_MS falls back to the detector's verdict (the write goes ahead), so a slow or broken
// model never holds a write for longer than that.
import type { Database } from 'better-sqlite3';
import type { Config } from '../../../shared/config';
import type { LlmClient } from '../../llm/llm-client';
import { judgeFactTask } from '../../llm/prompts/judge-fact';
import { resolveModel } from '../../llm/roles';
import { borderlineSignals, type BorderlineSignal } from './borderline';

/** The longest a write waits for the model's verdict. */
export const FACT_CHECK_TIMEOUT_MS = 10_000;

export interface FactCheckOutcome {
  /** null: no verdict (not asked, or the check failed); the detector's verdict stands. */
  verdict: 'fact' | 'instruction' | null;
  reason: string;
  how: 'off' | 'no-model' | 'not-borderline' | 'cached' | 'model' | 'failed';
  signals: BorderlineSignal[];
}

export interface FactCheckDeps {
  db: Database;
  llm: LlmClient;
  config: () => Config;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
  /** Tests shorten it; the product uses FACT_CHECK_TIMEOUT_MS. */
  timeoutMs?: number;
}

export class FactCheck {
  constructor(private readonly d: FactCheckDeps) {}

  /** The verdict on an already-cleaned fact text whose id is `factId`. Never throws. */
  async judge(text: string, factId: string, opts: { agentId?: string; signal?: AbortSignal } = {}): Promise<FactCheckOutcome> {
    const config = this.d.config();
    const mode = config.memory.factCheck;
    const signals = borderlineSignals(text);
    if (mode === 'off') return { verdict: null, reason: '', how: 'off', signals };
    if (mode === 'borderline' && signals.length === 0) return { verdict: null, reason: '', how: 'not-borderline', signals };
    const model = resolveModel(config, 'memory', opts.agentId);
    if (!model) return { verdict: null, reason: '', how: 'no-model', signals };
    const cached = this.cached(factId);
    if (cached) return { ...cached, how: 'cached', signals };
    try {
      const out = await this.ask(text, opts);
      this.d.db
        .prepare(`INSERT OR REPLACE INTO fact_check (fact_id, verdict, reason, model, checked_at) VALUES (?, ?, ?, ?, ?)`)
        .run(factId, out.verdict, out.reason, `${model.provider.id}/${model.model}`, this.d.now().toISOString());
      return { verdict: out.verdict, reason: out.reason, how: 'model', signals };
    } catch (err) {
      // The detector already passed this text; its verdict stands rather than blocking the write.
      const message = err instanceof Error ? err.message : String(err);
      this.d.log(`[memory] the fact check failed (${message}); the pattern check alone decided`);
      return { verdict: null, reason: message, how: 'failed', signals };
    }
  }

  cached(factId: string): { verdict: 'fact' | 'instruction'; reason: string } | null {
    const row = this.d.db.prepare(`SELECT verdict, reason FROM fact_check WHERE fact_id = ?`).get(factId) as { verdict: 'fact' | 'instruction'; reason: string } | undefined;
    return row ?? null;
  }

  /** The model call, bounded: the timeout aborts the request, and the race returns even if the abort is slow to land. */
  private async ask(text: string, opts: { agentId?: string; signal?: AbortSignal }): Promise<{ verdict: 'fact' | 'instruction'; reason: string }> {
    const ms = this.d.timeoutMs ?? FACT_CHECK_TIMEOUT_MS;
    const ctrl = new AbortController();
    const onOuterAbort = () => ctrl.abort(opts.signal?.reason);
    opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new Error(`the memory model did not answer within ${ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`}`);
        ctrl.abort(err);
        reject(err);
      }, ms);
    });
    try {
      return await Promise.race([this.d.llm.runTask(judgeFactTask, { text }, { agentId: opts.agentId, signal: ctrl.signal }), deadline]);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }
  }
}
