// L2 wiring: db/memory.sqlite, the graph store, its query tools, extraction and the provenance reads.
import type { Database } from 'better-sqlite3';
import type { GraphEdgeDetail, GraphNodeDetail, SourceMessage } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { MessageStore } from '../chat/message-store';
import type { SessionStore } from '../chat/session-store';
import type { ToolRegistry } from '../chat/tools';
import type { LlmClient } from '../llm/llm-client';
import { storedSecretsFrom } from './facts/sanitize-known-secrets';
import { consolidateGraph, type GraphRunSummary } from './graph/consolidate-graph';
import { GraphStore } from './graph/graph-store';
import { createGraphTools } from './graph/graph-tools';

export interface GraphLayerDeps {
  memoryDb: Database;
  sessions: SessionStore;
  messages: MessageStore;
  llm: LlmClient;
  now: () => Date;
  /** The secret store's values: redacted from everything extraction writes. */
  knownSecrets?: () => readonly string[];
}

const EXCERPT_CHARS = 280;

export class GraphLayer {
  readonly store: GraphStore;
  private readonly storedSecrets: ReturnType<typeof storedSecretsFrom>;

  constructor(private readonly d: GraphLayerDeps) {
    this.store = new GraphStore(d.memoryDb, d.now);
    this.storedSecrets = storedSecretsFrom(d.knownSecrets ?? (() => []));
  }

  register(tools: ToolRegistry): void {
    for (const t of createGraphTools(this.store)) tools.register(t);
  }

  consolidate(opts: Parameters<typeof consolidateGraph>[1] = {}): Promise<GraphRunSummary> {
    return consolidateGraph(
      { graph: this.store, memoryDb: this.d.memoryDb, sessions: this.d.sessions, messages: this.d.messages, llm: this.d.llm, now: this.d.now, knownSecrets: this.storedSecrets },
      opts,
    );
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

  nodeDetail(id: number): GraphNodeDetail {
    const node = this.store.nodeById(id);
    if (!node) throw new MonadError('NOT_FOUND', `No entity ${id}`);
    const edges = this.store.edgesOf(id);
    const ids = [...new Set(edges.flatMap((e) => [e.src, e.dst]).filter((x) => x !== id))];
    return { node, edges, neighbours: ids.map((x) => this.store.nodeById(x)).filter((n) => n !== null) };
  }

  edgeDetail(id: number): GraphEdgeDetail {
    const edge = this.store.edgeById(id);
    if (!edge) throw new MonadError('NOT_FOUND', `No relation ${id}`);
    return { edge, src: this.store.nodeById(edge.src)!, dst: this.store.nodeById(edge.dst)!, sources: this.sources(edge.support) };
  }
}
