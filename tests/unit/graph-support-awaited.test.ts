// Support from another device whose message has not arrived yet (issue 30 §2, memory migration 16): the
// store's liveness pass keeps it while awaited, treats it as ordinary support once the message is here, and
// gives up on it after AWAITED_SUPPORT_DAYS (a chat deleted elsewhere before this device ever had it).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/main/db/open';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { AWAITED_SUPPORT_DAYS, GraphStore } from '../../src/main/memory/graph/graph-store';
import { tempHome } from '../helpers/temp-home';

describe('graph support awaited from another device', () => {
  it('is kept until its message arrives or the wait runs out, then follows the message like any support', () => {
    let now = Date.UTC(2026, 5, 1);
    const store = new GraphStore(openDatabase(join(tempHome(), 'memory.sqlite'), memoryMigrations, 'memory'), () => new Date(now));
    const s = store.upsertNode('global', 'Sam').id;
    const d = store.upsertNode('global', 'Globex').id;
    const edge = (support: string[]) => store.upsertEdge({ scope: 'global', src: s, dst: d, relation: 'works_at', provClass: 'user', validFrom: '2026-05-01T00:00:00.000Z', support, supersede: false });
    edge(['m-coming', 'm-late']);
    store.awaitSupport(['m-coming', 'm-late']);
    const here = new Set<string>();
    const live = (ids: string[]) => new Set(ids.filter((id) => here.has(id)));
    const support = () => store.snapshot('global').edges[0]?.support.sort() ?? null;

    expect(store.reconcile(live).droppedSupport).toBe(0);
    expect(support()).toEqual(['m-coming', 'm-late']);
    // One arrives: ordinary support from then on, so deleting it here drops it.
    here.add('m-coming');
    store.reconcile(live);
    here.delete('m-coming');
    expect(store.reconcile(live).droppedSupport).toBe(1);
    expect(support()).toEqual(['m-late']);
    // The other never comes: after the wait it is dropped, and the relation with nothing left goes too.
    now += (AWAITED_SUPPORT_DAYS - 1) * 86_400_000;
    expect(store.reconcile(live).droppedSupport).toBe(0);
    now += 2 * 86_400_000;
    expect(store.reconcile(live)).toMatchObject({ droppedSupport: 1, retractedEdges: 1 });
    expect(support()).toBeNull();
  });
});
