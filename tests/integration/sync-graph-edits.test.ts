// Issue 30 §3, the graph's corrections and re-derivations compared by the right times, between two homes
// through one relay on loopback: a later mention merged into an existing relation is a later derivation.
import { describe, expect, it } from 'vitest';
import { derive, graphRelay, relationRows, tick } from '../helpers/sync-graph-homes';

const relay = graphRelay();

describe('monad sync: graph edits and the times they are compared by', () => {
  it("a later mention merged into B's relation outlives a derived end made before it on A, on both homes", async () => {
    const { a, b, sync, round } = relay.pair();
    derive(a, 'Sam', 'lives_in', 'Lisbon', ['msg-1']);
    await sync(a);
    await sync(b);
    // Apart: a newer value closes Lisbon on A; then B hears Lisbon again, merged into the row it already has.
    derive(a, 'Sam', 'lives_in', 'Porto', ['msg-2'], { validFrom: '2026-05-01T00:00:00.000Z', supersede: true });
    await tick();
    derive(b, 'Sam', 'lives_in', 'Lisbon', ['msg-3']);
    expect(relationRows(b).filter((r) => r.text.endsWith('Lisbon'))).toHaveLength(1);
    await round();
    // The derivation after the end stands: Lisbon is open on both (A re-opens it, B does not close it).
    for (const home of [a, b]) {
      const lisbon = relationRows(home).filter((r) => r.text === 'Sam lives_in Lisbon');
      expect(lisbon.map((r) => r.validTo)).toEqual([null]);
    }
    expect(a.journal.list({ layer: 'graph' }, { limit: 100 }).entries.some((e) => e.action === 'relation.reopened' && e.source?.via === 'sync')).toBe(true);
  }, 60_000);
});
