// consolidateGraph: the L2 forward pass. Walks each session's messages past its watermark, keeps
// substantive prose, cuts it into ≤12k-character passes, asks the memory model for entities and
// relations, and upserts them into every scope the session belongs to — one transaction per pass.
// A failed or malformed pass changes nothing, keeps the watermark, and is reported; then the
// reconciliation drops support that no longer exists.
import type { Database } from 'better-sqlite3';
import type { Session } from '../../../shared/domain';
import type { MessageStore } from '../../chat/message-store';
import type { SessionStore } from '../../chat/session-store';
import type { LlmClient } from '../../llm/llm-client';
import { extractGraphTask, type ExtractGraphReply, type TranscriptLine } from '../../llm/prompts/extract-graph';
import { emptyUsage, type UsageTotals } from '../../llm/task';
import { sanitizeFact } from '../facts/sanitize';
import { KnownSecrets } from '../facts/sanitize-known-secrets';
import { agentScope, projectScope } from '../scope';
import type { GraphStore } from './graph-store';
import { chunkTranscript, substantive, type TranscriptMessage } from './transcript';

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
  failures: number;
  usage: UsageTotals;
}

export interface GraphDeps {
  graph: GraphStore;
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

export async function consolidateGraph(
  d: GraphDeps,
  opts: { agentId?: string; signal?: AbortSignal; onProgress?: (done: number, total: number, sessionId: string) => void } = {},
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
    failures: 0,
    usage: emptyUsage(),
  };
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
    for (const { seq, message } of rows) {
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
      const lines: TranscriptLine[] = chunk.map((m, i) => ({ tag: `m${i + 1}`, role: m.role, date: m.createdAt, text: m.text }));
      try {
        const reply = await d.llm.runTask(extractGraphTask, { lines }, { agentId: session.agentId, signal: opts.signal, meter });
        d.memoryDb.transaction(() => {
          applyExtraction(d.graph, sessionScopes(session), chunk, reply, summary, d.knownSecrets?.());
          setCursor.run(session.id, chunk[chunk.length - 1].seq, d.now().toISOString());
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

  const rec = d.graph.reconcile((ids) => d.messages.liveIds(ids));
  summary.droppedSupport = rec.droppedSupport;
  summary.edgesRetracted = rec.retractedEdges;
  summary.nodesRemoved = rec.removedNodes;
  return summary;
}

/** Writes one pass's reply into each scope. Called inside the pass's transaction. */
export function applyExtraction(
  graph: GraphStore,
  scopes: string[],
  chunk: TranscriptMessage[],
  reply: ExtractGraphReply,
  summary: GraphRunSummary,
  known: KnownSecrets = KnownSecrets.EMPTY,
): void {
  const cleanText = (text: string): string | null => cleanMemoryText(text, known);
  const byTag = new Map(chunk.map((m, i) => [`m${i + 1}`, m]));
  const entityInfo = new Map(reply.entities.map((e) => [e.name.trim().toLowerCase(), e]));
  for (const scope of scopes) {
    const ids = new Map<string, number>();
    const node = (name: string): number | null => {
      const key = name.trim().toLowerCase();
      const cached = ids.get(key);
      if (cached !== undefined) return cached;
      const info = entityInfo.get(key);
      const cleanName = cleanText(name);
      if (cleanName === null) return null; // an instruction posing as an entity: skip it, not the pass
      try {
        const r = graph.upsertNode(scope, cleanName, (info?.type && cleanText(info.type)) || 'thing', (info?.summary && cleanText(info.summary)) || '');
        if (r.created) summary.nodesAdded++;
        ids.set(key, r.id);
        return r.id;
      } catch {
        return null; // a name with no letters or digits: skip it, not the pass
      }
    };
    for (const e of reply.entities) node(e.name);
    for (const r of reply.relations) {
      // Only cited messages that were in this pass count; a relation with none is unsupported.
      const cited = [...new Set(r.evidence.map((t) => byTag.get(t.trim())).filter((m): m is TranscriptMessage => m !== undefined))];
      if (!cited.length) continue;
      const relation = cleanText(r.relation);
      if (relation === null) continue;
      const src = node(r.src);
      const dst = node(r.dst);
      if (src === null || dst === null || src === dst) continue;
      const validFrom = cited.map((m) => m.createdAt).sort()[0];
      const res = graph.upsertEdge({
        scope,
        src,
        dst,
        relation,
        provClass: r.source,
        validFrom,
        support: cited.map((m) => m.id),
        supersede: r.supersedes || r.singleValued,
      });
      if (res.kind === 'added') summary.edgesAdded++;
      else summary.edgesMerged++;
      summary.edgesClosed += res.closed.length;
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
