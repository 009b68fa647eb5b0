// Issue 30 §3: the person marks "Sam works at Globex" wrong on A while, apart, they correct it on B: reword it
// ("employed by": its key changes with it) or move its start. Both are the person's acts on one relation, so
// the later stands, as for facts: the retraction follows the relation through its rewording. Retraction
// later: the corrected relation is marked wrong on B too. Correction later: the relation comes back on A,
// corrected. The same on both homes whichever syncs first, and History on each says what happened there
// ("on another device").
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { derive, graphRelay, person, relationRows, syncEntries, tick } from '../helpers/sync-graph-homes';

const relay = graphRelay();
const graphReport = async (p: Promise<{ documents: { kind: string }[] }>) => (await p).documents.find((d) => d.kind === 'graph');
const live = (home: Engine) => relationRows(home).map((r) => [r.text, r.validTo, r.assertedBy]);

type Later = 'retraction' | 'correction';
/** The person's correction on B: its wording (the relation's key changes with it), or its start (it does not). */
const corrections = {
  rewording: { patch: { relation: 'employed by' }, text: 'Sam employed_by Globex', words: 'Sam employed by Globex' },
  'new start': { patch: { validFrom: '2026-02-01T00:00:00.000Z' }, text: 'Sam works_at Globex', words: 'Sam works at Globex' },
};
const cases = (['rewording', 'new start'] as const).flatMap((c) => (['retraction', 'correction'] as const).flatMap((l) => (['A', 'B'] as const).map((f): [keyof typeof corrections, Later, 'A' | 'B'] => [c, l, f])));

describe('monad sync: a retraction and a rewording of one relation made apart: the later stands', () => {
  it.each(cases)('a %s on B, the %s made later, %s syncing first: the same relations on both homes', async (what, later, first) => {
    const correction = corrections[what];
    const { a, b, sync, round } = relay.pair();
    const onA = derive(a, 'Sam', 'works_at', 'Globex', ['msg-1']);
    await sync(a);
    await sync(b);
    const onB = b.graph.store.snapshot('global').edges[0].id;
    const retract = () => a.graph.corrections.retractRelation(onA, { reason: 'Sam never worked there' }, person);
    const reword = () => b.graph.corrections.editRelation(onB, correction.patch, person);
    if (later === 'retraction') {
      reword();
      await tick();
      retract();
    } else {
      retract();
      await tick();
      reword();
    }
    // What each home's History gains from here on, oldest first.
    const mark = new Map([a, b].map((h) => [h, Math.max(0, ...syncEntries(h).map((e) => e.id))]));
    const arrived = (h: Engine, id: number) => syncEntries(h).filter((e) => e.id > mark.get(h)! && e.item === `relation:${id}`).reverse();
    const [x, y] = first === 'A' ? [a, b] : [b, a];
    for (const home of [x, y, x, y]) await sync(home);

    const want = later === 'retraction' ? [] : [[correction.text, null, 'person']];
    expect(live(a)).toEqual(want);
    expect(live(b)).toEqual(want);
    if (later === 'retraction') {
      // B: the reworded relation marked wrong, as the person's, from the other device.
      expect(arrived(b, onB).map((e) => [e.action, e.actor, e.summary])).toEqual([['relation.retracted', 'person', `Marked “${correction.words}” as wrong (Sam never worked there)`]]);
      expect(arrived(a, onA)).toEqual([]);
    } else {
      // A: the relation it had marked wrong brought back, then reworded, both from the other device.
      expect(arrived(a, onA).map((e) => [e.action, e.actor])).toEqual([
        ['relation.restored', 'person'],
        ['relation.edited', 'person'],
      ]);
      expect(arrived(a, onA)[0].summary).toBe('Restored “Sam works at Globex”: corrected on another device after it was marked wrong');
      expect(arrived(b, onB)).toEqual([]);
    }
    // Settled: nothing left to send or apply on either home.
    await round();
    for (const home of [a, b]) expect(await graphReport(sync(home))).toMatchObject({ sent: 0, received: 0, refused: [] });
    expect(live(a)).toEqual(want);
    expect(live(b)).toEqual(want);
    a.close();
    b.close();
  }, 90_000);
});
