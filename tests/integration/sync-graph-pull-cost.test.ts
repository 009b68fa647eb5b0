// A pull's cost in the graph (docs/sync.md, Figures): the entities the person deleted on the receiving home
// are read once per scope for a batch of incoming relations, not once per relation (that read scans every
// entity of the scope; asked per relation it was a quarter of a whole-home pull's CPU). What is held stays
// the same: a derived relation naming an entity the person deleted there is held, the others arrive.
import { describe, expect, it, vi } from 'vitest';
import { derive, graphRelay, nodeId, person, relations } from '../helpers/sync-graph-homes';

const relay = graphRelay();

describe('monad sync: the graph pull reads what the person deleted once per batch', () => {
  it('30 derived relations from A: B reads its deleted entities once, holds the 5 naming Bob, takes the other 25', async () => {
    const { a, b, sync } = relay.pair();
    for (let i = 0; i < 25; i++) derive(a, `Sam ${i}`, 'works_at', `Globex ${i}`, [`msg-a${i}`]);
    for (let i = 0; i < 5; i++) derive(a, 'Bob', 'likes', `Jazz ${i}`, [`msg-b${i}`]);
    await sync(a);
    // On B the person deleted Bob before B ever synced.
    derive(b, 'Bob', 'lives_in', 'Lyon', ['msg-local']);
    b.graph.corrections.deleteEntity(nodeId(b, 'Bob')!, person);

    const reads = vi.spyOn(b.graph.store, 'personDeleted');
    await sync(b);
    const batchReads = reads.mock.calls.length;
    reads.mockRestore();

    const texts = relations(b).map((r) => r.text);
    expect(texts.filter((t) => t.startsWith('Sam '))).toHaveLength(25);
    expect(texts.filter((t) => t.startsWith('Bob'))).toEqual([]);
    expect(nodeId(b, 'Bob')).toBeNull();
    // One read for the batch, and one more for each relation held (checked again against the store before
    // holding it); per relation it was 30.
    expect(batchReads).toBeLessThanOrEqual(1 + 5);
    a.close();
    b.close();
  }, 60_000);
});
