// consolidateGraph: the L2 forward pass. Walks each session's messages past its watermark, keeps
// substantive prose (a long message whole, in parts), cuts it into ≤12k-character passes, asks the memory
// model for entities and relations, and upserts them into every scope the session belongs to — one
// transaction per pass, each change journaled. What would go against the person (re-add a relation they
// marked wrong, close one they asserted) becomes a proposed change instead. A failed or malformed pass
// changes nothing, keeps the watermark, and is reported; then the reconciliation drops support that no
// longer exists (journaled as one group).
import type { Database } from 'better-sqlite3';
import type { Session } from '../../../shared/domain';
import type { MessageStore } from '../../conversations/message-store';
import type { SessionStore } from '../../conversations/session-store';
import type { LlmClient } from '../../llm/llm-client';
import { extractGraphTask, type ExtractGraphReply, type TranscriptLine } from '../../llm/prompts/extract-graph';
import { emptyUsage, type UsageTotals } from '../../llm/task';
import type { JournalSource } from '../../../shared/journal';
import { sanitizeFact } from '../facts/sanitize';
import { KnownSecrets } from '../facts/sanitize-known-secrets';
import { agentScope, projectScope } from '../scope';
import { recordUpsert, type GraphCorrections } from './graph-corrections';
import { nodeItem, quote, type By } from './graph-journal';
import { normalizeName, normalizeRelation } from './graph-normalize';
import type { GraphProposals } from './graph-proposals';
import { SOURCES_GONE, type EdgeHeld, type EdgeUpsert, type GraphStore } from './graph-store';
import { cleanText } from './graph-text';
import { chunkTranscript, substantive, watermarkAfter, type TranscriptMessage } from './transcript';

export interface GraphPass {
  sessionId: string;
  messages: number;
  chars: number;
  ok: boolean;
  error: string | null;
  inputTokens: number;
  outputTokens: number;
}

export interface GraphRunSummary {
  passes: GraphPass[];
  nodesAdded: number;
  edgesAdded: number;
  edgesMerged: number;
  edgesClosed: number;
  droppedSupport: number;
  edgesRetracted: number;
  nodesRemoved: number;
  /** Changes against what the person asserted, left for the person as proposed changes. */
  proposed: number;
  failures: number;
  usage: UsageTotals;
}

export interface GraphDeps {
  graph: GraphStore;
  corrections: GraphCorrections;
  proposals: GraphProposals;
  memoryDb: Database;
  sessions: SessionStore;
  messages: MessageStore;
  llm: LlmClient;
  now: () => Date;
  /** The secret store's values, redacted from every name, type, summary and relation written. */
  knownSecrets?: () => KnownSecrets;
}

export function sessionScopes(session: Session): string[] {
  return session.projectKey ? [agentScope(session.agentId), projectScope(session.projectKey)] : [agentScope(session.agentId)];
}

/**
 * A branch set aside by edit-and-resend is skipped by extraction; when the person brings it back, the
 * session's cursor moves back to just before it, so the next run reads it (and skips what is now set
 * aside in its place).
 */
export function rewindGraphCursor(memoryDb: Database, sessionId: string, fromSeq: number): void {
  memoryDb.prepare(`UPDATE l2_cursor SET last_seq = min(last_seq, ?) WHERE session_id = ?`).run(fromSeq - 1, sessionId);
}

export async function consolidateGraph(
  d: GraphDeps,
  opts: { agentId?: string; runId?: string; signal?: AbortSignal; onProgress?: (done: number, total: number, sessionId: string) => void } = {},
): Promise<GraphRunSummary> {
  const summary: GraphRunSummary = {
    passes: [],
    nodesAdded: 0,
    edgesAdded: 0,
    edgesMerged: 0,
    edgesClosed: 0,
    droppedSupport: 0,
    edgesRetracted: 0,
    nodesRemoved: 0,
    proposed: 0,
    failures: 0,
    usage: emptyUsage(),
  };
  /** Entities this run created: "+N entities" counts those still there at the end. */
  const created = new Set<number>();
  // Oldest first, so later statements supersede earlier ones in the order they were made.
  // Incognito sessions are never extracted.
  const sessions = d.sessions
    .list(opts.agentId)
    .filter((s) => !s.incognito)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const getCursor = d.memoryDb.prepare(`SELECT last_seq FROM l2_cursor WHERE session_id = ?`).pluck();
  const setCursor = d.memoryDb.prepare(
    `INSERT INTO l2_cursor (session_id, last_seq, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET last_seq = excluded.last_seq, updated_at = excluded.updated_at`,
  );

  let done = 0;
  for (const session of sessions) {
    opts.signal?.throwIfAborted();
    opts.onProgress?.(done, sessions.length, session.id);
    const cursor = (getCursor.get(session.id) as number | undefined) ?? 0;
    const rows = d.messages.since(session.id, cursor, 100_000);
    done++;
    if (!rows.length) continue;
    const lastSeq = rows[rows.length - 1].seq;
    const transcript: TranscriptMessage[] = [];
    for (const { seq, message, active } of rows) {
      // A branch set aside by edit-and-resend is not what the chat says any more (issue 27 §4): the
      // person replaced it, so nothing is learned from it.
      if (!active) continue;
      const text = substantive(message);
      if (text) transcript.push({ id: message.id, seq, role: message.role as 'user' | 'assistant', createdAt: message.createdAt, text });
    }
    const chunks = chunkTranscript(transcript);
    let failed = false;
    for (const chunk of chunks) {
      opts.signal?.throwIfAborted();
      const meter = emptyUsage();
      const pass: GraphPass = { sessionId: session.id, messages: chunk.length, chars: chunk.reduce((n, m) => n + m.text.length, 0), ok: false, error: null, inputTokens: 0, outputTokens: 0 };
      summary.passes.push(pass);
      const lines: TranscriptLine[] = chunk.map((m, i) => ({ tag: `m${i + 1}`, role: m.role, date: m.createdAt, text: m.text, ...(m.part ? { part: `${m.part.index} of ${m.part.count}` } : {}) }));
      try {
        const reply = await d.llm.runTask(extractGraphTask, { lines }, { agentId: session.agentId, signal: opts.signal, meter });
        const source: JournalSource = { sessionId: session.id, ...(opts.runId ? { runId: opts.runId } : {}) };
        d.memoryDb.transaction(() => {
          applyExtraction({ graph: d.graph, corrections: d.corrections, proposals: d.proposals, source, created, known: d.knownSecrets?.() }, sessionScopes(session), chunk, reply, summary);
          setCursor.run(session.id, watermarkAfter(chunk), d.now().toISOString());
        })();
        pass.ok = true;
      } catch (err) {
        if (opts.signal?.aborted) throw err;
        pass.error = err instanceof Error ? err.message : String(err);
        summary.failures++;
        failed = true;
      } finally {
        pass.inputTokens = meter.inputTokens;
        pass.outputTokens = meter.outputTokens;
        summary.usage.calls += meter.calls;
        summary.usage.inputTokens += meter.inputTokens;
        summary.usage.outputTokens += meter.outputTokens;
      }
      if (failed) break; // later passes would skip past the failed one; retry it next run
    }
    // Messages after the last substantive one (tool noise, greetings) need no pass: move past them.
    if (!failed) setCursor.run(session.id, lastSeq, d.now().toISOString());
  }
  opts.onProgress?.(sessions.length, sessions.length, '');

  const rec = reconcileGraph(d.corrections, (ids) => d.messages.liveIds(ids), opts.runId);
  summary.droppedSupport = rec.droppedSupport;
  summary.edgesRetracted = rec.retracted;
  summary.nodesRemoved = rec.removed;
  let live = 0;
  for (const id of created) if (d.graph.nodeById(id)) live++;
  summary.nodesAdded = live;
  return summary;
}

/**
 * Support-liveness, journaled as one group (one undo): support whose message is gone is dropped; a
 * model's relation left with none is retracted by the system (re-opening what it had closed); a model's
 * entity left without relations and without source messages is removed.
 */
export function reconcileGraph(c: GraphCorrections, liveMessage: (ids: string[]) => Set<string>, runId?: string): { droppedSupport: number; retracted: number; removed: number } {
  const by: By = { actor: 'system', source: { detail: 'reconciliation', ...(runId ? { runId } : {}) } };
  const store = c.g.store;
  return c.g.group(() => {
    const droppedSupport = store.dropDeadSupport(liveMessage);
    const edges = store.unsupportedEdges();
    const skip = new Set(edges);
    for (const id of edges) c.retractOne(id, SOURCES_GONE, by, skip);
    const nodes = store.orphanNodes();
    for (const id of nodes) c.removeEntity(id, by, 'entity.deleted', `Dropped ${quote(store.anyNode(id)!.name)}: ${SOURCES_GONE}`);
    return { droppedSupport, retracted: edges.length, removed: nodes.length };
  });
}

export interface ExtractionContext {
  graph: GraphStore;
  corrections: GraphCorrections;
  proposals: GraphProposals;
  /** The session (and run) the pass read. */
  source: JournalSource;
  /** Ids of the entities created, collected across passes. */
  created: Set<number>;
  /** The secret store's values, redacted from every name and relation written. */
  known?: KnownSecrets;
}

/** Writes one pass's reply into each scope, journaling each change. Called inside the pass's transaction. */
export function applyExtraction(ctx: ExtractionContext, scopes: string[], chunk: TranscriptMessage[], reply: ExtractGraphReply, summary: GraphRunSummary): void {
  const { graph } = ctx;
  const g = ctx.corrections.g;
  const known = ctx.known ?? KnownSecrets.EMPTY;
  const cleanText = (text: string): string | null => cleanMemoryText(text, known);
  const byTag = new Map(chunk.map((m, i) => [`m${i + 1}`, m]));
  const entityInfo = new Map(reply.entities.map((e) => [e.name.trim().toLowerCase(), e]));
  const by = (messageId?: string): By => ({ actor: 'extraction', source: messageId ? { ...ctx.source, messageId } : ctx.source });
  // Which of the pass's messages name an entity: its sources. Padded so "Ana" does not match "Banana".
  const texts = chunk.map((m) => ({ id: m.id, text: ` ${normalizeName(m.text)} ` }));
  const sourcesOf = (name: string): string[] => {
    const needle = ` ${normalizeName(name)} `;
    const named = [...new Set(texts.filter((t) => t.text.includes(needle)).map((t) => t.id))];
    // Named nowhere ("User" for the person chatting): the pass as a whole is its source.
    return named.length ? named : [...new Set(chunk.map((m) => m.id))];
  };
  for (const scope of scopes) {
    const ids = new Map<string, number>();
    // Entities the person deleted are not re-created from a later mention; relations to them are proposed.
    const deletedByPerson = graph.personDeleted(scope);
    const deletedIds = new Set(deletedByPerson.values());
    const node = (name: string): number | null => {
      const key = name.trim().toLowerCase();
      const cached = ids.get(key);
      if (cached !== undefined) return cached;
      const info = entityInfo.get(key);
      const cleanName = cleanText(name);
      if (cleanName === null) return null; // an instruction posing as an entity: skip it, not the pass
      const deleted = graph.resolveName(scope, cleanName) ? undefined : deletedByPerson.get(normalizeName(cleanName));
      if (deleted !== undefined) {
        ids.set(key, deleted);
        return deleted;
      }
      try {
        const r = graph.upsertNode(scope, cleanName, (info?.type && cleanText(info.type)) || 'thing', (info?.summary && cleanText(info.summary)) || '');
        const support = sourcesOf(cleanName);
        graph.addNodeSupport(r.id, support);
        if (r.created) {
          ctx.created.add(r.id);
          g.append({ action: 'entity.added', item: nodeItem(r.id), scope, by: by(support[0]), after: g.node(r.id), summary: `Learned of ${quote(cleanName)}` });
        }
        ids.set(key, r.id);
        return r.id;
      } catch {
        return null; // a name with no letters or digits: skip it, not the pass
      }
    };
    for (const e of reply.entities) node(e.name);
    for (const r of reply.relations) {
      // Only cited messages that were in this pass count; a relation with none is unsupported.
      const cited = [...new Map(r.evidence.map((t) => byTag.get(t.trim())).filter((m): m is TranscriptMessage => m !== undefined).map((m) => [m.id, m])).values()];
      if (!cited.length) continue;
      const relation = cleanText(r.relation);
      if (relation === null) continue;
      const src = node(r.src);
      const dst = node(r.dst);
      if (src === null || dst === null || src === dst) continue;
      const validFrom = cited.map((m) => m.createdAt).sort()[0];
      const input = { scope, src, dst, relation, provClass: r.source, validFrom, support: cited.map((m) => m.id), supersede: r.supersedes || r.singleValued };
      g.journal.inGroup(() => {
        const deleted = deletedIds.has(src) ? src : deletedIds.has(dst) ? dst : null;
        const res: EdgeUpsert | EdgeHeld = deleted !== null ? { kind: 'held', retracted: null, ended: null, personEdges: [] } : graph.tryUpsertEdge(input);
        if (res.kind === 'held') {
          const id = ctx.proposals.propose(
            scope,
            {
              src: graph.anyNode(src)!.name,
              srcId: src,
              dst: graph.anyNode(dst)!.name,
              dstId: dst,
              relation: normalizeRelation(relation),
              provClass: r.source,
              validFrom,
              support: input.support,
              supersede: input.supersede,
              retracted: res.retracted,
              ended: res.ended,
              deleted,
              closes: res.personEdges,
            },
            by(cited[0].id),
          );
          if (id !== null) summary.proposed++;
          return;
        }
        recordUpsert(g, res, by(cited[0].id));
        if (res.kind === 'added') summary.edgesAdded++;
        else summary.edgesMerged++;
        summary.edgesClosed += res.closed.length;
      });
    }
  }
}

/**
 * What the model extracted becomes memory just as a fact does, and is shown to models again (graph
 * tools, law inference): the same sanitizer strips invisible characters, redacts secrets and refuses
 * instruction-shaped text. Null when refused.
 */
function cleanMemoryText(text: string, known: KnownSecrets): string | null {
  const r = sanitizeFact(text, { knownSecrets: known });
  return r.ok ? r.text : null;
}
