// Issue 27 §4 (last gap): relations learned from a branch that edit-and-resend set aside. Before, they
// stayed current: the person rewrote "I live in Braga" as "I live in Porto" and the graph still said
// Braga (consolidation only stopped reading the branch). Now a model's relation whose every source
// message is on the set-aside branch leaves "current", and comes back as it was when the branch is
// brought back; one also supported by a message on the path shown stays, and so does the person's own.
// Real engine, real SQLite, the scripted model server on 127.0.0.1 for the chat replies.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

const SCOPE = 'agent:default';
const AT = '2026-03-01T12:00:00.000Z';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

/** The current relations of the scope, in words ("User lives_in Braga"); closed ones say so. */
function current(engine: Engine): string[] {
  const snap = engine.graph.store.snapshot(SCOPE);
  const name = (id: number) => snap.nodes.find((n) => n.id === id)?.name ?? '?';
  return snap.edges.map((e) => `${name(e.src)} ${e.relation} ${name(e.dst)}${e.validTo ? ' (ended)' : ''}`).sort();
}

describe('relations learned from a branch set aside by edit-and-resend', () => {
  it('leave the graph while the branch is set aside and come back as they were with it; a relation also said on the path shown, and the person’s own, stay', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const session = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'Noted.' }, { kind: 'text', text: 'Braga, nice.' }, { kind: 'text', text: 'Porto, nice.' });
    await engine.chat.send(session.id, 'I grew up in Lisboa and I work at Acme.');
    await engine.chat.send(session.id, 'I live in Braga now, and I still work at Acme. I know Rui.');
    const [first, , second] = engine.messages.list(session.id).items.map((m) => m.id);

    // What extraction learned from the two messages (written as extraction writes them).
    const g = engine.graph.store;
    const node = (name: string, type = 'place') => g.upsertNode(SCOPE, name, type).id;
    const user = node('User', 'person');
    const edge = (dst: number, relation: string, support: string[], supersede = false, validFrom = AT) =>
      g.upsertEdge({ scope: SCOPE, src: user, dst, relation, provClass: 'user', validFrom, support, supersede }).id;
    edge(node('Lisboa'), 'lives_in', [first], false, '2020-01-01T00:00:00.000Z');
    const braga = edge(node('Braga'), 'lives_in', [second], true);
    edge(node('Acme', 'organization'), 'works_at', [first, second]);
    const rui = edge(node('Rui', 'person'), 'knows', [second]);
    // The person confirmed one relation of the branch themselves: it stands on their word.
    engine.graph.corrections.editRelation(rui, { relation: 'knows' }, { actor: 'person', source: { via: 'app' } });
    engine.graph.corrections.addRelation({ scope: SCOPE, src: 'User', dst: 'Rui', relation: 'knows' }, { actor: 'person', source: { via: 'app' } });
    // A law learned from where the person lives.
    engine.laws.store.insert(SCOPE, { statement: 'The user lives in the north of Portugal', confidence: 0.8, support: [`edge:${braga}`] }, 'fp');
    const inRecall = () => engine.laws.learnedRules([SCOPE]) ?? '';
    expect(inRecall()).toContain('north of Portugal');
    const before = current(engine);
    expect(before).toEqual(['User knows Rui', 'User lives_in Braga', 'User lives_in Lisboa (ended)', 'User works_at Acme']);

    // Edit and resend the second message: its branch is set aside.
    await engine.chat.send(session.id, 'I live in Porto now.', { replacing: second });
    expect(current(engine)).toEqual(['User knows Rui', 'User lives_in Lisboa', 'User works_at Acme']);
    expect(g.edgeById(braga)).toBeNull();
    expect(inRecall()).not.toContain('north of Portugal');
    // Consolidation's reconciliation (deleted messages) leaves the set-aside branch's relations as they are.
    engine.graph.reconcile();
    expect(current(engine)).toEqual(['User knows Rui', 'User lives_in Lisboa', 'User works_at Acme']);
    const left = engine.history.list({ actor: 'system' }).entries.find((e) => e.action === 'relation.retracted')!;
    expect(left.summary).toContain('set aside');

    // Back to the first version: Braga is current again, and Lisboa ended again where Braga began.
    engine.chat.switchBranch(session.id, second);
    expect(current(engine)).toEqual(before);
    expect(g.edgeById(braga)).toMatchObject({ assertedBy: 'model' });
    expect(inRecall()).toContain('north of Portugal');

    // And once more the other way: switching to the edited version sets the branch aside again.
    const edited = engine.messages.list(session.id).items[2].branch!.ids[1];
    engine.chat.switchBranch(session.id, edited);
    expect(current(engine)).toEqual(['User knows Rui', 'User lives_in Lisboa', 'User works_at Acme']);
  });

  it('a branch set aside before relations followed branches (an older home) is caught up by the next graph consolidation', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const session = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'Braga, nice.' }, { kind: 'text', text: 'Porto, nice.' });
    await engine.chat.send(session.id, 'I live in Braga.');
    const [said] = engine.messages.list(session.id).items.map((m) => m.id);
    await engine.chat.send(session.id, 'I live in Porto.', { replacing: said });
    // A relation from the set-aside message, as an older Monad left it: still current.
    const g = engine.graph.store;
    const user = g.upsertNode(SCOPE, 'User', 'person').id;
    g.upsertEdge({ scope: SCOPE, src: user, dst: g.upsertNode(SCOPE, 'Braga', 'place').id, relation: 'lives_in', provClass: 'user', validFrom: AT, support: [said], supersede: false });
    expect(current(engine)).toEqual(['User lives_in Braga']);
    // The model extracts nothing new from the path shown.
    llm.setDefault(() => ({ kind: 'json', value: { entities: [], relations: [] } }));
    await engine.graph.consolidate();
    expect(current(engine)).toEqual([]);
  });

  it('a relation resting only on deleted messages is left to reconciliation, which drops it for that reason', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const session = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'Noted.' }, { kind: 'text', text: 'Ok.' });
    await engine.chat.send(session.id, 'I know Rui.');
    const [said] = engine.messages.list(session.id).items.map((m) => m.id);
    const gone = engine.messages.append({ sessionId: session.id, role: 'user', content: 'I know Ana.' }).id;
    const g = engine.graph.store;
    const user = g.upsertNode(SCOPE, 'User', 'person').id;
    const ana = g.upsertEdge({ scope: SCOPE, src: user, dst: g.upsertNode(SCOPE, 'Ana', 'person').id, relation: 'knows', provClass: 'user', validFrom: AT, support: [gone], supersede: false }).id;
    engine.messages.softDelete([gone]);
    await engine.chat.send(session.id, 'I know Rui well.', { replacing: said });
    // Not dropped as a branch's (it would then wait for a branch that never comes back).
    expect(g.edgeById(ana)).not.toBeNull();
    engine.graph.reconcile();
    expect(g.edgeById(ana)).toBeNull();
    expect(engine.history.list({ actor: 'system' }).entries.find((e) => e.action === 'relation.retracted')?.summary).toContain('deleted');
  });
});
