// runConsolidate: the one pipeline. (1) L1 dedup/merge of every durable scope whose fact set changed
// since the last pass; (2) at level ≥ 2 the graph forward pass + reconciliation; (3) at level ≥ 3 law
// inference over global, the agent and its workspaces. All LLM calls use the memory role. Runs of one
// agent never overlap; each reports progress and ends with a summary of what changed and what it cost.
import { randomUUID } from 'node:crypto';
import type { Config } from '../../../shared/config';
import type { ConsolidationProgress, ConsolidationSummary } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { SessionStore } from '../../conversations/session-store';
import type { LlmClient } from '../../llm/llm-client';
import { requireModel } from '../../llm/roles';
import { emptyUsage } from '../../llm/task';
import { consolidateScope } from '../facts/consolidate-scope';
import type { FactLedger } from '../facts/fact-ledger';
import type { FactOrigins } from '../facts/fact-origins';
import type { FactProposals } from '../facts/fact-proposals';
import type { MemoryDir } from '../facts/memory-dir';
import type { GraphLayer } from '../graph-layer';
import type { LawsLayer } from '../laws-layer';
import { fingerprintOf } from '../laws/law-infer';
import { agentScope, projectScope } from '../scope';
import type { RunStore } from './run-store';

export type Level = 1 | 2 | 3;

export interface PipelineDeps {
  config: () => Config;
  sessions: SessionStore;
  memory: MemoryDir;
  /** Merged facts inherit the origins of the facts they replace (recall keeps "from pasted text"). */
  origins?: FactOrigins;
  /** Journals the merges as consolidation's, with the run's id. */
  ledger?: FactLedger;
  /** Where merges of the person's facts wait for the person. */
  proposals?: FactProposals;
  graph: GraphLayer;
  laws: LawsLayer;
  llm: LlmClient;
  runs: RunStore;
  now: () => Date;
  onProgress: (p: ConsolidationProgress) => void;
}

export function effectiveLevel(config: Config, agentId: string, override?: Level): Level {
  if (override) return override;
  const agent = config.agent.agents.find((a) => a.id === agentId);
  return (agent?.memory.level ?? config.memory.level ?? 1) as Level;
}

export class ConsolidationPipeline {
  private running = new Map<string, { promise: Promise<ConsolidationSummary>; ctrl: AbortController }>();

  constructor(private readonly d: PipelineDeps) {}

  isRunning(agentId: string): boolean {
    return this.running.has(agentId);
  }

  cancel(agentId: string): boolean {
    const r = this.running.get(agentId);
    if (!r) return false;
    r.ctrl.abort();
    return true;
  }

  cancelAll(): void {
    for (const r of this.running.values()) r.ctrl.abort();
  }

  /**
   * Runs the pipeline for one agent. If a run of that agent is already going, this joins it
   * (single-flight) instead of starting a second one.
   */
  run(agentId: string, opts: { level?: Level; trigger?: ConsolidationSummary['trigger'] } = {}): Promise<ConsolidationSummary> {
    const existing = this.running.get(agentId);
    if (existing) return existing.promise;
    if (!this.d.config().agent.agents.some((a) => a.id === agentId)) throw new MonadError('NOT_FOUND', `No agent with id ${agentId}`);
    const ctrl = new AbortController();
    const promise = this.execute(agentId, opts.level, opts.trigger ?? 'manual', ctrl.signal).finally(() => this.running.delete(agentId));
    this.running.set(agentId, { promise, ctrl });
    return promise;
  }

  /** Every configured agent, one after another (each at its own level unless overridden). */
  async runAll(opts: { level?: Level; trigger?: ConsolidationSummary['trigger'] } = {}): Promise<ConsolidationSummary[]> {
    const out: ConsolidationSummary[] = [];
    for (const a of this.d.config().agent.agents) out.push(await this.run(a.id, opts));
    return out;
  }

  /** The durable scopes an agent's run covers: global, the agent's own, and its workspaces'. */
  scopesFor(agentId: string): { facts: string[]; laws: string[] } {
    const projects = [...new Set(this.d.sessions.list(agentId).flatMap((s) => (s.projectKey ? [projectScope(s.projectKey)] : [])))];
    const scopes = ['global', agentScope(agentId), ...projects];
    return { facts: scopes, laws: scopes };
  }

  /** A chat as people know it: “its title”, or that it is gone (a failure can outlive its chat). */
  private chatWords(sessionId: string): string {
    try {
      return `“${this.d.sessions.get(sessionId).title}”`;
    } catch {
      return 'that was since deleted';
    }
  }

  private async execute(agentId: string, override: Level | undefined, trigger: ConsolidationSummary['trigger'], signal: AbortSignal): Promise<ConsolidationSummary> {
    const runId = randomUUID();
    const started = this.d.now();
    const level = effectiveLevel(this.d.config(), agentId, override);
    const usage = emptyUsage();
    const summary: ConsolidationSummary = {
      runId,
      agentId,
      level,
      trigger,
      startedAt: started.toISOString(),
      finishedAt: started.toISOString(),
      durationMs: 0,
      ok: true,
      cancelled: false,
      error: null,
      facts: { scopes: 0, skipped: 0, merged: 0, failed: 0 },
      graph: null,
      laws: null,
      llmCalls: 0,
      tokens: { input: 0, output: 0 },
    };
    const progress = (stage: ConsolidationProgress['stage'], scope: string, done: number, total: number) =>
      this.d.onProgress({ runId, agentId, stage, scope, done, total });
    const errors: string[] = [];
    try {
      // Fail clearly up front rather than once per scope.
      requireModel(this.d.config(), 'memory', agentId);
      const { facts, laws } = this.scopesFor(agentId);

      // 1. L1: LLM dedup/merge of each durable scope whose fact set changed since the last pass.
      summary.facts.scopes = facts.length;
      for (const [i, scope] of facts.entries()) {
        signal.throwIfAborted();
        progress('facts', scope, i, facts.length);
        const key = `l1:${scope}`;
        const current = this.d.memory.read(scope).facts;
        const fp = fingerprintOf(current.map((f) => f.id), []);
        if (this.d.laws.store.getState(key) === fp || current.length < 2) {
          summary.facts.skipped++;
          continue;
        }
        try {
          const r = await consolidateScope({ memory: this.d.memory, llm: this.d.llm, origins: this.d.origins, ledger: this.d.ledger, proposals: this.d.proposals }, scope, { agentId, signal, meter: usage, runId });
          if (r.applied) summary.facts.merged += r.before - r.after;
          // Remember what this pass saw (or produced), so an unchanged scope costs nothing next time.
          if (r.applied || r.skipped === 'nothing to merge') {
            this.d.laws.store.setState(key, fingerprintOf(this.d.memory.read(scope).facts.map((f) => f.id), []));
          }
        } catch (err) {
          if (signal.aborted) throw err;
          summary.facts.failed++;
          errors.push(`Facts in ${this.d.laws.scopeWords(scope)}: ${(err as Error).message}`);
        }
      }
      progress('facts', '', facts.length, facts.length);

      // 2. L2: graph forward pass + reconciliation.
      if (level >= 2) {
        signal.throwIfAborted();
        const g = await this.d.graph.consolidate({ agentId, runId, signal, onProgress: (done, total, sessionId) => progress('graph', sessionId ? `session:${sessionId}` : '', done, total) });
        summary.graph = {
          passes: g.passes.length,
          failures: g.failures,
          nodesAdded: g.nodesAdded,
          edgesAdded: g.edgesAdded,
          edgesMerged: g.edgesMerged,
          edgesClosed: g.edgesClosed,
          edgesRetracted: g.edgesRetracted,
          nodesRemoved: g.nodesRemoved,
          proposed: g.proposed,
        };
        usage.calls += g.usage.calls;
        usage.inputTokens += g.usage.inputTokens;
        usage.outputTokens += g.usage.outputTokens;
        for (const p of g.passes.filter((x) => !x.ok)) errors.push(`Graph from the chat ${this.chatWords(p.sessionId)}: ${p.error}`);
      }

      // 3. L3: laws over global, the agent and every workspace it has sessions in.
      if (level >= 3) {
        summary.laws = { scopes: laws.length, skipped: 0, derived: 0, dropped: 0, failed: 0 };
        for (const [i, scope] of laws.entries()) {
          signal.throwIfAborted();
          progress('laws', scope, i, laws.length);
          try {
            const r = await this.d.laws.infer(scope, { agentId, signal, meter: usage, by: { actor: 'inference', source: { runId } } });
            if (r.skipped) summary.laws.skipped++;
            summary.laws.derived += r.derived;
            summary.laws.dropped += r.dropped;
          } catch (err) {
            if (signal.aborted) throw err;
            summary.laws.failed++;
            errors.push(`Learned rules in ${this.d.laws.scopeWords(scope)}: ${(err as Error).message}`);
          }
        }
        progress('laws', '', laws.length, laws.length);
      }
    } catch (err) {
      if (signal.aborted) summary.cancelled = true;
      else errors.unshift((err as Error).message);
    }
    const finished = this.d.now();
    summary.finishedAt = finished.toISOString();
    summary.durationMs = finished.getTime() - started.getTime();
    summary.llmCalls = usage.calls;
    summary.tokens = { input: usage.inputTokens, output: usage.outputTokens };
    summary.error = errors.length ? errors.join('; ').slice(0, 2000) : summary.cancelled ? 'Cancelled' : null;
    summary.ok = !summary.cancelled && errors.length === 0;
    this.d.runs.save(summary);
    return summary;
  }
}
