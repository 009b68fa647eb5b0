// The preview of "forget everything about X": every fact, entity, relation, law and mem0 memory that
// mentions X (in every scope), or, for a chat, everything Monad learned only from that chat's messages.
// Read-only; the apply recomputes it and forgets only what the person left ticked.
import type { Database } from 'better-sqlite3';
import { LIVE_EDGE } from '../graph/graph-store';
import type { ForgetItem, ForgetKind, ForgetPreview, ForgetTarget } from '../../../shared/forget';
import { FORGET_KINDS } from '../../../shared/forget';
import type { Mem0Entry } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { MessageStore } from '../../conversations/message-store';
import type { SessionStore } from '../../conversations/session-store';
import type { FactOrigins } from '../facts/fact-origins';
import type { MemoryDir } from '../facts/memory-dir';
import { normalizeName } from '../graph/graph-normalize';
import type { LawRow, LawStore } from '../laws/law-store';
import { agentScope } from '../scope';
import { relationSentence } from '../../../shared/relation-words';
import { mentionMatcher, mentionWords } from './mentions';

/**
 * A preview lists at most this many items of each kind: more than a person can review in one dialog.
 * A subject mentioned more often than that is a word, not a person or a place; the preview says it was
 * cut, the apply acts on what was listed, and the next preview lists the rest.
 */
export const MAX_PREVIEW_PER_KIND = 2000;

export interface ForgetFinderDeps {
  memory: MemoryDir;
  origins: FactOrigins;
  /** db/memory.sqlite: the graph and the laws are read directly, in a few indexed queries. */
  memoryDb: Database;
  laws: LawStore;
  sessions: SessionStore;
  messages: MessageStore;
  /** Every mem0 memory in the stores that can be read without starting anything. */
  mem0: () => Promise<{ entries: Mem0Entry[]; notes: string[] }>;
}

interface NodeHit {
  id: number;
  scope: string;
  name: string;
}

interface EdgeHit {
  id: number;
  scope: string;
  relation: string;
  validTo: string | null;
  src: string;
  dst: string;
}

const EDGE_COLUMNS = `e.id, e.scope, e.relation, e.valid_to AS validTo, s.name AS src, d.name AS dst FROM graph_edge e JOIN graph_node s ON s.id = e.src JOIN graph_node d ON d.id = e.dst`;

export class ForgetFinder {
  constructor(private readonly d: ForgetFinderDeps) {}

  async preview(target: ForgetTarget): Promise<ForgetPreview> {
    switch (target.kind) {
      case 'entity': {
        const node = this.d.memoryDb.prepare(`SELECT id, scope, name FROM graph_node WHERE id = ? AND removed_at IS NULL`).get(target.nodeId) as NodeHit | undefined;
        if (!node) throw new MonadError('NOT_FOUND', `No entity ${target.nodeId}`);
        return this.about(target, node.name, node);
      }
      case 'text':
        return this.about(target, target.text.trim(), null);
      case 'session':
        return this.fromChat(target);
    }
  }

  /** Everything that mentions `subject`, in every scope. */
  private async about(target: ForgetTarget, subject: string, node: NodeHit | null): Promise<ForgetPreview> {
    const mentions = mentionMatcher(subject);
    if (!mentions) throw new MonadError('BAD_INPUT', 'Say what to forget about: a name or a few words with letters or digits');
    const why = `mentions “${subject}”`;
    const out = new Collector();

    for (const f of this.allFacts(out.notes)) if (mentions(f.text)) out.add({ key: factKey(f.scope, f.id), kind: 'fact', scope: f.scope, text: f.text, why });

    const nodes = this.nodesNamed(subject, mentions);
    if (node && !nodes.some((n) => n.id === node.id)) nodes.unshift(node);
    for (const n of nodes) out.add({ key: `entity:${n.id}`, kind: 'entity', scope: n.scope, text: n.name, why: n.id === node?.id ? 'the entity itself' : `named “${n.name}”` });
    const edges = this.edgesOf(nodes.map((n) => n.id));
    for (const e of edges) out.add(edgeItem(e, `about “${subject}”`));

    const laws = this.d.laws.list();
    const lawMentions = new Set<number>();
    for (const l of laws) {
      if (!mentions(l.statement)) continue;
      lawMentions.add(l.id);
      out.add(lawItem(l, why));
    }
    this.addLawsResting(out, laws.filter((l) => !lawMentions.has(l.id)), 'rests only on what is forgotten here');

    const mem0 = await this.d.mem0();
    out.notes.push(...mem0.notes);
    for (const m of mem0.entries) if (mentions(m.text)) out.add(mem0Item(m, why));
    return out.preview(target, subject);
  }

  /** What rests only on one chat's messages. */
  private async fromChat(target: Extract<ForgetTarget, { kind: 'session' }>): Promise<ForgetPreview> {
    const session = this.d.sessions.get(target.sessionId);
    const out = new Collector();
    const why = 'learned only from this chat';

    const fromChat = this.d.origins.onlyFrom(session.id);
    const byScope = new Map<string, Set<string>>();
    for (const f of fromChat) (byScope.get(f.scope) ?? byScope.set(f.scope, new Set()).get(f.scope)!).add(f.factId);
    for (const [scope, ids] of byScope) {
      let facts;
      try {
        facts = this.d.memory.read(scope).facts;
      } catch (err) {
        out.notes.push(`The ${scope} facts could not be read: ${(err as Error).message}`);
        continue;
      }
      for (const f of facts) if (ids.has(f.id)) out.add({ key: factKey(scope, f.id), kind: 'fact', scope, text: f.text, why });
    }

    const messageIds = this.d.messages.idsOf(session.id);
    const edges = this.edgesOnlyFrom(messageIds);
    const edgeIds = new Set(edges.map((e) => e.id));
    for (const n of this.nodesOnlyIn(edgeIds)) out.add({ key: `entity:${n.id}`, kind: 'entity', scope: n.scope, text: n.name, why: 'known only from this chat' });
    for (const e of edges) out.add(edgeItem(e, why));

    this.addLawsResting(out, this.d.laws.list(), 'rests only on what this chat taught');

    const mem0 = await this.d.mem0();
    out.notes.push(...mem0.notes);
    for (const m of mem0.entries) if (m.metadata.sessionId === session.id) out.add(mem0Item(m, 'learned from this chat'));
    return out.preview(target, session.title);
  }

  private allFacts(notes: string[]): { scope: string; id: string; text: string }[] {
    const out: { scope: string; id: string; text: string }[] = [];
    for (const s of this.d.memory.scopes()) {
      try {
        for (const f of this.d.memory.read(s.scope).facts) out.push({ scope: s.scope, id: f.id, text: f.text });
      } catch (err) {
        notes.push(`The ${s.scope} facts could not be read: ${(err as Error).message}`);
      }
    }
    return out;
  }

  /**
   * Entities whose name mentions the subject, in every scope: the full-text index finds candidates
   * (a phrase query on the name), an exact normalised-name match catches what it tokenises differently.
   */
  private nodesNamed(subject: string, mentions: (text: string) => boolean): NodeHit[] {
    const words = mentionWords(subject);
    const found = new Map<number, NodeHit>();
    const phrase = `name : "${words.join(' ')}"`;
    const fts = this.d.memoryDb
      .prepare(`SELECT n.id, n.scope, n.name FROM graph_node_fts JOIN graph_node n ON n.id = graph_node_fts.rowid WHERE graph_node_fts MATCH ? AND n.removed_at IS NULL LIMIT ?`)
      .all(phrase, MAX_PREVIEW_PER_KIND * 2) as NodeHit[];
    for (const n of fts) if (mentions(n.name)) found.set(n.id, n);
    const norm = normalizeName(subject);
    if (norm) for (const n of this.d.memoryDb.prepare(`SELECT id, scope, name FROM graph_node WHERE norm_name = ? AND removed_at IS NULL`).all(norm) as NodeHit[]) found.set(n.id, n);
    return [...found.values()].sort((a, b) => a.scope.localeCompare(b.scope) || a.id - b.id);
  }

  /**
   * Every relation, current or ended, with one of these entities at either end. The ids come from the
   * endpoint indexes alone; only the first MAX_PREVIEW_PER_KIND (+1, to say there were more) are read
   * in full: a common word can name a thousand entities with ten times as many relations.
   */
  private edgesOf(nodeIds: number[]): EdgeHit[] {
    if (!nodeIds.length) return [];
    const ids = JSON.stringify(nodeIds);
    const edgeIds = this.d.memoryDb
      .prepare(`SELECT id FROM graph_edge WHERE src IN (SELECT value FROM json_each(?)) AND ${LIVE_EDGE} UNION SELECT id FROM graph_edge WHERE dst IN (SELECT value FROM json_each(?)) AND ${LIVE_EDGE} ORDER BY id LIMIT ?`)
      .pluck()
      .all(ids, ids, MAX_PREVIEW_PER_KIND + 1) as number[];
    return this.edgesById(edgeIds);
  }

  /** Relations by id as sentences, current ones first. */
  private edgesById(edgeIds: number[]): EdgeHit[] {
    if (!edgeIds.length) return [];
    const rows = this.d.memoryDb.prepare(`SELECT ${EDGE_COLUMNS} WHERE e.id IN (SELECT value FROM json_each(?))`).all(JSON.stringify(edgeIds)) as EdgeHit[];
    return rows.sort((a, b) => Number(a.validTo !== null) - Number(b.validTo !== null) || a.id - b.id);
  }

  /** Relations every supporting message of which belongs to the chat. */
  private edgesOnlyFrom(messageIds: string[]): EdgeHit[] {
    if (!messageIds.length) return [];
    const ids = JSON.stringify(messageIds);
    const edgeIds = this.d.memoryDb
      .prepare(
        `WITH msg(id) AS (SELECT value FROM json_each(?))
         SELECT DISTINCT s.edge_id FROM graph_edge_support s
         JOIN graph_edge e ON e.id = s.edge_id AND e.retracted_at IS NULL AND e.merged_into IS NULL
         WHERE s.message_id IN (SELECT id FROM msg)
           AND NOT EXISTS (SELECT 1 FROM graph_edge_support x WHERE x.edge_id = s.edge_id AND x.message_id NOT IN (SELECT id FROM msg))
         ORDER BY s.edge_id LIMIT ?`,
      )
      .pluck()
      .all(ids, MAX_PREVIEW_PER_KIND + 1) as number[];
    return this.edgesById(edgeIds);
  }

  /** Entities all of whose relations are in the set: nothing else keeps them in the graph. */
  private nodesOnlyIn(edgeIds: Set<number>): NodeHit[] {
    if (!edgeIds.size) return [];
    const set = JSON.stringify([...edgeIds]);
    return this.d.memoryDb
      .prepare(
        `WITH s(id) AS (SELECT value FROM json_each(?)),
              ends(id) AS (SELECT src FROM graph_edge WHERE id IN (SELECT id FROM s) UNION SELECT dst FROM graph_edge WHERE id IN (SELECT id FROM s))
         SELECT n.id, n.scope, n.name FROM graph_node n
         WHERE n.id IN (SELECT id FROM ends) AND n.removed_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM graph_edge e WHERE e.src = n.id AND e.id NOT IN (SELECT id FROM s) AND e.retracted_at IS NULL AND e.merged_into IS NULL)
           AND NOT EXISTS (SELECT 1 FROM graph_edge e WHERE e.dst = n.id AND e.id NOT IN (SELECT id FROM s) AND e.retracted_at IS NULL AND e.merged_into IS NULL)
         ORDER BY n.id`,
      )
      .all(set) as NodeHit[];
  }

  /** Laws every cited fact and relation of which is in the preview already: nothing would be left under them. */
  private addLawsResting(out: Collector, laws: LawRow[], why: string): void {
    const facts = new Set(out.items.filter((i) => i.kind === 'fact').map((i) => i.key));
    const edges = new Set(out.items.filter((i) => i.kind === 'relation').map((i) => i.key));
    for (const l of laws) {
      if (!l.support.length) continue;
      const rests = l.support.every((ref) => (ref.startsWith('fact:') ? facts.has(factKey(l.scope, ref.slice(5))) : ref.startsWith('edge:') ? edges.has(`relation:${ref.slice(5)}`) : false));
      if (rests) out.add(lawItem(l, why));
    }
  }
}

export function factKey(scope: string, id: string): string {
  return `fact:${scope}:${id}`;
}

function edgeItem(e: EdgeHit, why: string): ForgetItem {
  const sentence = relationSentence(e.src, e.relation, e.dst);
  return { key: `relation:${e.id}`, kind: 'relation', scope: e.scope, text: e.validTo ? `${sentence} (ended ${e.validTo.slice(0, 10)})` : sentence, why, current: e.validTo === null };
}

function lawItem(l: LawRow, why: string): ForgetItem {
  return { key: `law:${l.id}`, kind: 'law', scope: l.scope, text: l.statement, why };
}

function mem0Item(m: Mem0Entry, why: string): ForgetItem {
  return { key: `mem0:${m.id}`, kind: 'mem0', scope: m.agentId ? agentScope(m.agentId) : null, text: m.text, why };
}

/** Items in kind order, each key once, at most MAX_PREVIEW_PER_KIND per kind. */
class Collector {
  readonly items: ForgetItem[] = [];
  readonly notes: string[] = [];
  private readonly keys = new Set<string>();
  private readonly counts = new Map<ForgetKind, number>();
  private readonly cut = new Set<ForgetKind>();

  add(item: ForgetItem): void {
    if (this.keys.has(item.key)) return;
    const n = this.counts.get(item.kind) ?? 0;
    if (n >= MAX_PREVIEW_PER_KIND) {
      this.cut.add(item.kind);
      return;
    }
    this.keys.add(item.key);
    this.counts.set(item.kind, n + 1);
    this.items.push(item);
  }

  preview(target: ForgetTarget, subject: string): ForgetPreview {
    const order = new Map(FORGET_KINDS.map((k, i) => [k, i]));
    const items = [...this.items].sort((a, b) => order.get(a.kind)! - order.get(b.kind)!);
    return { target, subject, items, truncated: FORGET_KINDS.filter((k) => this.cut.has(k)), notes: [...new Set(this.notes)] };
  }
}
