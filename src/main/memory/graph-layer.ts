// L2 wiring: db/memory.sqlite, the graph store, its query tools, extraction, the provenance reads, and
// the person's corrections (journaled, each with its undo) with the proposed changes they outrank.
import type { Database } from 'better-sqlite3';
import type { GraphEdgeDetail, GraphNodeDetail, SourceMessage } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { MessageStore } from '../conversations/message-store';
import type { SessionStore } from '../conversations/session-store';
import type { ToolRegistrar } from '../turn/tools';
import type { LlmClient } from '../llm/llm-client';
import type { MemoryJournal } from './journal/journal';
import { storedSecretsFrom } from './facts/sanitize-known-secrets';
import { consolidateGraph, reconcileGraph, rewindGraphCursor, type GraphRunSummary } from './graph/consolidate-graph';
import { followBranches } from './graph/branch-relations';
import { GraphCorrections } from './graph/graph-corrections';
import { GraphJournal } from './graph/graph-journal';
import { GraphProposals } from './graph/graph-proposals';
import { GraphStore } from './graph/graph-store';
import { createGraphTools } from './graph/graph-tools';
import { registerGraphUndo } from './graph/graph-undo';

export interface GraphLayerDeps {
  memoryDb: Database;
  journal: MemoryJournal;
  sessions: SessionStore;
  messages: MessageStore;
  llm: LlmClient;
  now: () => Date;
  /** The secret store's values: redacted from everything extraction writes. */
  knownSecrets?: () => readonly string[];
  /** Where a failure that must not stop the caller is reported (the engine's log; stderr without one). */
  log?: (msg: string, err?: unknown) => void;
}

const EXCERPT_CHARS = 280;

export class GraphLayer {
  readonly store: GraphStore;
  /** The plan's `engine.graph.corrections`: rename/merge/delete entities, retract/edit/add relations. */
  readonly corrections: GraphCorrections;
  readonly proposals: GraphProposals;
  private readonly storedSecrets: ReturnType<typeof storedSecretsFrom>;

  constructor(private readonly d: GraphLayerDeps) {
    this.store = new GraphStore(d.memoryDb, d.now);
    this.corrections = new GraphCorrections(new GraphJournal(this.store, d.journal), d.now);
    this.proposals = new GraphProposals(this.corrections, (ids) => this.sources(ids), d.now);
    this.storedSecrets = storedSecretsFrom(d.knownSecrets ?? (() => []));
    // A branch brought back after extraction skipped it is read by the next run (issue 27 §4).
    d.messages.onRestore((sessionId, fromSeq) => {
      rewindGraphCursor(d.memoryDb, sessionId, fromSeq);
      this.followBranches(sessionId);
    });
    // Relations learned only from a branch set aside leave the graph until it is brought back.
    d.messages.onSetAside((sessionId) => this.followBranches(sessionId));
  }

  /** Never throws into the chat's edit or switch: the graph catches up at the next switch or consolidation. */
  private followBranches(sessionId: string): void {
    try {
      followBranches(this.corrections, this.d.messages, sessionId);
    } catch (err) {
      (this.d.log ?? ((msg: string, e?: unknown) => console.error(msg, e)))(`[graph] could not follow the branch shown in chat ${sessionId}`, err);
    }
  }

  register(tools: ToolRegistrar): void {
    for (const t of createGraphTools(this.store)) tools.register(t);
    registerGraphUndo(this.d.journal, this.corrections, this.d.now);
  }

  async consolidate(opts: Parameters<typeof consolidateGraph>[1] = {}): Promise<GraphRunSummary> {
    const summary = await consolidateGraph(
      { graph: this.store, corrections: this.corrections, proposals: this.proposals, memoryDb: this.d.memoryDb, sessions: this.d.sessions, messages: this.d.messages, llm: this.d.llm, now: this.d.now, knownSecrets: this.storedSecrets },
      opts,
    );
    // Branches set aside before relations followed them (older homes, imports): caught up here, as
    // reconciliation catches up with deleted messages.
    for (const sessionId of this.d.messages.sessionsWithBranchesSetAside()) this.followBranches(sessionId);
    return summary;
  }

  /** Drops what rests only on deleted messages (also part of every consolidation): one history group. */
  reconcile(): { droppedSupport: number; retracted: number; removed: number } {
    return reconcileGraph(this.corrections, (ids) => this.d.messages.liveIds(ids));
  }

  /** The messages behind a set of ids, with their session titles and dates, for provenance views. */
  sources(messageIds: string[]): SourceMessage[] {
    const titles = new Map<string, string>();
    return this.d.messages.byIds(messageIds).map((m) => {
      if (!titles.has(m.sessionId)) {
        let title = '(deleted chat)';
        try {
          title = this.d.sessions.get(m.sessionId).title;
        } catch {
          /* session gone: keep the placeholder */
        }
        titles.set(m.sessionId, title);
      }
      const text = m.content.replace(/\s+/g, ' ').trim();
      return {
        id: m.id,
        sessionId: m.sessionId,
        sessionTitle: titles.get(m.sessionId)!,
        role: m.role,
        createdAt: m.createdAt,
        excerpt: text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS)}…` : text,
      };
    });
  }

  /**
   * An entity with its live relations and neighbours. A deleted or merged entity still answers (with
   * `removed` set), so a history entry's link says what became of it.
   */
  nodeDetail(id: number): GraphNodeDetail {
    const node = this.store.anyNode(id);
    if (!node) throw new MonadError('NOT_FOUND', `No entity ${id}`);
    const edges = node.removed ? [] : this.store.edgesOf(id);
    const ids = [...new Set(edges.flatMap((e) => [e.src, e.dst]).filter((x) => x !== id))];
    return { node, edges, neighbours: ids.map((x) => this.store.nodeById(x)).filter((n) => n !== null) };
  }

  /** A relation with its ends and source messages; a retracted or folded one still answers, with its state. */
  edgeDetail(id: number): GraphEdgeDetail {
    const edge = this.store.anyEdge(id);
    if (!edge) throw new MonadError('NOT_FOUND', `No relation ${id}`);
    return { edge, src: this.store.anyNode(edge.src)!, dst: this.store.anyNode(edge.dst)!, sources: this.sources(edge.support) };
  }
}
