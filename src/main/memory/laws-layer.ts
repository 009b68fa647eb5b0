// L3 wiring: the law store, inference, the contradiction check, provenance views, the "Learned rules"
// recall section (on both backends), and the /why and /check-memory commands.
import type { Database } from 'better-sqlite3';
import type { Config } from '../../shared/config';
import type { LawView, Session } from '../../shared/domain';
import type { CommandRegistry } from '../chat/slash-commands';
import type { SessionStore } from '../chat/session-store';
import type { LlmClient } from '../llm/llm-client';
import type { UsageTotals } from '../llm/task';
import type { MemoryDir } from './facts/memory-dir';
import type { RecallService } from './facts/recall';
import { storedSecretsFrom } from './facts/sanitize-known-secrets';
import type { GraphLayer } from './graph-layer';
import { checkContradictions, type ContradictionCheck } from './laws/contradict';
import { lawView, matchLaws, renderWhy, type GroundingDeps } from './laws/explain';
import { inferLaws, type LawInference } from './laws/law-infer';
import { LawStore } from './laws/law-store';
import { agentScope, projectScope } from './scope';
import { oneLine } from './spotlight';

/** Injected rules are a summary, not a dump: the strongest few. */
export const MAX_INJECTED_RULES = 20;

export interface LawsLayerDeps {
  memoryDb: Database;
  memory: MemoryDir;
  graph: GraphLayer;
  sessions: SessionStore;
  llm: LlmClient;
  config: () => Config;
  now: () => Date;
  /** The secret store's values: redacted from every law written. */
  knownSecrets?: () => readonly string[];
}

export function scopesForSession(session: Pick<Session, 'agentId' | 'projectKey'>): string[] {
  return ['global', agentScope(session.agentId), ...(session.projectKey ? [projectScope(session.projectKey)] : [])];
}

export class LawsLayer {
  readonly store: LawStore;
  private readonly grounding: GroundingDeps;
  private readonly storedSecrets: ReturnType<typeof storedSecretsFrom>;

  constructor(private readonly d: LawsLayerDeps) {
    this.store = new LawStore(d.memoryDb, d.now);
    this.storedSecrets = storedSecretsFrom(d.knownSecrets ?? (() => []));
    this.grounding = {
      memory: d.memory,
      graph: d.graph.store,
      sources: (ids) => d.graph.sources(ids),
      decay: () => d.config().memory.decay,
      now: d.now,
    };
  }

  register(recall: RecallService, commands: CommandRegistry): void {
    recall.addSection({ name: 'Learned rules', build: (session) => this.learnedRules(scopesForSession(session)) });
    commands.register({
      name: 'why',
      usage: '/why <text> — explain the learned rules behind something, down to the source messages',
      run: (args, ctx) => {
        if (!args) return { output: 'Usage: /why <text>' };
        const views = this.why(args, this.scopesFor(ctx));
        return { output: renderWhy(args, views), data: views };
      },
    });
    commands.register({
      name: 'check-memory',
      usage: '/check-memory — check learned rules against current facts and suppress contradicted ones',
      run: async (_args, ctx) => {
        const results = await this.check(this.scopesFor(ctx), ctx.agentId);
        const flagged = results.flatMap((r) => r.flagged.map((f) => ({ ...f, scope: r.scope })));
        const checked = results.reduce((n, r) => n + r.checked, 0);
        const lines = flagged.map((f) => `- law ${f.lawId} (${f.scope}) is contradicted by fact ${f.factId}${f.why ? `: ${f.why}` : ''}`);
        return { output: [`Checked ${checked} rule${checked === 1 ? '' : 's'}; ${flagged.length} contradicted and suppressed from recall.`, ...lines].join('\n'), data: results };
      },
    });
  }

  /** The scopes a command runs over: the session's, else the agent's (plus global). */
  scopesFor(ctx: { sessionId?: string; agentId?: string }): string[] {
    if (ctx.sessionId) return scopesForSession(this.d.sessions.get(ctx.sessionId));
    return ['global', ...(ctx.agentId ? [agentScope(ctx.agentId)] : [])];
  }

  learnedRules(scopes: string[]): string | null {
    const eligible = this.store
      .list(scopes)
      .map((l) => lawView(this.grounding, l))
      .filter((v) => v.eligible)
      .sort((a, b) => b.effectiveConfidence - a.effectiveConfidence)
      .slice(0, MAX_INJECTED_RULES);
    if (!eligible.length) return null;
    // One line per rule: a statement can never start a line (a heading, a bullet) of its own. Recall quotes
    // the lines as data (memory/spotlight.ts).
    return eligible.map((v) => `- ${oneLine(v.statement)} (confidence ${v.effectiveConfidence.toFixed(2)})`).join('\n');
  }

  views(scopes?: string[]): LawView[] {
    return this.store.list(scopes).map((l) => lawView(this.grounding, l));
  }

  why(query: string, scopes: string[]): LawView[] {
    return matchLaws(this.store.list(scopes), query).map((l) => lawView(this.grounding, l));
  }

  infer(scope: string, opts: { agentId?: string; force?: boolean; signal?: AbortSignal; meter?: UsageTotals } = {}): Promise<LawInference> {
    const agentId = opts.agentId ?? (scope.startsWith('agent:') ? scope.slice(6) : undefined);
    return inferLaws({ memory: this.d.memory, graph: this.d.graph.store, laws: this.store, llm: this.d.llm, knownSecrets: this.storedSecrets }, scope, { ...opts, agentId });
  }

  async check(scopes: string[], agentId?: string, opts: { signal?: AbortSignal; meter?: UsageTotals } = {}): Promise<ContradictionCheck[]> {
    const out: ContradictionCheck[] = [];
    for (const scope of scopes) {
      out.push(await checkContradictions({ memory: this.d.memory, laws: this.store, llm: this.d.llm }, scope, { agentId: agentId ?? (scope.startsWith('agent:') ? scope.slice(6) : undefined), ...opts }));
    }
    return out;
  }
}
