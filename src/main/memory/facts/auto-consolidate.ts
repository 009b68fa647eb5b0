// Per-scope auto-consolidation: when a scope file grows past ~2000 characters after a write, run one
// consolidation pass for that scope in the background. Fire-and-forget (never blocks a turn),
// single-flight per scope, and failures are logged, never lost facts.
//
// Cost guards (issue 18 §5): a scope over the threshold used to be sent whole on every write. Now
//   - a scope is attempted at most once per cooldown (default 10 min, memory.autoConsolidation.cooldownMinutes);
//   - a scope whose facts are exactly those of the last attempt is not attempted again (its fingerprint);
//   - one pass sends at most maxInputChars of facts (default 6,000): the largest first, and those not sent
//     yet before those already sent, so the rest goes next time.
// The memory model is the scope's agent's (its own override first: the same resolution as every other call).
import { createHash } from 'node:crypto';
import type { Fact } from '../../../shared/domain';
import type { LlmClient } from '../../llm/llm-client';
import { isDurable } from '../scope';
import { consolidateScope, type ScopeConsolidation } from './consolidate-scope';
import type { FactLedger } from './fact-ledger';
import type { FactOrigins } from './fact-origins';
import type { FactProposals } from './fact-proposals';
import type { MemoryDir } from './memory-dir';

export const AUTO_CONSOLIDATE_CHARS = 2000;

export interface AutoConsolidatorDeps {
  memory: MemoryDir;
  llm: LlmClient;
  origins?: FactOrigins;
  ledger?: FactLedger;
  proposals?: FactProposals;
  log: (msg: string, err?: unknown) => void;
  /** Whether a memory model resolves for this agent (its own override, then the global role, then chat). */
  hasMemoryModel: (agentId?: string) => boolean;
  /** The agent whose memory model consolidates a scope: the scope's own for agent:<id>, else one that has a model. */
  agentFor?: (scope: string) => string | undefined;
  /** The guards' settings, read at each trigger (hot-reloaded config). */
  limits?: () => { cooldownMs: number; maxInputChars: number };
  now?: () => number;
}

/** Why a trigger did not start a pass (tests, status). */
export type AutoSkip = 'running' | 'no-model' | 'unchanged' | 'cooldown' | 'small';

export class AutoConsolidator {
  private inFlight = new Map<string, Promise<ScopeConsolidation | null>>();
  /** Per scope: when it was last attempted and which facts it held then. */
  private lastAttempt = new Map<string, { at: number; fingerprint: string }>();
  /** Per scope: ids sent by earlier capped passes, so the rest goes first next time. */
  private sentBefore = new Map<string, Set<string>>();
  private unsubscribe: () => void;
  /** The last reason a trigger did nothing, per scope. */
  readonly skipped = new Map<string, AutoSkip>();

  constructor(
    private readonly deps: AutoConsolidatorDeps,
    private readonly threshold = AUTO_CONSOLIDATE_CHARS,
  ) {
    this.unsubscribe = deps.memory.onWrite((scope, chars) => {
      if (chars > this.threshold && isDurable(scope)) void this.trigger(scope);
    });
  }

  /** The running pass for a scope, if any (tests and status screens). */
  pending(scope: string): Promise<ScopeConsolidation | null> | undefined {
    return this.inFlight.get(scope);
  }

  trigger(scope: string): Promise<ScopeConsolidation | null> {
    const running = this.inFlight.get(scope);
    if (running) return this.skip(scope, 'running', running);
    const agentId = this.deps.agentFor ? this.deps.agentFor(scope) : scope.startsWith('agent:') ? scope.slice('agent:'.length) : undefined;
    if (!this.deps.hasMemoryModel(agentId)) return this.skip(scope, 'no-model');
    const facts = this.deps.memory.read(scope).facts;
    if (facts.length < 2) return this.skip(scope, 'small');
    const now = this.deps.now?.() ?? Date.now();
    const fingerprint = fingerprintOf(facts);
    const last = this.lastAttempt.get(scope);
    if (last?.fingerprint === fingerprint) return this.skip(scope, 'unchanged');
    const limits = this.deps.limits?.() ?? { cooldownMs: 0, maxInputChars: Number.MAX_SAFE_INTEGER };
    if (last && now - last.at < limits.cooldownMs) return this.skip(scope, 'cooldown');
    this.lastAttempt.set(scope, { at: now, fingerprint });
    this.skipped.delete(scope);
    const only = chooseInput(facts, limits.maxInputChars, this.sentBefore.get(scope));
    const run = consolidateScope(this.deps, scope, { agentId, only: only ?? undefined })
      .then((r) => {
        this.noteSent(scope, facts, only);
        // What this pass left is what the next attempt is compared with: an unchanged scope costs nothing.
        this.lastAttempt.set(scope, { at: now, fingerprint: fingerprintOf(this.deps.memory.read(scope).facts) });
        return r;
      })
      .catch((err) => {
        this.deps.log(`[memory] auto-consolidation of ${scope} failed; facts left as they were`, err);
        return null;
      })
      .finally(() => this.inFlight.delete(scope));
    this.inFlight.set(scope, run);
    return run;
  }

  private skip(scope: string, why: AutoSkip, result: Promise<ScopeConsolidation | null> = Promise.resolve(null)): Promise<ScopeConsolidation | null> {
    this.skipped.set(scope, why);
    return result;
  }

  private noteSent(scope: string, facts: readonly Fact[], only: string[] | null): void {
    if (!only) {
      this.sentBefore.delete(scope);
      return;
    }
    const sent = this.sentBefore.get(scope) ?? new Set<string>();
    for (const id of only) sent.add(id);
    // Every fact has had its turn: start the rotation again.
    if (facts.every((f) => sent.has(f.id))) this.sentBefore.delete(scope);
    else this.sentBefore.set(scope, sent);
  }

  close(): void {
    this.unsubscribe();
  }
}

/** The facts a scope holds, as one short string: equal exactly when the set of facts is the same. */
export function fingerprintOf(facts: readonly Fact[]): string {
  return createHash('sha256').update(facts.map((f) => f.id).sort().join('\n')).digest('hex').slice(0, 32);
}

/**
 * Which facts one capped pass sends: null when the whole scope fits. Otherwise facts not sent before go
 * first, the largest first within each group (long facts are the likeliest to repeat others, and cost the
 * most to keep), as many as fit in maxChars; always at least two, so the pass can merge something.
 */
export function chooseInput(facts: readonly Fact[], maxChars: number, sentBefore?: ReadonlySet<string>): string[] | null {
  const total = facts.reduce((n, f) => n + f.text.length, 0);
  if (total <= maxChars) return null;
  const order = [...facts].sort((a, b) => Number(sentBefore?.has(a.id) ?? false) - Number(sentBefore?.has(b.id) ?? false) || b.text.length - a.text.length);
  const picked: string[] = [];
  let used = 0;
  for (const f of order) {
    if (used + f.text.length > maxChars && picked.length >= 2) continue;
    picked.push(f.id);
    used += f.text.length;
  }
  return picked;
}
