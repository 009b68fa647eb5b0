// Per-scope auto-consolidation: when a scope file grows past ~2000 characters after a write, run one
// consolidation pass for that scope in the background. Fire-and-forget (never blocks a turn),
// single-flight per scope, and failures are logged, never lost facts.
import type { LlmClient } from '../../llm/llm-client';
import { isDurable } from '../scope';
import { consolidateScope, type ScopeConsolidation } from './consolidate-scope';
import type { FactOrigins } from './fact-origins';
import type { MemoryDir } from './memory-dir';

export const AUTO_CONSOLIDATE_CHARS = 2000;

export class AutoConsolidator {
  private inFlight = new Map<string, Promise<ScopeConsolidation | null>>();
  private unsubscribe: () => void;

  constructor(
    private readonly deps: { memory: MemoryDir; llm: LlmClient; origins?: FactOrigins; log: (msg: string, err?: unknown) => void; hasMemoryModel: () => boolean },
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
    if (running) return running;
    if (!this.deps.hasMemoryModel()) return Promise.resolve(null);
    const agentId = scope.startsWith('agent:') ? scope.slice('agent:'.length) : undefined;
    const run = consolidateScope(this.deps, scope, { agentId })
      .catch((err) => {
        this.deps.log(`[memory] auto-consolidation of ${scope} failed; facts left as they were`, err);
        return null;
      })
      .finally(() => this.inFlight.delete(scope));
    this.inFlight.set(scope, run);
    return run;
  }

  close(): void {
    this.unsubscribe();
  }
}
