// L3: citation mapping, decay and eligibility, /why matching, wholesale replace, stale detection.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/db/open';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { MemoryDir } from '../../src/main/memory/facts/memory-dir';
import { GraphStore } from '../../src/main/memory/graph/graph-store';
import { ageDays, effectiveConfidence, isEligible } from '../../src/main/memory/laws/decay';
import { lawView, matchLaws } from '../../src/main/memory/laws/explain';
import { fingerprintOf, mapCitations } from '../../src/main/memory/laws/law-infer';
import { LawStore, SYNCED_DERIVED } from '../../src/main/memory/laws/law-store';
import { tempHome } from '../helpers/temp-home';

const DAY = 86_400_000;

describe('citation mapping', () => {
  const facts = [{ id: 'aaaaaaaaaaaa' }, { id: 'bbbbbbbbbbbb' }];
  const relations = [{ id: 41 }, { id: 42 }];
  it('maps tags to real ids and drops invented or out-of-range refs', () => {
    expect(mapCitations(['f1', 'e2', '[f2]'], facts, relations)).toEqual(['fact:aaaaaaaaaaaa', 'edge:42', 'fact:bbbbbbbbbbbb']);
    expect(mapCitations(['f0', 'f3', 'e9', 'x1', 'fact:zzz', 'e-1', ''], facts, relations)).toEqual([]);
    expect(mapCitations(['f1', 'F1', 'f1'], facts, relations)).toEqual(['fact:aaaaaaaaaaaa']);
  });
  it('fingerprints are order-independent and change with the input', () => {
    expect(fingerprintOf(['b', 'a'], [2, 1])).toBe(fingerprintOf(['a', 'b'], [1, 2]));
    expect(fingerprintOf(['a'], [1])).not.toBe(fingerprintOf(['a'], [2]));
  });
});

describe('decay', () => {
  const s = { halfLifeDays: 365, floor: 0 };
  const now = new Date('2027-01-01T00:00:00Z');
  it('is the stored confidence at age 0, half at one half-life, near zero far in the past', () => {
    expect(effectiveConfidence(0.8, now.toISOString(), now, s)).toBeCloseTo(0.8, 10);
    expect(effectiveConfidence(0.8, new Date(now.getTime() - 365 * DAY).toISOString(), now, s)).toBeCloseTo(0.4, 10);
    expect(effectiveConfidence(0.8, new Date(now.getTime() - 365 * 20 * DAY).toISOString(), now, s)).toBeLessThan(1e-6);
    expect(ageDays(new Date(now.getTime() + DAY).toISOString(), now)).toBe(0); // clock skew never inflates confidence
  });
  it('eligibility: not contradicted and above the floor', () => {
    const old = new Date(now.getTime() - 365 * DAY).toISOString();
    expect(isEligible({ confidence: 0.8, derivedAt: old, contradictedBy: null }, now, { halfLifeDays: 365, floor: 0.3 })).toBe(true);
    expect(isEligible({ confidence: 0.8, derivedAt: old, contradictedBy: null }, now, { halfLifeDays: 365, floor: 0.5 })).toBe(false);
    expect(isEligible({ confidence: 0.8, derivedAt: now.toISOString(), contradictedBy: 'fact:x' }, now, s)).toBe(false);
    expect(isEligible({ confidence: 0, derivedAt: now.toISOString(), contradictedBy: null }, now, s)).toBe(false);
  });
});

describe('law store and grounding', () => {
  function setup() {
    const home = tempHome();
    const db = openDatabase(join(home, 'memory.sqlite'), memoryMigrations, 'memory');
    const memory = new MemoryDir(join(home, 'memory'));
    const graph = new GraphStore(db);
    const laws = new LawStore(db);
    let now = new Date('2027-01-01T00:00:00Z');
    const deps = { memory, graph, sources: () => [], decay: () => ({ halfLifeDays: 365, floor: 0 }), now: () => now };
    return { memory, graph, laws, deps, setNow: (d: Date) => (now = d) };
  }

  it('replaces a scope wholesale and leaves other scopes alone', () => {
    const { laws } = setup();
    laws.replaceScope('agent:a', [{ statement: 'A1', confidence: 0.5, support: ['fact:x'] }, { statement: 'A2', confidence: 0.6, support: ['fact:y'] }], 'fp1');
    laws.replaceScope('agent:b', [{ statement: 'B1', confidence: 0.5, support: ['fact:z'] }], 'fp2');
    expect(laws.replaceScope('agent:a', [{ statement: 'A3', confidence: 0.9, support: ['fact:x'] }], 'fp3')).toMatchObject({ removed: [{ statement: 'A2' }, { statement: 'A1' }], added: [{ statement: 'A3' }] });
    expect(laws.list().map((l) => l.statement)).toEqual(['A3', 'B1']);
    expect(laws.getState('laws:agent:a')).toBe('fp3');
  });

  it("keeps laws another device derived (issue 30 §3) unless the re-derivation states one again, which makes it this device's own", () => {
    const { laws } = setup();
    laws.replaceScope('global', [{ statement: 'Own law', confidence: 0.5, support: [] }], 'fp1');
    laws.insert('global', { statement: 'Reads at night', confidence: 0.6, support: [] }, SYNCED_DERIVED);
    laws.insert('global', { statement: 'Walks the dog', confidence: 0.6, support: [] }, SYNCED_DERIVED);
    laws.insert('global', { statement: 'Decided elsewhere', confidence: 0.6, support: [] }, 'sync');
    const r = laws.replaceScope('global', [{ statement: 'walks the DOG', confidence: 0.7, support: [] }], 'fp2');
    expect(r.removed.map((l) => l.statement).sort()).toEqual(['Decided elsewhere', 'Own law', 'Walks the dog']);
    expect(laws.list().map((l) => [l.statement, l.fingerprint])).toEqual([
      ['walks the DOG', 'fp2'],
      ['Reads at night', SYNCED_DERIVED],
    ]);
  });

  it('flags a contradiction, and re-derivation clears it', () => {
    const { laws } = setup();
    laws.replaceScope('global', [{ statement: 'Likes cities', confidence: 0.7, support: ['fact:x'] }], 'fp');
    const law = laws.list()[0];
    laws.flag(law.id, 'fact:abcabcabcabc', 'says they hate cities');
    expect(laws.get(law.id)).toMatchObject({ contradictedBy: 'fact:abcabcabcabc', contradictedWhy: 'says they hate cities' });
    laws.replaceScope('global', [{ statement: 'Likes cities', confidence: 0.7, support: ['fact:x'] }], 'fp2');
    expect(laws.list()[0].contradictedBy).toBeNull();
  });

  it('is stale once a supporting fact is forgotten or an edge retracted; decays with age', () => {
    const { memory, graph, laws, deps, setNow } = setup();
    const f = memory.record('agent:a', 'Cycles to work every day').fact!;
    const u = graph.upsertNode('agent:a', 'User').id;
    const bike = graph.upsertNode('agent:a', 'Bicycle').id;
    const e = graph.upsertEdge({ scope: 'agent:a', src: u, dst: bike, relation: 'owns', provClass: 'user', validFrom: '2026-01-01', support: ['m1'], supersede: false });
    laws.replaceScope('agent:a', [{ statement: 'Prefers cycling over driving', confidence: 0.8, support: [`fact:${f.id}`, `edge:${e.id}`] }], 'fp');
    let v = lawView(deps, laws.list()[0]);
    expect(v).toMatchObject({ stale: false, eligible: true, facts: [{ id: f.id, text: 'Cycles to work every day' }], relations: [{ id: e.id, text: 'User owns Bicycle' }] });
    graph.reconcile(() => new Set()); // the edge's only message is gone
    v = lawView(deps, laws.list()[0]);
    expect(v.stale).toBe(true);
    expect(v.relations[0].text).toBeNull();
    memory.forget('agent:a', f.id);
    expect(lawView(deps, laws.list()[0]).facts[0].text).toBeNull();
    setNow(new Date(Date.parse(laws.list()[0].derivedAt) + 365 * DAY));
    expect(lawView(deps, laws.list()[0]).effectiveConfidence).toBeCloseTo(0.4, 5);
  });
});

describe('/why matching', () => {
  const law = (id: number, statement: string, confidence = 0.5) => ({ id, scope: 'global', statement, confidence, support: [], contradictedBy: null, contradictedWhy: null, derivedAt: '', fingerprint: '' });
  it('matches content words, ignores stop words, ranks by overlap', () => {
    const laws = [law(1, 'The user prefers vegetarian restaurants when travelling'), law(2, 'The user works late on Fridays'), law(3, 'Vegetarian cooking is a weekend hobby', 0.9)];
    expect(matchLaws(laws, 'why vegetarian restaurants?').map((l) => l.id)).toEqual([1, 3]);
    expect(matchLaws(laws, 'friday').map((l) => l.id)).toEqual([2]);
    expect(matchLaws(laws, 'why is the user')).toEqual([]);
  });
});
