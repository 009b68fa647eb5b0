// Consolidation wiring: the pipeline, its run history, the per-agent scheduler, memory status, and the
// /consolidate and /memory commands.
import type { Config } from '../../shared/config';
import type { ConsolidationSummary, MemoryStatus } from '../../shared/domain';
import type { CommandRegistrar } from '../turn/commands';
import type { SessionStore } from '../conversations/session-store';
import type { EventBus } from '../events';
import type { LlmClient } from '../llm/llm-client';
import { resolveModel } from '../llm/roles';
import { ConsolidationPipeline, effectiveLevel, type Level } from './consolidate/pipeline';
import { RunStore } from './consolidate/run-store';
import { ConsolidationScheduler } from './consolidate/scheduler';
import { FactOrigins } from './facts/fact-origins';
import type { FactLedger } from './facts/fact-ledger';
import type { FactProposals } from './facts/fact-proposals';
import type { MemoryDir } from './facts/memory-dir';
import type { GraphLayer } from './graph-layer';
import type { LawsLayer } from './laws-layer';
import type { Database } from 'better-sqlite3';

export interface ConsolidationLayerDeps {
  memoryDb: Database;
  config: () => Config;
  sessions: SessionStore;
  memory: MemoryDir;
  ledger?: FactLedger;
  proposals?: FactProposals;
  graph: GraphLayer;
  laws: LawsLayer;
  llm: LlmClient;
  events: EventBus;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
}

export function formatSummary(s: ConsolidationSummary): string {
  const parts = [`**Consolidation (level ${s.level}) ${s.cancelled ? 'cancelled' : s.ok ? 'done' : 'finished with errors'}** in ${(s.durationMs / 1000).toFixed(1)} s`];
  // Failure counts reach the person (issue 18 §4): said here, in chat and in `monad consolidate`.
  const failed = (n: number, one: string, many: string) => (n > 0 ? `, ${n} ${n === 1 ? one : many} failed` : '');
  parts.push(`- facts: ${s.facts.merged} merged across ${s.facts.scopes} scopes (${s.facts.skipped} unchanged${failed(s.facts.failed, 'scope', 'scopes')})`);
  if (s.graph) parts.push(`- graph: +${s.graph.nodesAdded} entities, +${s.graph.edgesAdded} relations, ${s.graph.edgesClosed} closed, ${s.graph.edgesRetracted} retracted (${s.graph.passes} passes${failed(s.graph.failures, 'pass', 'passes')})`);
  if (s.laws) parts.push(`- laws: ${s.laws.derived} derived, ${s.laws.dropped} replaced, ${s.laws.skipped} of ${s.laws.scopes} scopes unchanged${failed(s.laws.failed, 'scope', 'scopes')}`);
  parts.push(`- ${s.llmCalls} LLM calls, ${s.tokens.input + s.tokens.output} tokens`);
  if (s.error) parts.push(`- error: ${s.error}`);
  return parts.join('\n');
}

export class ConsolidationLayer {
  readonly runs: RunStore;
  readonly pipeline: ConsolidationPipeline;
  readonly scheduler: ConsolidationScheduler;

  constructor(private readonly d: ConsolidationLayerDeps) {
    this.runs = new RunStore(d.memoryDb);
    this.pipeline = new ConsolidationPipeline({
      config: d.config,
      sessions: d.sessions,
      memory: d.memory,
      origins: new FactOrigins(d.memoryDb, d.now),
      ledger: d.ledger,
      proposals: d.proposals,
      graph: d.graph,
      laws: d.laws,
      llm: d.llm,
      runs: this.runs,
      now: d.now,
      onProgress: (p) => d.events.emit('consolidate.progress', p),
    });
    this.scheduler = new ConsolidationScheduler({
      config: d.config,
      run: (agentId) => this.run(agentId, { trigger: 'schedule' }),
      isRunning: (agentId) => this.pipeline.isRunning(agentId),
      lastRunAt: (agentId) => {
        const last = this.runs.last(agentId);
        return last ? Date.parse(last.startedAt) : null;
      },
      log: d.log,
    });
  }

  async run(agentId: string, opts: { level?: Level; trigger?: ConsolidationSummary['trigger'] } = {}): Promise<ConsolidationSummary> {
    const summary = await this.pipeline.run(agentId, opts);
    this.d.events.emit('consolidate.done', summary);
    return summary;
  }

  status(): MemoryStatus {
    const config = this.d.config();
    const name = (role: 'chat' | 'memory' | 'embedding', agentId?: string) => {
      const r = resolveModel(config, role, agentId);
      return r ? `${r.provider.name} · ${r.model}` : null;
    };
    const now = this.d.now().getTime();
    const elsewhere = this.scheduler.scheduledOn();
    return {
      backend: config.memory.backend,
      agents: config.agent.agents.map((a) => {
        // Scheduled on another device: no next run here, and the status says where it runs instead.
        const next = elsewhere === null ? this.scheduler.nextRunAt(a.id, now) : null;
        return {
          agentId: a.id,
          name: a.name,
          effectiveLevel: effectiveLevel(config, a.id),
          autoConsolidate: a.memory.autoConsolidate,
          intervalMinutes: a.memory.intervalMinutes,
          running: this.pipeline.isRunning(a.id),
          lastRun: this.runs.last(a.id),
          nextRunAt: next === null ? null : new Date(next).toISOString(),
          lastError: this.scheduler.lastError(a.id),
          scheduledOn: a.memory.autoConsolidate ? elsewhere : null,
          memoryModel: name('memory', a.id),
        };
      }),
      models: { chat: name('chat'), memory: name('memory'), embedding: name('embedding') },
      decay: config.memory.decay,
    };
  }

  register(commands: CommandRegistrar): void {
    const consolidate = async (args: string, ctx: { agentId?: string }) => {
      // guards (issue 18 §5): "/consolidate all" runs every configured agent, as the spec's L3 stage reads.
      const m = /^(all\s*)?([1-3])?$/i.exec(args.trim());
      if (!m) return { output: 'Usage: /consolidate [all] [1-3]' };
      const level = m[2] ? (Number(m[2]) as Level) : undefined;
      if (m[1]) {
        const summaries: ConsolidationSummary[] = [];
        for (const a of this.d.config().agent.agents) summaries.push(await this.run(a.id, { level, trigger: 'command' }));
        const names = new Map(this.d.config().agent.agents.map((a) => [a.id, a.name]));
        return {
          output: [`**Every agent (${summaries.length})**`, ...summaries.map((s) => `\n_${names.get(s.agentId) ?? s.agentId}_\n${formatSummary(s)}`)].join('\n'),
          data: summaries,
        };
      }
      const agentId = ctx.agentId ?? 'default';
      const summary = await this.run(agentId, { level, trigger: 'command' });
      const agents = this.d.config().agent.agents;
      const name = agents.find((a) => a.id === agentId)?.name ?? agentId;
      const scopeNote = `\n\nThis covered the current agent only (${name}: shared facts, its own notes and its projects). \`/consolidate all\` does every agent.`;
      return { output: formatSummary(summary) + scopeNote, data: summary };
    };
    commands.register({ name: 'consolidate', usage: '/consolidate [all] [1-3] — consolidate memory now for this agent, or every agent (1 facts, 2 + graph, 3 + laws)', run: consolidate });
    commands.register({
      name: 'memory',
      usage: '/memory consolidate|why|check|status — the memory commands in one place',
      run: async (args, ctx) => {
        const [sub, ...rest] = args.split(/\s+/);
        const tail = rest.join(' ');
        switch (sub) {
          case 'consolidate':
            return consolidate(tail, ctx);
          case 'why':
            return commands.run(`/why ${tail}`, ctx);
          case 'check':
            return commands.run('/check-memory', ctx);
          case 'status': {
            const st = this.status();
            const lines = [`**Memory** — backend ${st.backend}; memory model ${st.models.memory ?? 'not set'}`];
            for (const a of st.agents) {
              lines.push(memoryStatusLine(a));
            }
            return { output: lines.join('\n'), data: st };
          }
          default:
            return { output: 'Usage: /memory consolidate [all] [1-3] | /memory why <text> | /memory check | /memory status' };
        }
      },
    });
  }
}

/** One agent in `/memory status`, as a person reads it: its name, a date in words, no ids. */
export function memoryStatusLine(a: {
  name: string;
  effectiveLevel: number;
  autoConsolidate: boolean;
  intervalMinutes: number;
  lastRun: { finishedAt: string; ok: boolean; error?: string | null } | null;
  scheduledOn?: string | null;
}): string {
  const when = (iso: string) => new Date(iso).toLocaleString('en', { dateStyle: 'medium', timeStyle: 'short' });
  const last = a.lastRun ? `${when(a.lastRun.finishedAt)} (${a.lastRun.ok ? 'succeeded' : `failed: ${a.lastRun.error ?? 'unknown error'}`})` : 'never';
  return `- ${a.name}: level ${a.effectiveLevel}, ${a.autoConsolidate ? (a.scheduledOn ? `scheduled on ${a.scheduledOn} (run it here on demand)` : `every ${a.intervalMinutes} min`) : 'manual'}; last run ${last}`;
}
