// Issue 27 (last gaps): cross-layer proposals (correction_link, Inbox "link:<n>") travel with an archive.
// Before: a pending one was not in the file at all, and a rejected one was remembered with kind "link",
// which the importer did not know, so the whole import failed. Now a pending proposal comes in as a
// pending Inbox item naming this home's fact or relation (remapped through the import's id maps), one
// click accepts or rejects it; one whose target did not come in is left out and counted; and a rejected
// one is not proposed again in the new home.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { RUI_SCOPE as SCOPE, seedRui } from '../helpers/seed-rui';
import { openEngine } from '../helpers/temp-home';

const PERSON = { actor: 'person' as const, source: { via: 'app' as const } };
const VIA = { via: 'app' as const };

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

/** A chat that said where Rui lives and works, the facts the agent wrote from it, and the two relations. */
const seed = (engine: Engine) => seedRui(engine);

const links = (engine: Engine) => engine.inbox.list().items.filter((i) => i.source === 'link');
const texts = (engine: Engine) => engine.facts.memory.read(SCOPE).facts.map((f) => f.text);

/** A home that already holds other relations and facts, so the file's ids name other rows here. */
function busyHome(): Engine {
  const b = openEngine();
  useScriptedModel(b, llm);
  const g = b.graph.store;
  const x = g.upsertNode(SCOPE, 'Ana', 'person').id;
  for (const [i, place] of ['Porto', 'Faro', 'Evora'].entries()) {
    const p = g.upsertNode(SCOPE, place, 'place').id;
    g.upsertEdge({ scope: SCOPE, src: x, dst: p, relation: i ? 'visited' : 'lives_in', provClass: 'user', validFrom: '2026-01-01T00:00:00.000Z', support: [], supersede: false });
  }
  b.facts.memory.record(SCOPE, 'Ana lives in Porto');
  return b;
}

describe('cross-layer proposals in an archive', () => {
  it('a pending one comes in as a pending Inbox item about this home’s fact or relation, and one click accepts it', async () => {
    const a = openEngine();
    useScriptedModel(a, llm);
    const { edges, facts } = seed(a);
    // graph → facts: a relation marked wrong proposes forgetting the fact.
    a.graph.corrections.retractRelation(edges.lives, { reason: 'He moved away' }, PERSON);
    // facts → graph: a fact forgotten proposes retracting the relation.
    a.facts.forget(SCOPE, facts.works.id, PERSON);
    expect(links(a).map((l) => l.action).sort()).toEqual(['Forget', 'Mark relation wrong']);
    const text = a.transfer.exportText();

    const b = busyHome();
    const report = b.transfer.importText(text);
    expect(report.inbox).toMatchObject({ links: 2 });
    const here = links(b);
    expect(here.map((l) => [l.action, l.text]).sort()).toEqual(links(a).map((l) => [l.action, l.text]).sort());
    expect(here.every((l) => /You marked|You forgot/.test(l.reason))).toBe(true);

    // Accepting forgets the fact here.
    const forget = here.find((l) => l.action === 'Forget')!;
    await b.inbox.approve(forget.id, VIA);
    expect(texts(b)).not.toContain('Rui lives in Braga');
    // It joined the imported correction's group: one undo of that History entry brings the fact back too.
    const retracted = b.journal.list().entries.find((e) => e.action === 'relation.retracted')!;
    const forgot = b.journal.list().entries.find((e) => e.action === 'fact.forgotten' && e.actor === 'person' && e.source?.detail === 'accepted in the Inbox')!;
    expect(forgot.groupId).toBe(retracted.groupId);
    // Accepting the other retracts this home's copy of the relation, not the relation that has its old id.
    const mark = links(b).find((l) => l.action === 'Mark relation wrong')!;
    await b.inbox.approve(mark.id, VIA);
    const live = b.graph.store.snapshot(SCOPE);
    const name = (id: number) => live.nodes.find((n) => n.id === id)?.name;
    const current = live.edges.map((e) => `${name(e.src)} ${e.relation} ${name(e.dst)}`).sort();
    expect(current).toEqual(['Ana lives_in Porto', 'Ana visited Evora', 'Ana visited Faro']);
    expect(links(b)).toEqual([]);
    expect(b.inbox.count()).toBe(0);
  });

  it('one click rejects an imported proposal, and a proposal whose target did not come in is left out and counted', async () => {
    const a = openEngine();
    useScriptedModel(a, llm);
    const { edges } = seed(a);
    a.graph.corrections.retractRelation(edges.lives, { reason: 'He moved away' }, PERSON);
    const doc = JSON.parse(a.transfer.exportText());
    expect(doc.inbox.links).toHaveLength(1);
    // A second proposal naming a fact the file does not hold (a hand-edited or damaged file).
    doc.inbox.links.push({ ...doc.inbox.links[0], target: 'fact:0123456789ab', targetText: 'Rui lives in Lisbon', text: 'Rui lives in Lisbon' });

    const b = busyHome();
    const report = b.transfer.importText(JSON.stringify(doc));
    expect(report.inbox).toMatchObject({ links: 1 });
    expect(report.leftOut.join('\n')).toMatch(/Inbox: 1 proposal .*did not come in/);
    const [item] = links(b);
    b.inbox.reject(item.id, VIA);
    expect(texts(b)).toContain('Rui lives in Braga');
    expect(links(b)).toEqual([]);
  });

  it('a rejected cross-layer proposal travels as a rejection: the import succeeds and the same proposal is not made again', async () => {
    const a = openEngine();
    useScriptedModel(a, llm);
    const { edges } = seed(a);
    a.graph.corrections.retractRelation(edges.lives, { reason: 'He moved away' }, PERSON);
    a.inbox.reject(links(a)[0].id, VIA);
    const text = a.transfer.exportText();

    const b = busyHome();
    const report = b.transfer.importText(text);
    expect(report.inbox?.rejections).toBeGreaterThanOrEqual(1);
    expect(links(b)).toEqual([]);
    // The same correction made again here (undo the imported one, mark the relation wrong again): the
    // person already said the fact stands, so nothing is proposed.
    const retracted = b.journal.list().entries.find((e) => e.action === 'relation.retracted')!;
    b.journal.undo(retracted.id, { confirm: true });
    const edge = b.graph.store.snapshot(SCOPE).edges.find((e) => e.relation === 'lives_in' && b.graph.store.snapshot(SCOPE).nodes.find((n) => n.id === e.dst)?.name === 'Braga')!;
    b.graph.corrections.retractRelation(edge.id, { reason: 'He moved away' }, PERSON);
    expect(links(b)).toEqual([]);
    expect(texts(b)).toContain('Rui lives in Braga');
  });

  it('an accepted one is not proposed again after import', async () => {
    const a = openEngine();
    useScriptedModel(a, llm);
    const { edges } = seed(a);
    a.graph.corrections.retractRelation(edges.lives, { reason: 'He moved away' }, PERSON);
    await a.inbox.approve(links(a)[0].id, VIA);
    const b = busyHome();
    b.transfer.importText(a.transfer.exportText());
    expect(texts(b)).not.toContain('Rui lives in Braga');
    expect(links(b)).toEqual([]);
    expect(b.transfer.importText(a.transfer.exportText()).inbox).toMatchObject({ links: 0 });
    expect(links(b)).toEqual([]);
  });
});
