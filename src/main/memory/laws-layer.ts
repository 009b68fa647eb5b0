// L3 wiring: the law store, inference, the contradiction check, provenance views, the "Learned rules"
// recall section (on both backends), the /why and /check-memory commands, and the person's corrections
// (reject, edit, pin, suppress, proposals) with their journal entries, undo and the cascade from the
// other layers' changes (issue 15).
import type { Database } from 'better-sqlite3';
import type { Config } from '../../shared/config';
import type { LawProposal, LawView, Session } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { CommandRegistrar } from '../turn/commands';
import type { SessionStore } from '../conversations/session-store';
import type { LlmClient } from '../llm/llm-client';
import type { UsageTotals } from '../llm/task';
import type { MemoryDir } from './facts/memory-dir';
import type { RecallService } from './facts/recall';
import { storedSecretsFrom } from './facts/sanitize-known-secrets';
import type { GraphLayer } from './graph-layer';
import type { MemoryJournal } from './journal/journal';
import { checkContradictions, type ContradictionCheck } from './laws/contradict';
import { lawView, matchLaws, renderWhy, type GroundingDeps } from './laws/explain';
import { LawCascade } from './laws/law-cascade';
import { LawCorrections } from './laws/law-corrections';
import { inferLaws, type LawInference } from './laws/law-infer';
import { LawProposals } from './laws/law-proposals';
import { LawStore, type LawRow } from './laws/law-store';
import { LAW_UNDO_ACTION, LawWriter, type By, type LawAction } from './laws/law-writer';
import { analyse, samePairs } from './laws/near-same';
import { agentScope, projectScope } from './scope';
import { oneLine } from '../llm/spotlight';

/** Injected rules are a summary, not a dump: the strongest few. */
export const MAX_INJECTED_RULES = 20;

/** The recall block's line for the weakest rules its budget left out: none is lost, the Laws tab has them. */
export function rulesLeftOut(count: number): string {
  return `${count} more learned rule${count === 1 ? '' : 's'} (the weakest) left out to keep this block within its budget; all of them are in the Laws tab.`;
}

export interface LawsLayerDeps {
  memoryDb: Database;
  memory: MemoryDir;
  graph: GraphLayer;
  sessions: SessionStore;
  llm: LlmClient;
  config: () => Config;
  now: () => Date;
  journal: MemoryJournal;
  log: (msg: string, err?: unknown) => void;
  /** The secret store's values: redacted from every law written. */
  knownSecrets?: () => readonly string[];
}

export function scopesForSession(session: Pick<Session, 'agentId' | 'projectKey'>): string[] {
  return ['global', agentScope(session.agentId), ...(session.projectKey ? [projectScope(session.projectKey)] : [])];
}

export class LawsLayer {
  readonly store: LawStore;
  readonly writer: LawWriter;
  readonly proposals: LawProposals;
  /** The person's corrections: reject, unreject, edit, pin, suppress, unsuppress, accept/dismiss proposals. */
  readonly corrections: LawCorrections;
  private readonly cascade: LawCascade;
  private readonly grounding: GroundingDeps;
  private readonly storedSecrets: ReturnType<typeof storedSecretsFrom>;

  constructor(private readonly d: LawsLayerDeps) {
    this.store = new LawStore(d.memoryDb, d.now);
    this.writer = new LawWriter(d.memoryDb, this.store, d.journal);
    this.proposals = new LawProposals(d.memoryDb, d.now);
    this.corrections = new LawCorrections({ journal: d.journal, store: this.store, writer: this.writer, proposals: this.proposals, now: d.now });
    this.cascade = new LawCascade({ memoryDb: d.memoryDb, store: this.store, corrections: this.corrections, journal: d.journal, log: d.log });
    this.storedSecrets = storedSecretsFrom(d.knownSecrets ?? (() => []));
    this.grounding = {
      memory: d.memory,
      graph: d.graph.store,
      sources: (ids) => d.graph.sources(ids),
      decay: () => d.config().memory.decay,
      now: d.now,
    };
  }

  register(recall: RecallService, commands: CommandRegistrar): void {
    // Every law action can be undone by putting the law back as the entry recorded it.
    for (const action of Object.keys(LAW_UNDO_ACTION) as LawAction[]) this.d.journal.registerUndo(action, (e) => this.writer.undo(e));
    this.d.journal.onAppend((e) => this.cascade.handle(e));
    recall.addSection({ name: 'Learned rules', build: (session) => this.learnedRules(scopesForSession(session)), more: rulesLeftOut });
    commands.register({
      name: 'why',
      usage: '/why <text> — explain the learned rules behind something, down to the source messages',
      run: (args, ctx) => {
        if (!args) return { output: 'Usage: /why <text>' };
        const views = this.why(args, this.scopesFor(ctx));
        return { output: renderWhy(args, views, { scope: (s) => this.scopeWords(s) }), data: views };
      },
    });
    commands.register({
      name: 'check-memory',
      usage: '/check-memory — check learned rules against current facts and suppress contradicted ones',
      run: async (_args, ctx) => {
        const results = await this.check(this.scopesFor(ctx), ctx.agentId);
        const flagged = results.flatMap((r) => r.flagged.map((f) => ({ ...f, scope: r.scope })));
        const checked = results.reduce((n, r) => n + r.checked, 0);
        const lines = flagged.map((f) => checkMemoryLine(f, this.scopeWords(f.scope)));
        return { output: [`Checked ${checked} rule${checked === 1 ? '' : 's'}; ${flagged.length} contradicted and suppressed from recall.`, ...lines].join('\n'), data: results };
      },
    });
  }

  /** A scope as people know it, for what they read ("Monad's memory", not "agent:default"). */
  scopeWords(scope: string): string {
    if (scope === 'global') return 'memory shared by every agent';
    const i = scope.indexOf(':');
    const kind = scope.slice(0, i);
    const key = scope.slice(i + 1);
    if (kind === 'agent') {
      const agent = this.d.config().agent.agents.find((a) => a.id === key);
      return `${agent?.name ?? key}’s memory`;
    }
    if (kind === 'project') return 'this workspace’s memory';
    if (kind === 'session') return 'this chat’s memory';
    return scope;
  }

  /** The scopes a command runs over: the session's, else the agent's (plus global). */
  scopesFor(ctx: { sessionId?: string; agentId?: string }): string[] {
    if (ctx.sessionId) return scopesForSession(this.d.sessions.get(ctx.sessionId));
    return ['global', ...(ctx.agentId ? [agentScope(ctx.agentId)] : [])];
  }

  /**
   * The "Learned rules" lines: eligible laws, strongest first, one line per law even when the same
   * statement (or a near-same one) was learned in several scopes — the strongest wording is kept; both
   * laws keep their own grounding in the Laws tab (`alsoIn`).
   */
  learnedRules(scopes: string[]): string | null {
    // Without `alsoIn`: the merge below is the same comparison, over what is eligible.
    const eligible = this.store
      .list(scopes)
      .map((l) => lawView(this.grounding, l))
      .filter((v) => v.eligible)
      .sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.effectiveConfidence - a.effectiveConfidence);
    const same = samePairs(eligible.map((v) => analyse(v.statement)));
    const kept: number[] = [];
    for (let i = 0; i < eligible.length && kept.length < MAX_INJECTED_RULES; i++) {
      if (!(same.get(i) ?? []).some((j) => kept.includes(j))) kept.push(i);
    }
    if (!kept.length) return null;
    // One line per rule: a statement can never start a line (a heading, a bullet) of its own. Recall quotes
    // the lines as data (llm/spotlight.ts).
    return kept.map((i) => `- ${oneLine(eligible[i].statement)} (confidence ${eligible[i].effectiveConfidence.toFixed(2)})`).join('\n');
  }

  /** Active laws with their grounding, and the other laws (any scope) that state the same thing. */
  views(scopes?: string[]): LawView[] {
    const rows = this.store.list(scopes);
    const same = sameLaws(rows, scopes ? this.store.list() : rows);
    return rows.map((l) => lawView(this.grounding, l, same.get(l.id) ?? []));
  }

  /** Laws the person rejected (kept as exclusions), newest first within a scope. */
  rejectedViews(scopes?: string[]): LawView[] {
    return this.store.rejected(scopes).map((l) => lawView(this.grounding, l));
  }

  view(id: number): LawView {
    const law = this.store.get(id);
    if (!law) throw new MonadError('NOT_FOUND', `No law ${id}`);
    return lawView(this.grounding, law, law.status === 'active' ? (sameLaws([law], this.store.list()).get(law.id) ?? []) : []);
  }

  openProposals(scopes?: string[]): LawProposal[] {
    return this.proposals.open(scopes).map(({ status: _s, confidence: _c, support: _p, ...p }) => p);
  }

  why(query: string, scopes: string[]): LawView[] {
    return matchLaws(this.store.list(scopes), query).map((l) => lawView(this.grounding, l));
  }

  infer(scope: string, opts: { agentId?: string; force?: boolean; signal?: AbortSignal; meter?: UsageTotals; by?: By } = {}): Promise<LawInference> {
    const agentId = opts.agentId ?? (scope.startsWith('agent:') ? scope.slice(6) : undefined);
    return inferLaws(
      { memory: this.d.memory, graph: this.d.graph.store, laws: this.store, writer: this.writer, proposals: this.proposals, llm: this.d.llm, knownSecrets: this.storedSecrets },
      scope,
      { ...opts, agentId },
    );
  }

  async check(scopes: string[], agentId?: string, opts: { signal?: AbortSignal; meter?: UsageTotals } = {}): Promise<ContradictionCheck[]> {
    const out: ContradictionCheck[] = [];
    for (const scope of scopes) {
      out.push(await checkContradictions({ memory: this.d.memory, laws: this.store, writer: this.writer, proposals: this.proposals, llm: this.d.llm }, scope, { agentId: agentId ?? (scope.startsWith('agent:') ? scope.slice(6) : undefined), ...opts }));
    }
    return out;
  }
}

/** One contradicted law, as a person reads it: what the rule said, in whose memory, and the fact against it. */
export function checkMemoryLine(f: { statement: string; factText: string; why: string }, scopeWords: string): string {
  return `- The rule “${f.statement}” (${scopeWords}) is contradicted by the fact “${f.factText}”${f.why ? `: ${f.why}` : ''}`;
}

/** For each law in `of`, the other laws in `among` that state the same thing (near-same statements). */
function sameLaws(of: LawRow[], among: LawRow[]): Map<number, { id: number; scope: string }[]> {
  const all = [...among, ...of.filter((l) => !among.some((a) => a.id === l.id))];
  const pairs = samePairs(all.map((l) => analyse(l.statement)));
  const wanted = new Set(of.map((l) => l.id));
  const out = new Map<number, { id: number; scope: string }[]>();
  all.forEach((law, i) => {
    const same = pairs.get(i);
    if (wanted.has(law.id) && same?.length) out.set(law.id, same.map((j) => ({ id: all[j].id, scope: all[j].scope })));
  });
  return out;
}
