// Issue 30 §2–§3, the graph between two homes through a relay on loopback: a relation derived on A (written
// through the graph store, as extraction writes it) reaches B with its support; the same relation derived on
// both homes is one relation with the support of both; the person's correction (marked wrong) on A reaches B
// and beats B's concurrent re-derivation, on both homes. One relay serves the file; each case has its own
// space on it and two fresh homes.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { derive, graphRelay, names, nodeId, person, relationRows, relations, syncEntries } from '../helpers/sync-graph-homes';

const relay = graphRelay();
/** A relation's end per sentence, for the relations of one entity. */
const endsOf = (home: Engine, who: string) => Object.fromEntries(relationRows(home).filter((r) => r.text.startsWith(who)).map((r) => [r.text, r.validTo]));

describe('monad sync: the graph between two homes', () => {
  it('a relation derived on A reaches B with its support; derived on both it is one relation with both supports', async () => {
    const { a, b, sync } = relay.pair();
    derive(a, 'Sam', 'works_at', 'Globex', ['msg-a1']);
    derive(a, 'Sam', 'lives_in', 'Lyon', ['msg-a2']);
    // B derived one of the same relations from its own message, with names cased and spaced its own way.
    derive(b, 'sam', 'works at', 'GLOBEX', ['msg-b1']);
    await sync(a);
    await sync(b);
    await sync(a);
    for (const home of [a, b]) {
      expect(relations(home).map((r) => r.text)).toHaveLength(2);
      expect(relations(home).find((r) => r.text.toLowerCase().includes('lives_in lyon'))?.support).toEqual(['msg-a2']);
      expect(relations(home).find((r) => r.text.toLowerCase().includes('works_at globex'))?.support).toEqual(['msg-a1', 'msg-b1']);
    }
    // Written through the graph layer on B: History says the relation came from another device.
    expect(syncEntries(b).map((e) => e.action)).toContain('relation.added');
    // Nothing left to send: a second round is quiet.
    const again = await sync(b);
    expect(again.documents.find((d) => d.kind === 'graph')).toMatchObject({ sent: 0, received: 0 });
    a.close();
    b.close();
  }, 60_000);

  it("the person's retraction on A reaches B and beats B's concurrent re-derivation", async () => {
    const { a, b, sync } = relay.pair();
    const id = derive(a, 'Sam', 'works_at', 'Initech', ['msg-1']);
    await sync(a);
    await sync(b);
    expect(relations(b).map((r) => r.text)).toEqual(['Sam works_at Initech']);

    // Apart: the person marks it wrong on A; B re-derives it from a new message (later).
    a.graph.corrections.retractRelation(id, { reason: 'Sam left Initech in 2024' }, { actor: 'person', source: { via: 'app' } });
    derive(b, 'Sam', 'works_at', 'Initech', ['msg-2']);
    await sync(b);
    await sync(a);
    await sync(b);
    expect(relations(a)).toEqual([]);
    expect(relations(b)).toEqual([]);
    const retracted = syncEntries(b).filter((e) => e.action === 'relation.retracted');
    expect(retracted).toHaveLength(1);
    expect(retracted[0].actor).toBe('person');
    // Extraction on B later does not bring it back (the store holds it: the person's mark is B's now too).
    const r = b.graph.store.tryUpsertEdge({
      scope: 'global',
      src: b.graph.store.resolveName('global', 'Sam')!.id,
      dst: b.graph.store.resolveName('global', 'Initech')!.id,
      relation: 'works_at',
      provClass: 'user',
      validFrom: '2026-03-03T10:00:00.000Z',
      support: ['msg-3'],
      supersede: false,
    });
    expect(r.kind).toBe('held');
    a.close();
    b.close();
  }, 60_000);

  it("a relation's end reaches B: a newer value's and the person's, which beats B's later re-derivation", async () => {
    const { a, b, sync } = relay.pair();
    derive(a, 'Sam', 'lives_in', 'Lisbon', ['msg-1']);
    const job = derive(a, 'Sam', 'works_at', 'Initech', ['msg-2']);
    // Closed on A before B ever had it: B's row, made when it came in, is no derivation of B's and closes too.
    derive(a, 'Ana', 'lives_in', 'Rome', ['msg-5']);
    derive(a, 'Ana', 'lives_in', 'Milan', ['msg-6'], { validFrom: '2026-04-15T00:00:00.000Z', supersede: true });
    await sync(a);
    await new Promise((r) => setTimeout(r, 5));
    await sync(b);
    const ends = (home: Engine) => endsOf(home, 'Sam');
    expect(ends(b)).toEqual({ 'Sam lives_in Lisbon': null, 'Sam works_at Initech': null });
    expect(endsOf(b, 'Ana')).toEqual({ 'Ana lives_in Rome': '2026-04-15T00:00:00.000Z', 'Ana lives_in Milan': null });
    expect(relationRows(b).filter((r) => r.text.startsWith('Ana'))).toHaveLength(2);

    // On A: a newer value closes Lisbon (as extraction does), and the person ends the job by hand.
    derive(a, 'Sam', 'lives_in', 'Porto', ['msg-3'], { validFrom: '2026-05-01T00:00:00.000Z', supersede: true });
    a.graph.corrections.editRelation(job, { validTo: '2026-04-01T00:00:00.000Z' }, { actor: 'person', source: { via: 'app' } });
    // Meanwhile B re-derives the job from a new message: the person's end still wins.
    await new Promise((r) => setTimeout(r, 5));
    derive(b, 'Sam', 'works_at', 'Initech', ['msg-4']);
    await sync(b);
    await sync(a);
    await sync(b);
    await sync(a);
    const want = { 'Sam lives_in Lisbon': '2026-05-01T00:00:00.000Z', 'Sam lives_in Porto': null, 'Sam works_at Initech': '2026-04-01T00:00:00.000Z' };
    expect(ends(a)).toEqual(want);
    expect(ends(b)).toEqual(want);
    // Through the graph's correction path on B: History says so, the person's end as the person's.
    const edited = syncEntries(b).filter((e) => e.action === 'relation.edited' && /ended/.test(e.summary));
    expect(edited.map((e) => e.actor).sort()).toEqual(['extraction', 'extraction', 'person']);
    // Extraction on B later does not re-open what the person ended (the store holds it back).
    const held = b.graph.store.tryUpsertEdge({
      scope: 'global',
      src: b.graph.store.resolveName('global', 'Sam')!.id,
      dst: b.graph.store.resolveName('global', 'Initech')!.id,
      relation: 'works_at',
      provClass: 'user',
      validFrom: '2026-06-01T00:00:00.000Z',
      support: ['msg-5'],
      supersede: false,
    });
    expect(held.kind).toBe('held');
    a.close();
    b.close();
  }, 60_000);

  it("the person's rename, merge and delete on A reach B, through B's corrections, and beat B's concurrent re-derivation", async () => {
    const { a, b, sync } = relay.pair();
    derive(a, 'Sam', 'works_at', 'Globex', ['msg-1']);
    derive(a, 'Sammy', 'likes', 'Jazz', ['msg-2']);
    derive(a, 'Bob', 'lives_in', 'Lyon', ['msg-3']);
    await sync(a);
    await sync(b);
    expect(names(b)).toEqual(['Bob', 'Globex', 'Jazz', 'Lyon', 'Sam', 'Sammy']);

    // Apart: the person corrects A; B re-derives the old names from new messages.
    const id = (home: Engine, name: string) => home.graph.store.resolveName('global', name)!.id;
    a.graph.corrections.renameEntity(id(a, 'Sam'), 'Samuel', person);
    a.graph.corrections.mergeEntities(id(a, 'Samuel'), id(a, 'Sammy'), person);
    a.graph.corrections.deleteEntity(id(a, 'Bob'), person);
    derive(b, 'Sam', 'works_at', 'Globex', ['msg-8']);
    derive(b, 'Bob', 'lives_in', 'Lyon', ['msg-9']);
    await sync(b);
    await sync(a);
    await sync(b);
    await sync(a);
    for (const home of [a, b]) {
      expect(names(home)).toEqual(['Globex', 'Jazz', 'Lyon', 'Samuel']);
      expect(relations(home).map((r) => r.text)).toEqual(['Samuel likes Jazz', 'Samuel works_at Globex']);
    }
    expect(relations(b).find((r) => r.text === 'Samuel works_at Globex')?.support).toEqual(['msg-1', 'msg-8']);
    // Through B's correction path, as the person's, from another device (History, undo).
    const fixes = syncEntries(b).filter((e) => e.action.startsWith('entity.') && e.action !== 'entity.added');
    // Newest first, as History lists them: applied in the order the person made them.
    expect(fixes.map((e) => [e.action, e.actor])).toEqual([
      ['entity.deleted', 'person'],
      ['entity.merged', 'person'],
      ['entity.renamed', 'person'],
    ]);
    // The old names stay aliases on B, and a later extraction that says "Sam" or "Bob" does not undo them.
    expect(id(b, 'Sam')).toBe(id(b, 'Samuel'));
    expect(id(b, 'Sammy')).toBe(id(b, 'Samuel'));
    expect(b.graph.store.personDeleted('global').has('bob')).toBe(true);
    // Nothing left to do: the records under the old names find their relations by the aliases.
    for (const home of [b, a]) expect((await sync(home)).documents.find((d) => d.kind === 'graph')).toMatchObject({ sent: 0, received: 0, refused: [] });
    // The person renames it back on A: replaying the older rename does not undo the newer one, on either home.
    a.graph.corrections.renameEntity(id(a, 'Samuel'), 'Sam', person);
    for (const home of [a, b, a, b]) await sync(home);
    for (const home of [a, b]) expect(names(home)).toEqual(['Globex', 'Jazz', 'Lyon', 'Sam']);
    expect(syncEntries(b).filter((e) => e.action === 'entity.renamed')).toHaveLength(2);
    a.close();
    b.close();
  }, 60_000);

  /** Two homes that share Sam, Sammy and Bob (derived on A, synced to B). */
  async function sharedHomes() {
    const { a, b, sync, round } = relay.pair();
    derive(a, 'Sam', 'works_at', 'Globex', ['msg-1']);
    derive(a, 'Sammy', 'likes', 'Jazz', ['msg-2']);
    derive(a, 'Bob', 'lives_in', 'Lyon', ['msg-3']);
    await sync(a);
    await sync(b);
    return { a, b, round };
  }
  const fixesOn = (home: Engine, action: string) => syncEntries(home).filter((e) => e.action === action && e.actor === 'person');

  it('a rename on A renames the same entity on B; B re-deriving the old name reaches the renamed one', async () => {
    const { a, b, round } = await sharedHomes();
    a.graph.corrections.renameEntity(nodeId(a, 'Sam')!, 'Samuel', person);
    derive(b, 'Sam', 'works_at', 'Globex', ['msg-8']);
    await round();
    for (const home of [a, b]) expect(names(home)).toEqual(['Bob', 'Globex', 'Jazz', 'Lyon', 'Sammy', 'Samuel']);
    expect(relations(b).find((r) => r.text === 'Samuel works_at Globex')?.support).toEqual(['msg-1', 'msg-8']);
    expect(relations(a).find((r) => r.text === 'Samuel works_at Globex')?.support).toEqual(['msg-1', 'msg-8']);
    expect(fixesOn(b, 'entity.renamed')).toHaveLength(1);
    expect(nodeId(b, 'Sam')).toBe(nodeId(b, 'Samuel'));
    a.close();
    b.close();
  }, 60_000);

  it('a merge on A merges the same two on B, and B re-deriving the dropped name does not split them', async () => {
    const { a, b, round } = await sharedHomes();
    a.graph.corrections.mergeEntities(nodeId(a, 'Sam')!, nodeId(a, 'Sammy')!, person);
    derive(b, 'Sammy', 'likes', 'Jazz', ['msg-9']);
    await round();
    for (const home of [a, b]) {
      expect(names(home)).toEqual(['Bob', 'Globex', 'Jazz', 'Lyon', 'Sam']);
      expect(relations(home).find((r) => r.text === 'Sam likes Jazz')?.support).toEqual(['msg-2', 'msg-9']);
    }
    expect(fixesOn(b, 'entity.merged')).toHaveLength(1);
    expect(nodeId(b, 'Sammy')).toBe(nodeId(b, 'Sam'));
    a.close();
    b.close();
  }, 60_000);

  it('a delete on A deletes on B with its relations, and B re-deriving it does not bring it back', async () => {
    const { a, b, round } = await sharedHomes();
    a.graph.corrections.deleteEntity(nodeId(a, 'Bob')!, person);
    derive(b, 'Bob', 'lives_in', 'Lyon', ['msg-7']);
    await round();
    for (const home of [a, b]) {
      expect(names(home)).toEqual(['Globex', 'Jazz', 'Lyon', 'Sam', 'Sammy']);
      expect(relations(home).map((r) => r.text)).toEqual(['Sam works_at Globex', 'Sammy likes Jazz']);
    }
    expect(fixesOn(b, 'entity.deleted')).toHaveLength(1);
    expect(b.graph.store.personDeleted('global').has('bob')).toBe(true);
    a.close();
    b.close();
  }, 60_000);
});
