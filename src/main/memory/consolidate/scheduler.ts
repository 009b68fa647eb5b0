// Background catch-up: one tick every 60 s runs the pipeline for each agent that opted in
// (agent.agents[].memory.autoConsolidate) and is due (its own intervalMinutes since its last run).
// Settings are read on every tick, so hot-reloaded changes apply without recreating the timer. A
// failing run backs off (doubling, capped) and keeps its error for the status screen; runs are
// isolated per agent and never block chat.
import type { Config } from '../../../shared/config';
import type { ConsolidationSummary } from '../../../shared/domain';

export const TICK_MS = 60_000;
/** The longest a failing agent waits between attempts. */
export const MAX_BACKOFF_MS = 6 * 60 * 60_000;

interface AgentState {
  lastAttemptAt: number | null;
  failures: number;
  lastError: string | null;
}

export interface SchedulerDeps {
  config: () => Config;
  run: (agentId: string) => Promise<ConsolidationSummary>;
  isRunning: (agentId: string) => boolean;
  lastRunAt: (agentId: string) => number | null;
  log: (msg: string, err?: unknown) => void;
}

/**
 * Whether scheduled runs belong to another device of this home (issue 30 §3): that device's name, or null
 * when they run here. The composition root builds it from the sync room; a home that does not sync has none.
 */
export type ScheduledElsewhere = () => string | null;

export class ConsolidationScheduler {
  private timer: NodeJS.Timeout | null = null;
  private state = new Map<string, AgentState>();
  private elsewhere: ScheduledElsewhere = () => null;

  constructor(private readonly d: SchedulerDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.tick(Date.now()), TICK_MS);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Set once by the composition root; on-demand runs (run(), /consolidate) never ask it. */
  runsElsewhereWhen(elsewhere: ScheduledElsewhere): void {
    this.elsewhere = elsewhere;
  }

  /** The device that runs this home's scheduled consolidation when it is not this one (see ScheduledElsewhere). */
  scheduledOn(): string | null {
    try {
      return this.elsewhere();
    } catch (err) {
      // An unreadable sync store must not stop consolidation: this device runs its schedule as before.
      this.d.log('[consolidate] could not read which device runs scheduled consolidation', err);
      return null;
    }
  }

  /** When the agent is next due, or null when it does not auto-consolidate. */
  nextRunAt(agentId: string, now: number): number | null {
    const agent = this.d.config().agent.agents.find((a) => a.id === agentId);
    if (!agent?.memory.autoConsolidate) return null;
    const st = this.stateOf(agentId);
    const interval = agent.memory.intervalMinutes * 60_000;
    const last = st.lastAttemptAt ?? this.d.lastRunAt(agentId);
    if (last === null) return now;
    const wait = st.failures ? Math.min(interval * 2 ** st.failures, Math.max(MAX_BACKOFF_MS, interval)) : interval;
    return last + wait;
  }

  lastError(agentId: string): string | null {
    return this.stateOf(agentId).lastError;
  }

  /** One pass over the agents; returns the ids started. Public so tests can drive it with a fake clock. */
  tick(now: number): string[] {
    const started: string[] = [];
    // Another device of this home runs the schedule: nothing starts here (the status says where it runs).
    if (this.scheduledOn() !== null) return started;
    for (const agent of this.d.config().agent.agents) {
      if (!agent.memory.autoConsolidate || this.d.isRunning(agent.id)) continue;
      const due = this.nextRunAt(agent.id, now);
      if (due === null || due > now) continue;
      const st = this.stateOf(agent.id);
      st.lastAttemptAt = now;
      started.push(agent.id);
      this.d
        .run(agent.id)
        .then((summary) => {
          if (summary.ok || summary.cancelled) {
            st.failures = 0;
            st.lastError = null;
          } else {
            st.failures++;
            st.lastError = summary.error;
          }
        })
        .catch((err: unknown) => {
          st.failures++;
          st.lastError = err instanceof Error ? err.message : String(err);
          this.d.log(`[consolidate] scheduled run of ${agent.id} failed`, err);
        });
    }
    return started;
  }

  private stateOf(agentId: string): AgentState {
    let st = this.state.get(agentId);
    if (!st) {
      st = { lastAttemptAt: null, failures: 0, lastError: null };
      this.state.set(agentId, st);
    }
    return st;
  }
}
