// `monad import`: a Monad transcript, a Monad export archive, or a ChatGPT conversations.json.
// Idempotent (stable ids: importing twice adds nothing), reports what was added and skipped, and all
// or nothing: both databases are written in open transactions, files are written with their previous
// contents kept, and any failure rolls all of it back.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';
import { agentSchema, type Config } from '../../shared/config';
import type { ImportReport } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { Engine } from '../engine';
import { writeFileAtomic } from '../fs/atomic-write';
import { mkdirPrivate } from '../fs/private-mode';
import { normalizeName } from '../memory/graph/graph-normalize';
import type { ChatGptExport, ExportArchive, Transcript } from './formats';
import { parseImport } from './parse-input';

export type { ImportReport };
interface SessionIn {
  id: string;
  agentId: string;
  title: string;
  createdAt: string;
  updatedAt?: string;
  workspace?: string | null;
  projectKey?: string | null;
  incognito?: boolean;
  recallBlock?: string | null;
  recallBuiltAt?: string | null;
  messages: {
    id: string;
    role: 'user' | 'assistant' | 'system' | 'tool';
    content: string;
    createdAt: string;
    toolCalls?: unknown;
    toolCallId?: string | null;
    usage?: { input: number; output: number } | null;
    error?: string | null;
  }[];
}

const hash = (s: string) => createHash('sha256').update(s).digest('hex').slice(0, 24);

export function importText(engine: Engine, text: string): ImportReport {
  const parsed = parseImport(text);
  const report: ImportReport = {
    format: parsed.kind,
    agents: { added: 0 },
    sessions: { added: 0, skipped: 0 },
    messages: { added: 0, skipped: 0 },
    facts: { added: 0, skipped: 0 },
    identity: { written: 0, skipped: 0 },
    graph: { nodes: 0, edges: 0 },
    laws: { added: 0, skipped: 0 },
    warnings: [],
  };
  const plan =
    parsed.kind === 'transcript'
      ? { sessions: fromTranscript(parsed.doc), agents: parsed.doc.agents, archive: null }
      : parsed.kind === 'chatgpt'
        ? { sessions: fromChatGpt(parsed.doc, report), agents: [], archive: null }
        : { sessions: parsed.doc.sessions as SessionIn[], agents: [], archive: parsed.doc };

  const files = new FileTransaction();
  const app = engine.appDb;
  const mem = engine.memoryDb;
  app.exec('BEGIN IMMEDIATE');
  mem.exec('BEGIN IMMEDIATE');
  try {
    // Agents first (config.json), so every imported session has its agent.
    const neededAgents = new Map<string, string>();
    for (const a of plan.agents) neededAgents.set(a.id, a.name);
    for (const s of plan.sessions) if (!neededAgents.has(s.agentId)) neededAgents.set(s.agentId, s.agentId);
    const newConfig = plan.archive ? mergeConfig(engine.config.get(), plan.archive.config) : structuredClone(engine.config.get());
    for (const [id, name] of neededAgents) {
      if (!newConfig.agent.agents.some((a) => a.id === id)) newConfig.agent.agents.push(agentSchema.parse({ id, name }));
    }
    const had = new Set(engine.config.get().agent.agents.map((a) => a.id));
    report.agents.added = newConfig.agent.agents.filter((a) => !had.has(a.id)).length;

    const insertSession = app.prepare(
      `INSERT OR IGNORE INTO sessions (id, agent_id, title, workspace, project_key, incognito, created_at, updated_at, recall_block, recall_built_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertMessage = app.prepare(
      `INSERT OR IGNORE INTO messages (id, session_id, role, content, tool_calls, tool_call_id, usage_input, usage_output, error, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const messageOwner = app.prepare(`SELECT session_id FROM messages WHERE id = ?`).pluck();
    for (const s of plan.sessions) {
      const created = s.createdAt;
      const res = insertSession.run(s.id, s.agentId, s.title, s.workspace ?? null, s.projectKey ?? null, s.incognito ? 1 : 0, created, s.updatedAt ?? lastDate(s) ?? created, s.recallBlock ?? null, s.recallBuiltAt ?? null);
      if (res.changes) report.sessions.added++;
      else report.sessions.skipped++;
      for (const m of s.messages) {
        const owner = messageOwner.get(m.id) as string | undefined;
        if (owner !== undefined && owner !== s.id) throw new MonadError('CONFLICT', `Message id ${m.id} already belongs to another chat`);
        const r = insertMessage.run(m.id, s.id, m.role, m.content, m.toolCalls ? JSON.stringify(m.toolCalls) : null, m.toolCallId ?? null, m.usage?.input ?? null, m.usage?.output ?? null, m.error ?? null, m.createdAt);
        if (r.changes) report.messages.added++;
        else report.messages.skipped++;
      }
    }

    if (plan.archive) applyArchive(engine, plan.archive, files, report);

    // Files last but before the commits: a failure here still rolls the databases back.
    if (JSON.stringify(newConfig) !== JSON.stringify(engine.config.get())) {
      files.snapshot(engine.config.path);
      engine.config.update(() => newConfig);
    }
    app.exec('COMMIT');
    mem.exec('COMMIT');
  } catch (err) {
    if (app.inTransaction) app.exec('ROLLBACK');
    if (mem.inTransaction) mem.exec('ROLLBACK');
    files.restore();
    if (files.touched(engine.config.path)) engine.config.reload();
    throw err;
  }
  for (const s of plan.sessions) engine.events.emit('sessions.changed', { agentId: s.agentId });
  return report;
}

function lastDate(s: SessionIn): string | undefined {
  return s.messages.length ? s.messages[s.messages.length - 1].createdAt : undefined;
}

function fromTranscript(doc: Transcript): SessionIn[] {
  return doc.sessions.map((s) => {
    const sid = `t-${hash(`session:${s.id}`)}`;
    const messages = s.messages.map((m, i) => ({
      id: `t-${hash(m.id ? `message:${s.id}:${m.id}` : `message:${s.id}:${i}:${m.createdAt}:${m.role}:${m.content}`)}`,
      role: m.role,
      content: m.content,
      createdAt: new Date(m.createdAt).toISOString(),
    }));
    return {
      id: sid,
      agentId: s.agentId,
      title: s.title ?? (messages[0]?.content.split('\n')[0].slice(0, 60) || 'Imported chat'),
      createdAt: new Date(s.createdAt ?? s.messages[0]?.createdAt ?? 0).toISOString(),
      messages,
    };
  });
}

/** Walks each conversation from its current node back to the root: the branch the person last saw. */
function fromChatGpt(doc: ChatGptExport, report: ImportReport): SessionIn[] {
  const out: SessionIn[] = [];
  for (const [i, conv] of doc.entries()) {
    const cid = conv.conversation_id ?? conv.id ?? `index-${i}-${hash(JSON.stringify(conv.title ?? ''))}`;
    const nodes = conv.mapping;
    let cursor = conv.current_node ?? Object.keys(nodes).find((k) => !Object.values(nodes).some((n) => n.parent === k)) ?? null;
    const chain: NonNullable<(typeof nodes)[string]['message']>[] = [];
    const seen = new Set<string>();
    while (cursor && nodes[cursor] && !seen.has(cursor)) {
      seen.add(cursor);
      const msg = nodes[cursor].message;
      if (msg) chain.push(msg);
      cursor = nodes[cursor].parent ?? null;
    }
    chain.reverse();
    const created = conv.create_time ? new Date(conv.create_time * 1000).toISOString() : new Date(0).toISOString();
    const messages: SessionIn['messages'] = [];
    for (const m of chain) {
      const role = m.author.role;
      if (role !== 'user' && role !== 'assistant') continue;
      const parts = (m.content.parts ?? []).filter((p): p is string => typeof p === 'string');
      const content = parts.join('\n').trim();
      if (!content) continue;
      messages.push({ id: `chatgpt-${m.id}`.slice(0, 200), role, content, createdAt: m.create_time ? new Date(m.create_time * 1000).toISOString() : created });
    }
    if (!messages.length) {
      report.warnings.push(`Conversation "${conv.title ?? cid}" has no text messages; skipped.`);
      continue;
    }
    out.push({ id: `chatgpt-${hash(cid)}`, agentId: 'default', title: (conv.title ?? '').trim() || messages[0].content.slice(0, 60), createdAt: created, messages });
  }
  return out;
}

/** Agents and providers by id are added (never replaced); on a fresh home the archive's settings win. */
function mergeConfig(current: Config, incoming: Config): Config {
  const fresh = current.models.providers.length === 0 && current.agent.agents.length === 1 && current.agent.agents[0].id === 'default';
  const base = fresh ? structuredClone(incoming) : structuredClone(current);
  if (!fresh) {
    for (const a of incoming.agent.agents) if (!base.agent.agents.some((x) => x.id === a.id)) base.agent.agents.push(a);
    for (const p of incoming.models.providers) if (!base.models.providers.some((x) => x.id === p.id)) base.models.providers.push(p);
  } else if (!base.agent.agents.some((a) => a.id === 'default') && current.agent.agents.some((a) => a.id === 'default')) {
    // Keep the default agent the fresh home already has only if the archive lacks one with its sessions.
    base.agent.agents.unshift(current.agent.agents[0]);
  }
  return base;
}

function applyArchive(engine: Engine, a: ExportArchive, files: FileTransaction, report: ImportReport): void {
  // Identity files: written where absent or identical; a differing file the person has is kept.
  for (const [rel, content] of Object.entries(a.identity)) {
    const path = normalize(join(engine.paths.root, rel));
    if (!path.startsWith(engine.paths.root + sep) || !/^(core\/USER\.md|agents\/[a-z0-9][a-z0-9_-]{0,63}\/(SOUL|AGENTS|AGENT)\.md)$/.test(rel)) {
      report.warnings.push(`Ignored identity file with an unexpected path: ${rel}`);
      continue;
    }
    if (existsSync(path)) {
      if (readFileSync(path, 'utf8') === content) continue;
      report.identity.skipped++;
      report.warnings.push(`${rel} exists with different content; kept yours.`);
      continue;
    }
    files.snapshot(path);
    mkdirPrivate(dirname(path));
    writeFileAtomic(path, content);
    report.identity.written++;
  }

  // Facts go through the store (and so the sanitizer and dedup floor) like any other write.
  for (const [scope, texts] of Object.entries(a.facts)) {
    files.snapshot(engine.facts.memory.pathOf(scope));
    for (const t of texts) {
      const r = engine.facts.memory.record(scope, t);
      if (r.status === 'recorded') report.facts.added++;
      else report.facts.skipped++;
    }
  }
  files.snapshot(join(engine.paths.memory, 'index.md'));

  // Graph: nodes by (scope, normalised name), edges by their full key; ids kept when free.
  const db = engine.memoryDb;
  const nodeMap = new Map<number, number>();
  const findNode = db.prepare(`SELECT id FROM graph_node WHERE scope = ? AND norm_name = ?`).pluck();
  const idFree = (table: string) => db.prepare(`SELECT 1 FROM ${table} WHERE id = ?`).pluck();
  const nodeTaken = idFree('graph_node');
  const edgeTaken = idFree('graph_edge');
  const insNode = db.prepare(`INSERT INTO graph_node (id, scope, name, norm_name, type, summary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  for (const n of a.graph.nodes) {
    const norm = normalizeName(n.name);
    const existing = findNode.get(n.scope, norm) as number | undefined;
    if (existing !== undefined) {
      nodeMap.set(n.id, existing);
      continue;
    }
    const id = nodeTaken.get(n.id) ? null : n.id;
    const r = insNode.run(id, n.scope, n.name, norm, n.type, n.summary, n.createdAt, n.updatedAt);
    nodeMap.set(n.id, Number(r.lastInsertRowid));
    report.graph.nodes++;
  }
  const edgeMap = new Map<number, number>();
  const findEdge = db.prepare(`SELECT id FROM graph_edge WHERE scope = ? AND src = ? AND dst = ? AND relation = ? AND prov_class = ? AND valid_from = ?`).pluck();
  const insEdge = db.prepare(`INSERT INTO graph_edge (id, scope, src, dst, relation, prov_class, valid_from, valid_to, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const insSupport = db.prepare(`INSERT OR IGNORE INTO graph_edge_support (edge_id, message_id) VALUES (?, ?)`);
  for (const e of a.graph.edges) {
    const src = nodeMap.get(e.src);
    const dst = nodeMap.get(e.dst);
    if (src === undefined || dst === undefined) throw new MonadError('BAD_INPUT', `Monad export: graph edge ${e.id} points at a missing node`);
    let id = findEdge.get(e.scope, src, dst, e.relation, e.provClass, e.validFrom) as number | undefined;
    if (id === undefined) {
      const r = insEdge.run(edgeTaken.get(e.id) ? null : e.id, e.scope, src, dst, e.relation, e.provClass, e.validFrom, e.validTo, e.createdAt, e.updatedAt);
      id = Number(r.lastInsertRowid);
      report.graph.edges++;
    }
    edgeMap.set(e.id, id);
    for (const m of e.support) insSupport.run(id, m);
  }
  const seqOf = engine.appDb.prepare(`SELECT seq FROM messages WHERE id = ?`).pluck();
  const setCursor = db.prepare(
    `INSERT INTO l2_cursor (session_id, last_seq, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (session_id) DO UPDATE SET last_seq = max(last_seq, excluded.last_seq), updated_at = excluded.updated_at`,
  );
  for (const c of a.graph.cursors) {
    const seq = seqOf.get(c.lastMessageId) as number | undefined;
    if (seq !== undefined) setCursor.run(c.sessionId, seq, engine.now().toISOString());
  }

  // Laws: per scope, only into a scope that has none (never mixed with laws derived here).
  const haveLaws = new Set(engine.laws.store.scopes());
  const insLaw = db.prepare(
    `INSERT INTO graph_law (scope, statement, confidence, support, contradicted_by, contradicted_why, derived_at, fingerprint) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const l of a.laws) {
    if (haveLaws.has(l.scope)) {
      report.laws.skipped++;
      continue;
    }
    const support = l.support.map((ref) => (ref.startsWith('edge:') && edgeMap.has(Number(ref.slice(5))) ? `edge:${edgeMap.get(Number(ref.slice(5)))}` : ref));
    insLaw.run(l.scope, l.statement, l.confidence, JSON.stringify(support), l.contradictedBy, l.contradictedWhy, l.derivedAt, l.fingerprint);
    report.laws.added++;
  }
}

/** Remembers files' previous contents so a failed import can put them back. */
class FileTransaction {
  private before = new Map<string, string | null>();

  snapshot(path: string): void {
    if (this.before.has(path)) return;
    this.before.set(path, existsSync(path) ? readFileSync(path, 'utf8') : null);
  }

  touched(path: string): boolean {
    return this.before.has(path);
  }

  restore(): void {
    for (const [path, content] of this.before) {
      if (content === null) rmSync(path, { force: true });
      else writeFileAtomic(path, content);
    }
  }
}
