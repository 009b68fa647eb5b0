// L2 store: normalisation/dedup, merge within validity windows, supersession, reconciliation, queries.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/db/open';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { ftsQuery, normalizeName, normalizeRelation } from '../../src/main/memory/graph/graph-normalize';
import { GraphStore } from '../../src/main/memory/graph/graph-store';
import { chunkTranscript, substantive } from '../../src/main/memory/graph/transcript';
import { tempHome } from '../helpers/temp-home';

function store() {
  const db = openDatabase(join(tempHome(), 'memory.sqlite'), memoryMigrations, 'memory');
  return new GraphStore(db);
}

describe('graph normalisation', () => {
  it('dedups names by case, accents, punctuation and spacing', () => {
    expect(normalizeName('  São  Paulo. ')).toBe('sao paulo');
    expect(normalizeName("O'Brien")).toBe('obrien');
    expect(normalizeRelation('Lives In')).toBe('lives_in');
    expect(normalizeRelation('!!!')).toBe('related_to');
    expect(ftsQuery('Where is "São Paulo"? OR NEAR(x)')).toBe('"where"* OR "is"* OR "sao"* OR "paulo"* OR "or"* OR "near"*');
    expect(ftsQuery('?!')).toBeNull();
  });

  it('one node per (scope, normalised name); the richer summary and type win', () => {
    const g = store();
    const a = g.upsertNode('agent:a', 'Lisbon', 'thing', '');
    const b = g.upsertNode('agent:a', 'lisbon.', 'place', 'Capital of Portugal');
    expect(b).toEqual({ id: a.id, created: false });
    expect(g.nodeById(a.id)).toMatchObject({ name: 'Lisbon', type: 'place', summary: 'Capital of Portugal' });
    const other = g.upsertNode('project:p', 'Lisbon');
    expect(other.created).toBe(true);
    expect(() => g.upsertNode('agent:a', '...')).toThrow(/no letters or digits/);
  });
});

describe('edges and validity windows', () => {
  function base() {
    const g = store();
    const user = g.upsertNode('agent:a', 'User').id;
    const porto = g.upsertNode('agent:a', 'Porto').id;
    const lisbon = g.upsertNode('agent:a', 'Lisbon').id;
    return { g, user, porto, lisbon };
  }

  it('never stores a relation from an entity to itself (a name can resolve to the other end after a merge)', () => {
    const { g, user } = base();
    const input = { scope: 'agent:a', src: user, dst: user, relation: 'lives_in', provClass: 'user' as const, validFrom: '2026-01-01', support: [], supersede: false };
    expect(() => g.tryUpsertEdge(input)).toThrow(/two different entities/);
    expect(() => g.upsertEdge(input)).toThrow(/two different entities/);
    expect(g.db.prepare('SELECT count(*) FROM graph_edge').pluck().get()).toBe(0);
  });

  it('merges the same relation into the open edge and accumulates support', () => {
    const { g, user, porto } = base();
    const e1 = g.upsertEdge({ scope: 'agent:a', src: user, dst: porto, relation: 'lives_in', provClass: 'user', validFrom: '2026-01-02', support: ['m1'], supersede: false });
    const e2 = g.upsertEdge({ scope: 'agent:a', src: user, dst: porto, relation: 'Lives in', provClass: 'user', validFrom: '2026-01-01', support: ['m2', 'm1'], supersede: false });
    expect(e1.kind).toBe('added');
    expect(e2).toMatchObject({ kind: 'merged', id: e1.id });
    expect(g.edgeById(e1.id)).toMatchObject({ validFrom: '2026-01-01', validTo: null, support: expect.arrayContaining(['m1', 'm2']) });
    // A different provenance class is a different edge.
    const e3 = g.upsertEdge({ scope: 'agent:a', src: user, dst: porto, relation: 'lives_in', provClass: 'assistant', validFrom: '2026-01-03', support: ['m3'], supersede: false });
    expect(e3.kind).toBe('added');
  });

  it('supersession closes the old edge at the new start instead of deleting it', () => {
    const { g, user, porto, lisbon } = base();
    const old = g.upsertEdge({ scope: 'agent:a', src: user, dst: porto, relation: 'lives_in', provClass: 'user', validFrom: '2025-03-01', support: ['m1'], supersede: true });
    const moved = g.upsertEdge({ scope: 'agent:a', src: user, dst: lisbon, relation: 'lives_in', provClass: 'user', validFrom: '2026-06-01', support: ['m2'], supersede: true });
    expect(moved.closed).toEqual([old.id]);
    expect(g.edgeById(old.id)).toMatchObject({ validFrom: '2025-03-01', validTo: '2026-06-01' });
    expect(g.edgeById(moved.id)).toMatchObject({ validTo: null });
    // Later evidence of living in Porto again opens a new window instead of reviving the closed one.
    const back = g.upsertEdge({ scope: 'agent:a', src: user, dst: porto, relation: 'lives_in', provClass: 'user', validFrom: '2027-01-01', support: ['m3'], supersede: true });
    expect(back.kind).toBe('added');
    expect(back.closed).toEqual([moved.id]);
    // A mention dated inside the old window merges into it.
    const inside = g.upsertEdge({ scope: 'agent:a', src: user, dst: porto, relation: 'lives_in', provClass: 'user', validFrom: '2025-05-01', support: ['m4'], supersede: false });
    expect(inside).toMatchObject({ kind: 'merged', id: old.id });
    expect(g.edgeById(old.id)!.support.sort()).toEqual(['m1', 'm4']);
  });

  it('does not close a newer relation with an older one', () => {
    const { g, user, porto, lisbon } = base();
    const newer = g.upsertEdge({ scope: 'agent:a', src: user, dst: lisbon, relation: 'lives_in', provClass: 'user', validFrom: '2026-06-01', support: ['m2'], supersede: true });
    const older = g.upsertEdge({ scope: 'agent:a', src: user, dst: porto, relation: 'lives_in', provClass: 'user', validFrom: '2025-01-01', support: ['m1'], supersede: true });
    expect(older.closed).toEqual([]);
    expect(g.edgeById(newer.id)!.validTo).toBeNull();
    // …and the older one ends where the newer one begins.
    expect(g.edgeById(older.id)!.validTo).toBe('2026-06-01');
  });
});

describe('reconciliation', () => {
  it('drops dead support, retracts unsupported edges, removes orphan nodes', () => {
    const g = store();
    const u = g.upsertNode('agent:a', 'User').id;
    const cat = g.upsertNode('agent:a', 'Miso').id;
    const city = g.upsertNode('agent:a', 'Porto').id;
    const keep = g.upsertEdge({ scope: 'agent:a', src: u, dst: city, relation: 'lives_in', provClass: 'user', validFrom: '2026', support: ['live1', 'dead1'], supersede: false });
    g.upsertEdge({ scope: 'agent:a', src: u, dst: cat, relation: 'owns', provClass: 'user', validFrom: '2026', support: ['dead2'], supersede: false });
    const live = new Set(['live1']);
    const r = g.reconcile((ids) => new Set(ids.filter((i) => live.has(i))));
    expect(r).toEqual({ droppedSupport: 2, retractedEdges: 1, removedNodes: 1 });
    expect(g.edgeById(keep.id)!.support).toEqual(['live1']);
    expect(g.nodeById(cat)).toBeNull();
    expect(g.counts()).toEqual({ nodes: 2, edges: 1 });
  });
});

describe('queries', () => {
  it('explore finds entities by FTS within the given scopes and returns relations among them', () => {
    const g = store();
    const u = g.upsertNode('agent:a', 'User', 'person').id;
    const garden = g.upsertNode('agent:a', 'Rooftop garden', 'project', 'Tomatoes and basil').id;
    g.upsertNode('agent:b', 'Secret garden', 'project');
    g.upsertEdge({ scope: 'agent:a', src: u, dst: garden, relation: 'maintains', provClass: 'user', validFrom: '2026', support: ['m'], supersede: false });
    const res = g.explore(['agent:a'], 'garden');
    expect(res.nodes.map((n) => n.name).sort()).toEqual(['Rooftop garden', 'User']);
    expect(res.edges.map((e) => e.relation)).toEqual(['maintains']);
    expect(g.explore(['agent:a'], 'basil').nodes[0].name).toBe('Rooftop garden');
    expect(g.explore(['agent:a'], 'secret').nodes.map((n) => n.name)).toEqual([]); // other agent's scope
    expect(g.findNode(['agent:a'], 'rooftop GARDEN')!.degree).toBe(1);
    expect(g.snapshot('agent:a')).toMatchObject({ nodes: expect.any(Array), edges: [expect.objectContaining({ relation: 'maintains' })], truncated: false });
  });

  it("explore finds a scope's few matches among thousands of another scope's, and ranks name matches first", () => {
    const g = store();
    g.db.transaction(() => {
      for (let i = 0; i < 3000; i++) g.upsertNode('agent:big', `Garden plot ${i}`, 'thing', 'a garden');
    })();
    g.upsertNode('agent:small', 'Notes', 'thing', 'mentions the garden once');
    const named = g.upsertNode('agent:small', 'Community garden', 'place').id;
    const res = g.explore(['agent:small'], 'garden');
    // The name match outranks the summary-only match; none of agent:big's 3,000 matches leak in.
    expect(res.nodes.map((n) => n.name)).toEqual(['Community garden', 'Notes']);
    expect(res.nodes[0].id).toBe(named);
    // In the big scope the window is bounded but still returns a full page of real matches.
    const big = g.explore(['agent:big'], 'garden plot', 10);
    expect(big.nodes).toHaveLength(10);
    expect(big.nodes.every((n) => n.scope === 'agent:big' && n.name.startsWith('Garden plot'))).toBe(true);
    // Two scopes at once (an agent and its project).
    expect(g.explore(['agent:small', 'agent:big'], 'community').nodes.map((n) => n.name)).toEqual(['Community garden']);
  });
});

describe('transcript filtering and chunking', () => {
  const msg = (content: string, role: 'user' | 'assistant' | 'tool' = 'user', error: string | null = null) => ({ role, content, error, toolCalls: null });
  it('keeps substantive prose only', () => {
    expect(substantive(msg('hi!'))).toBeNull();
    expect(substantive(msg('Thanks.'))).toBeNull();
    expect(substantive(msg('```ts\nconst x = 1;\n```'))).toBeNull();
    expect(substantive(msg('{"tool":"result"}', 'tool'))).toBeNull();
    expect(substantive(msg('', 'assistant', 'Stopped'))).toBeNull();
    expect(substantive(msg('I moved to Lisbon last month with my partner Ana.'))).toBe('I moved to Lisbon last month with my partner Ana.');
    expect(substantive(msg('Here is the fix:\n```js\nfoo()\n```\nIt works on Node 20.'))).toBe('Here is the fix: It works on Node 20.');
  });

  it('cuts a backlog into passes under the cap without splitting a message', () => {
    const ms = Array.from({ length: 50 }, (_, i) => ({ id: `m${i}`, seq: i + 1, role: 'user' as const, createdAt: '2026', text: 'x'.repeat(1000) }));
    const chunks = chunkTranscript(ms, 12_000);
    expect(chunks.length).toBe(5);
    for (const c of chunks) expect(c.reduce((n, m) => n + m.text.length + 40, 0)).toBeLessThanOrEqual(12_000);
    expect(chunks.flat().map((m) => m.id)).toEqual(ms.map((m) => m.id));
  });
});
