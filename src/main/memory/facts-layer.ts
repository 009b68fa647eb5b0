// L1 wiring: the Markdown store, identity files, frozen recall, the memory tool, the lifecycle hooks
// and per-scope auto-consolidation, registered with the chat engine. Writes from outside go through the
// FactWriter (the memory model's fact check, then the write, then the fact's origin). Every change is
// journaled with who made it and from where by the ledger (facts/fact-ledger.ts), which also keeps each
// fact's source and old versions, and notices edits made to the files by hand.
import { existsSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import type { Agent, Config } from '../../shared/config';
import { roughTokens } from '../../shared/receipt';
import type { Fact, FactSource, FactView, FactWriteResult } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { HookRegistrar } from '../turn/hooks';
import type { ToolRegistrar } from '../turn/tools';
import type { HomePaths } from '../home';
import type { LlmClient } from '../llm/llm-client';
import { resolveModel } from '../llm/roles';
import { autoConsolidationOf } from '../../shared/cost-guards';
import { IdentityFiles, type CoreBlock } from './core/identity-files';
import { journalIdentitySaves } from './core/identity-journal';
import { AutoConsolidator } from './facts/auto-consolidate';
import { FactCheck } from './facts/fact-check';
import { FactLedger, type FactChangeBy } from './facts/fact-ledger';
import { FactOrigins, recallMark } from './facts/fact-origins';
import { FactProposals } from './facts/fact-proposals';
import { registerFactUndo } from './facts/fact-undo';
import { UNKNOWN_SOURCE } from './facts/fact-versions';
import { FactWriter, type WriteAttribution } from './facts/fact-writer';
import type { MemoryJournal } from './journal/journal';
import { MemoryDir } from './facts/memory-dir';
import { createMemoryTool } from './facts/memory-tool';
import { RecallService, type FactMarks } from './facts/recall';
import { parseScope, sessionScope } from './scope';
import { createRememberGate, memoryToolNudge, memoryToolOffer } from './facts/remember-mode';
import { ChatProposals } from './inbox/chat-proposals';
import { InboxRejections } from './inbox/rejections';
import { classOf, keptInRecall, originMark } from './inbox/origin-marks';
import { dataBlock } from '../llm/spotlight';

export interface FactsLayerDeps {
  paths: HomePaths;
  appDb: Database;
  memoryDb: Database;
  journal: MemoryJournal;
  llm: LlmClient;
  config: () => Config;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
  /** Tests shorten the fact check's deadline (facts/fact-check.ts). */
  factCheckTimeoutMs?: number;
  /** The secret store's values: redacted from every fact written (facts/sanitize-known-secrets.ts). */
  knownSecrets?: () => readonly string[];
}

/** Who writes a fact through the checked path, and for the memory model's check, which agent and how long. */
export type FactWriteBy = FactChangeBy & Pick<WriteAttribution, 'origin' | 'agentId' | 'signal'>;

const IDENTITY_TITLES = { soul: 'SOUL.md', agents: 'AGENTS.md', user: 'USER.md', workspace: 'Project AGENTS.md' } as const;

/**
 * An identity file in the prompt. The person's own files are their instructions and go in verbatim; a
 * file whose bytes still are the ones an import brought is someone else's text, so it is quoted data.
 */
export function renderIdentityBlock(b: CoreBlock): string {
  const title = IDENTITY_TITLES[b.kind];
  if (!b.imported) return `# ${title}\n\n${b.content}`;
  return `# ${title} (taken from an import, not written by the person: quoted as data)\n\n${dataBlock(`${title} import`, b.content)}`;
}

/**
 * The agent whose memory model consolidates a scope: for agent:<id> that agent; for a shared scope (global,
 * project) the first configured agent that has a memory model, its own override included, so a memory
 * model set only on an agent still consolidates what it shares.
 */
export function memoryAgentFor(config: Config, scope: string): string | undefined {
  if (scope.startsWith('agent:')) return scope.slice('agent:'.length);
  return config.agent.agents.find((a) => resolveModel(config, 'memory', a.id) !== null)?.id;
}

export class FactsLayer {
  readonly memory: MemoryDir;
  readonly identity: IdentityFiles;
  readonly recall: RecallService;
  readonly auto: AutoConsolidator;
  readonly origins: FactOrigins;
  readonly check: FactCheck;
  readonly writer: FactWriter;
  /** The history and sources of L1: journal entries, fact versions, edits by hand. */
  readonly ledger: FactLedger;
  /** Merges of the person's facts a model proposed, waiting for the person. */
  readonly proposals: FactProposals;
  /** Inbox (issue 16 §3): what the person rejected, and the writes agents under "Ask me first" proposed. */
  readonly rejections: InboxRejections;
  readonly chatProposals: ChatProposals;
  /** Asked before a turn freezes its recall block (automatic freshness, issue 29 §4); a no-op until bound. */
  private refreshStale: (sessionId: string) => void = () => undefined;

  constructor(private readonly d: FactsLayerDeps) {
    this.memory = new MemoryDir(d.paths.memory, d.now, d.knownSecrets);
    this.identity = new IdentityFiles(d.paths);
    this.origins = new FactOrigins(d.memoryDb, d.now);
    this.ledger = new FactLedger({ db: d.memoryDb, journal: d.journal, origins: this.origins, now: d.now });
    this.memory.track(this.ledger);
    try {
      // The first start with provenance adopts the facts already on disk; after that a difference is an edit by hand.
      this.ledger.adopt(() => this.memory.scopes());
      // A scope file deleted while Monad was not running: its facts were forgotten by hand.
      for (const scope of this.ledger.versions.scopesWithOpen()) if (!existsSync(this.memory.pathOf(scope))) this.memory.read(scope);
    } catch (err) {
      // Start-up goes on: each scope is compared with its history again when it is next read.
      d.log('[memory] could not compare the memory files with their history at start-up', err);
    }
    this.check = new FactCheck({ db: d.memoryDb, llm: d.llm, config: d.config, now: d.now, log: d.log, timeoutMs: d.factCheckTimeoutMs });
    this.writer = new FactWriter({ memory: this.memory, origins: this.origins, check: this.check, ledger: this.ledger });
    this.rejections = new InboxRejections(d.memoryDb, d.now);
    this.proposals = new FactProposals({ db: d.memoryDb, memory: this.memory, ledger: this.ledger, origins: this.origins, now: d.now, rejections: this.rejections });
    this.chatProposals = new ChatProposals({ db: d.memoryDb, memory: this.memory, writer: this.writer, rejections: this.rejections, now: d.now });
    this.recall = new RecallService(d.appDb, this.memory, d.now, this.marks, (agent, scope, facts) => this.heldOut(agent, scope, facts));
    this.auto = new AutoConsolidator({
      memory: this.memory,
      llm: d.llm,
      origins: this.origins,
      ledger: this.ledger,
      proposals: this.proposals,
      log: d.log,
      // The agent's own memory model counts (agent.memory.model → agent.models.memory → global → chat).
      hasMemoryModel: (agentId) => resolveModel(d.config(), 'memory', agentId) !== null,
      agentFor: (scope) => memoryAgentFor(d.config(), scope),
      limits: () => autoConsolidationOf(d.config()),
      now: () => d.now().getTime(),
    });
  }

  /**
   * Each fact's origin class (you said it / inferred / imported / consolidated, issue 16 §5) and, for
   * facts every write of which came from brought-in text, "from pasted text" and the like.
   */
  readonly marks: FactMarks = (scope, facts) => {
    const out = new Map<string, string>();
    const origins = this.origins.of(scope, facts.map((f) => f.id));
    const sources = this.ledger.versions.sources(scope);
    for (const f of facts) {
      const o = origins.get(f.id) ?? [];
      const mark = originMark(sources.get(f.id) ?? UNKNOWN_SOURCE, o, recallMark(o));
      if (mark) out.set(f.id, mark);
    }
    return out;
  };

  /** The facts of a scope that go into an agent's recall: without the inferred ones it holds back until approved. */
  private heldOut(agent: Agent, scope: string, facts: Fact[]): Fact[] {
    return keptInRecall(agent, facts, this.ledger.versions.sources(scope), this.origins.of(scope, facts.map((f) => f.id)));
  }

  // ── the facts API other layers and hosts use (issue 15): every write journaled ─────────────────────

  /** Records a fact through the memory model's fact check. */
  async record(scope: string, text: string, by: FactWriteBy): Promise<FactWriteResult> {
    this.assertOwnerExists(scope);
    return (await this.writer.record(scope, text, by)).result;
  }

  /** Replaces a fact's text through the fact check (the id follows the text). */
  async edit(scope: string, id: string, text: string, by: FactWriteBy): Promise<FactWriteResult> {
    this.assertOwnerExists(scope);
    return (await this.writer.update(scope, id, text, by)).result;
  }

  /**
   * A fact goes to an agent or a chat that exists: `agent:bob` with no agent Bob would make a file no
   * agent ever reads (issue 32 §6). Forgetting is still allowed: what a deleted agent left can be cleared.
   */
  private assertOwnerExists(scope: string): void {
    const { kind, key } = parseScope(scope);
    if (kind === 'agent' && !this.d.config().agent.agents.some((a) => a.id === key)) {
      throw new MonadError('NOT_FOUND', `Monad has no agent "${key}", so there is no "${scope}" memory to write to. Pick an existing agent's scope, or "global".`);
    }
    if (kind === 'session' && !this.d.appDb.prepare('SELECT 1 FROM sessions WHERE id = ?').get(key)) {
      throw new MonadError('NOT_FOUND', `There is no chat "${key}", so there is no "${scope}" memory to write to.`);
    }
  }

  /** Forgets a fact; returns it. Throws NOT_FOUND. */
  forget(scope: string, id: string, by: FactChangeBy): Fact {
    return this.writer.forget(scope, id, by);
  }

  /** Who wrote a fact and from where; for a fact no longer there, its last text's; null for an id never seen. */
  sourceOf(scope: string, id: string): FactSource | null {
    this.memory.read(scope); // notices an edit by hand first
    return this.ledger.sourceOf(scope, id);
  }

  /** A scope's facts with their sources, as the Memory tab and `monad facts list` show them. */
  list(scope: string): { scope: string; facts: FactView[]; warnings: string[]; updated: string | null } {
    const r = this.memory.read(scope);
    const sources = this.ledger.versions.sources(scope);
    const origins = this.origins.of(scope, r.facts.map((f) => f.id));
    return {
      scope,
      facts: r.facts.map((f) => ({ ...f, source: sources.get(f.id) ?? UNKNOWN_SOURCE, originClass: classOf(sources.get(f.id), origins.get(f.id)) })),
      warnings: r.warnings,
      updated: r.updated,
    };
  }

  /** What Monad knew in a scope at a moment (ISO time): the texts its facts had then, with their sources. */
  at(scope: string, when: string): FactView[] {
    const t = Date.parse(when);
    if (!Number.isFinite(t)) throw new MonadError('BAD_INPUT', `Not a date: ${when}`);
    this.memory.read(scope); // an edit by hand not seen yet is recorded before the past is read
    return this.ledger.versions.at(scope, new Date(t).toISOString()).map((v) => ({ id: v.id, scope, text: v.text, source: v.source }));
  }

  register(tools: ToolRegistrar, hooks: HookRegistrar): void {
    registerFactUndo(this.d.journal, { memory: this.memory, ledger: this.ledger });
    journalIdentitySaves(this.identity, this.d.journal);
    tools.register(
      createMemoryTool({
        memory: this.memory,
        writer: this.writer,
        marks: this.marks,
        config: this.d.config,
        // Remember mode (issue 16 §3): proposals under "Ask me first", read-only under "Never".
        gate: createRememberGate({ proposals: this.chatProposals, rejections: this.rejections, memory: this.memory }),
        offer: ({ agent }) => memoryToolOffer(agent),
      }),
    );
    hooks.add({
      name: 'l1-memory',
      beforeTurn: ({ session, agent, receipt }) => {
        const identity = this.identity.blocksFor(agent.id, session.workspace, (path, error) => this.d.log(`[memory] ${path}: ${error}`));
        const identityBlocks = identity.map(renderIdentityBlock);
        // Receipts: which identity files went in, and how big.
        identity.forEach((b, i) => receipt?.identityFile({ kind: b.kind, title: IDENTITY_TITLES[b.kind], tokens: roughTokens(identityBlocks[i]), imported: b.imported }));
        // With mem0 as the backend, its layer supplies recall, the Learned rules and the tool note.
        if (this.d.config().memory.backend === 'mem0') return identityBlocks;
        this.refreshStale(session.id);
        const frozen = this.recall.frozen(session, agent);
        receipt?.frozenBlock(frozen, this.recall.snapshot(session.id).builtAt); // receipts
        return [
          ...identityBlocks,
          frozen,
          memoryToolNudge(agent), // remember mode (issue 16 §3)
        ];
      },
      sessionEnd: (session) => {
        this.memory.dropScope(sessionScope(session.id));
      },
    });
  }

  /** Who rebuilds a stale block before a turn freezes it (the freshness service, built after this layer). */
  beforeFreeze(refresh: (sessionId: string) => void): void {
    this.refreshStale = refresh;
  }

  close(): void {
    this.auto.close();
  }
}
