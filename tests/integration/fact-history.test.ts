// L1 facts in the history of memory (issue 15 §1, §2): every fact knows who wrote it and from where (the
// person in the app or the CLI, the agent's memory tool with its chat and message, a consolidation run, an
// import, an edit of the file by hand); every change is one journal entry with actor, source, before and
// after; each can be undone (a restored fact keeps its source), and undoing an entry later ones depend on
// names them first; old versions are kept, so the facts of a scope can be read as they were on a date.
import { appendFileSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { Engine } from '../../src/main/engine';
import type { EditedSnapshot, FactSnapshot, MergedFrom } from '../../src/main/memory/facts/fact-ledger';
import { factId } from '../../src/main/memory/facts/fact-id';
import type { FactView } from '../../src/shared/domain';
import type { JournalEntry } from '../../src/shared/journal';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, tempHome } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

const PERSON = { actor: 'person', source: { via: 'app' } } as const;

/** A clock the test moves: versions and entries are stamped with it. */
function clock(start = '2026-11-01T09:00:00.000Z') {
  let t = Date.parse(start);
  return {
    now: () => new Date(t),
    set: (iso: string) => void (t = Date.parse(iso)),
    tick: (ms = 1000) => void (t += ms),
  };
}

const factEntries = (engine: Engine): JournalEntry[] => engine.journal.list({ layer: 'facts' }, { limit: 500 }).entries.reverse();
const texts = (engine: Engine, scope = 'global') => engine.facts.memory.read(scope).facts.map((f) => f.text);

describe('fact provenance', () => {
  it('the agent’s memory tool: the fact names the chat and the user message of the turn', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'r', name: 'memory', args: { action: 'record', scope: 'global', text: "User's sister is called Ana" } }] }, { kind: 'text', text: 'noted' });
    await engine.chat.send(s.id, 'My sister is called Ana.');
    const user = engine.messages.list(s.id).items.find((m) => m.role === 'user')!;
    const id = factId("User's sister is called Ana");
    expect(engine.facts.sourceOf('global', id)).toMatchObject({ actor: 'agent', sessionId: s.id, messageId: user.id, event: 'recorded', via: null });
    const [entry] = factEntries(engine);
    expect(entry).toMatchObject({ action: 'fact.recorded', scope: 'global', item: `fact:${id}`, actor: 'agent', source: { sessionId: s.id, messageId: user.id } });

    // The tool's delete is the agent's too, with the turn it happened in.
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'd', name: 'memory', args: { action: 'delete', scope: 'global', id } }] }, { kind: 'text', text: 'done' });
    await engine.chat.send(s.id, 'Forget that.');
    const last = factEntries(engine).at(-1)!;
    expect(last).toMatchObject({ action: 'fact.forgotten', actor: 'agent', source: { sessionId: s.id } });
    expect((last.before as FactSnapshot).source).toMatchObject({ actor: 'agent', messageId: user.id });
  });

  it('the person in the app, through the contract: facts.list carries each fact’s source', async () => {
    const engine = openEngine();
    const h = createHandlers(engine);
    await dispatch(h, 'facts.add', { scope: 'global', text: 'User prefers metric units' });
    const r = await dispatch(h, 'facts.list', { scope: 'global' });
    expect(r.ok).toBe(true);
    const facts = (r as { data: { facts: FactView[]; at: string | null } }).data.facts;
    expect(facts).toEqual([expect.objectContaining({ text: 'User prefers metric units', source: expect.objectContaining({ actor: 'person', via: 'app', event: 'recorded' }) })]);
    expect(typeof facts[0].source.at).toBe('string');
  });

  it('an import (archive v2, issue 27): the facts keep their source; the import is one History group from its file', async () => {
    const source = openEngine();
    await source.facts.record('global', 'User speaks Portuguese', PERSON);
    await source.facts.record('global', 'User plays the cello', PERSON);
    const engine = openEngine();
    const report = engine.transfer.importText(source.transfer.exportText(), 'old-laptop.json');
    expect(report.facts.added).toBe(2);
    const s = engine.facts.sourceOf('global', factId('User plays the cello'));
    expect(s).toMatchObject({ actor: 'person', via: 'app', event: 'recorded' });
    // The original entries came along; the import's own are one group, attributed to the file.
    const entries = factEntries(engine);
    expect(entries.map((e) => e.actor).sort()).toEqual(['import', 'import', 'person', 'person']);
    const own = entries.filter((e) => e.actor === 'import');
    expect(new Set(own.map((e) => e.groupId)).size).toBe(1);
    expect(own[0].groupId).not.toBeNull();
    expect(own[0].source).toMatchObject({ via: 'import', detail: 'old-laptop.json' });
  });

  it('a bullet added by hand in an editor shows as edited by hand, in the history as the person’s', async () => {
    const engine = openEngine();
    await engine.facts.record('global', 'User lives in Porto', PERSON);
    appendFileSync(engine.facts.memory.pathOf('global'), '- User has a dog called Bolt\n');
    const list = engine.facts.list('global');
    expect(list.facts.map((f) => [f.text, f.source.actor, f.source.via])).toEqual([
      ['User lives in Porto', 'person', 'app'],
      ['User has a dog called Bolt', 'person', 'hand-edit'],
    ]);
    const last = factEntries(engine).at(-1)!;
    expect(last).toMatchObject({ action: 'fact.recorded', actor: 'person', source: { via: 'hand-edit' }, summary: 'Added by hand “User has a dog called Bolt”' });
    // Read again: nothing new is recorded for the same file.
    engine.facts.list('global');
    expect(factEntries(engine)).toHaveLength(2);
  });

  it('a line changed by hand is an edit; lines removed by hand are forgotten; one save is one group and one undo', async () => {
    const engine = openEngine();
    for (const t of ['User lives in Porto', 'User has a dog called Bolt', 'User plays the cello']) await engine.facts.record('global', t, PERSON);
    const path = engine.facts.memory.pathOf('global');
    writeFileSync(path, readFileSync(path, 'utf8').replace('User lives in Porto', 'User lives in Lisbon').replace('- User plays the cello\n', ''));
    expect(texts(engine)).toEqual(['User lives in Lisbon', 'User has a dog called Bolt']);
    const hand = factEntries(engine).slice(3);
    expect(hand.map((e) => [e.action, e.summary])).toEqual([
      ['fact.edited', 'Edited by hand “User lives in Porto” → “User lives in Lisbon”'],
      ['fact.forgotten', 'Removed by hand “User plays the cello”'],
    ]);
    expect(hand[0].groupId).toBe(hand[1].groupId);
    expect(engine.facts.sourceOf('global', factId('User lives in Lisbon'))).toMatchObject({ actor: 'person', via: 'hand-edit', event: 'edited', replaces: [factId('User lives in Porto')] });

    const plan = engine.journal.plan(hand[0].id);
    expect(plan.alsoUndoes.map((e) => e.id)).toEqual([hand[1].id]);
    engine.journal.undo(hand[0].id, { confirm: true });
    expect(texts(engine).sort()).toEqual(['User has a dog called Bolt', 'User lives in Porto', 'User plays the cello']);
    // The facts that came back keep the sources they had.
    expect(engine.facts.sourceOf('global', factId('User lives in Porto'))).toMatchObject({ actor: 'person', via: 'app' });
  });

  it('an edit by hand noticed while an undo runs is its own group, not part of the undo', async () => {
    const engine = openEngine();
    await engine.facts.record('global', 'User lives in Porto', PERSON);
    engine.facts.forget('global', factId('User lives in Porto'), PERSON);
    const forgot = factEntries(engine).at(-1)!;
    appendFileSync(engine.facts.memory.pathOf('global'), '- User has a dog called Bolt\n');
    const r = engine.journal.undo(forgot.id);
    expect(texts(engine).sort()).toEqual(['User has a dog called Bolt', 'User lives in Porto']);
    const hand = factEntries(engine).find((e) => e.source?.via === 'hand-edit')!;
    expect(hand).toMatchObject({ action: 'fact.recorded', undoes: null });
    expect(hand.groupId).not.toBe(r.entries.find((e) => e.undoes === forgot.id)!.groupId);
    expect(engine.journal.get(forgot.id)?.undoneBy).toBe(r.entries.find((e) => e.undoes === forgot.id)!.id);
  });

  it('another Monad process’s writes are its own, not edits by hand', async () => {
    const home = tempHome();
    const app = openEngine({ home });
    expect(app.facts.list('global').facts).toEqual([]);
    const cli = openEngine({ home, host: 'cli' });
    await cli.facts.record('global', 'User speaks Dutch', { actor: 'person', source: { via: 'cli' } });
    await app.facts.record('global', 'User speaks French', PERSON);
    cli.facts.forget('global', factId('User speaks French'), { actor: 'person', source: { via: 'cli' } });
    expect(app.facts.list('global').facts.map((f) => [f.text, f.source.via])).toEqual([['User speaks Dutch', 'cli']]);
    expect(factEntries(app).map((e) => [e.action, e.source?.via])).toEqual([
      ['fact.recorded', 'cli'],
      ['fact.recorded', 'app'],
      ['fact.forgotten', 'cli'],
    ]);
  });

  it('a scope file deleted by hand while Monad was closed: its facts are forgotten by hand on the next start', async () => {
    const home = tempHome();
    const first = Engine.open({ home, host: 'cli' });
    await first.facts.record('agent:default', 'User likes tea', PERSON);
    first.close();
    rmSync(`${home}/memory/agent-default.md`);
    const engine = openEngine({ home });
    expect(factEntries(engine).at(-1)).toMatchObject({ action: 'fact.forgotten', actor: 'person', source: { via: 'hand-edit' }, scope: 'agent:default' });
    expect(engine.facts.at('agent:default', new Date().toISOString())).toEqual([]);
  });

  it('facts already on disk at the first start with provenance are adopted without history, with the source the older origin rows give', async () => {
    const home = tempHome();
    const first = Engine.open({ home, host: 'cli' });
    await first.facts.writer.record('global', 'User keeps bees', { origin: 'pasted', sessionId: 's-old', messageId: 'm-old' });
    // Back to the state of a home from before provenance: no versions, no history, no tracking mark.
    first.memoryDb.exec(`DELETE FROM fact_version; DELETE FROM memory_journal_link; DELETE FROM memory_journal; DELETE FROM consolidation_state WHERE key = 'l1.tracking-since';`);
    first.close();
    writeFileSync(`${home}/memory/agent-default.md`, '- User was born in 1990\n');
    const engine = openEngine({ home });
    expect(engine.journal.list().entries).toEqual([]);
    expect(engine.facts.sourceOf('global', factId('User keeps bees'))).toMatchObject({ actor: 'agent', sessionId: 's-old', messageId: 'm-old', event: 'recorded' });
    expect(engine.facts.sourceOf('agent:default', factId('User was born in 1990'))).toMatchObject({ actor: 'system', event: 'unknown' });
    // From now on a new bullet is an edit by hand.
    appendFileSync(`${home}/memory/agent-default.md`, '- User has two cats\n');
    expect(engine.facts.list('agent:default').facts.at(-1)!.source).toMatchObject({ via: 'hand-edit' });
  });
});

describe('fact history and undo', () => {
  it('record, edit and forget are one entry each with actor, source, before and after', async () => {
    const engine = openEngine();
    await engine.facts.record('global', "User's sister is called Ana", PERSON);
    const id = factId("User's sister is called Ana");
    const edited = await engine.facts.edit('global', id, "User's sister is called Anna", { actor: 'person', source: { via: 'cli' } });
    engine.facts.forget('global', edited.fact!.id, PERSON);
    const [rec, edit, forget] = factEntries(engine);
    expect(rec).toMatchObject({ action: 'fact.recorded', item: `fact:${id}`, actor: 'person', source: { via: 'app' }, before: null, summary: 'Recorded “User\'s sister is called Ana”' });
    expect(rec.after).toMatchObject({ scope: 'global', id, text: "User's sister is called Ana" });
    // An edit's item is the id the fact had (what laws cite); the new id is linked.
    expect(edit).toMatchObject({ action: 'fact.edited', item: `fact:${id}`, source: { via: 'cli' } });
    expect(edit.before).toMatchObject({ id, text: "User's sister is called Ana", source: { actor: 'person', via: 'app' } });
    expect(edit.after).toMatchObject({ id: edited.fact!.id, text: "User's sister is called Anna", existed: false });
    expect(forget).toMatchObject({ action: 'fact.forgotten', item: `fact:${edited.fact!.id}`, after: null });
    expect((forget.before as FactSnapshot).source).toMatchObject({ via: 'cli', event: 'edited', replaces: [id] });
  });

  it('undo of a forget restores the fact with the source it had; undo of a record removes it', async () => {
    const engine = openEngine();
    const s = engine.sessions.create({ agentId: 'default' });
    useScriptedModel(engine, llm);
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'r', name: 'memory', args: { action: 'record', scope: 'global', text: 'User is allergic to nuts' } }] }, { kind: 'text', text: 'ok' });
    await engine.chat.send(s.id, 'I am allergic to nuts');
    const id = factId('User is allergic to nuts');
    const original = engine.facts.sourceOf('global', id)!;
    engine.facts.forget('global', id, PERSON);
    expect(texts(engine)).toEqual([]);
    const forgot = factEntries(engine).at(-1)!;
    const r = engine.journal.undo(forgot.id);
    expect(r.done).toBe(true);
    expect(texts(engine)).toEqual(['User is allergic to nuts']);
    expect(engine.facts.sourceOf('global', id)).toEqual(original);
    expect(r.entries).toEqual([expect.objectContaining({ action: 'fact.recorded', undoes: forgot.id, actor: 'person' })]);

    await engine.facts.record('global', 'User runs on Sundays', PERSON);
    engine.journal.undo(factEntries(engine).at(-1)!.id);
    expect(texts(engine)).toEqual(['User is allergic to nuts']);
  });

  it('undo of an edit gives the fact its old text and source back, in place', async () => {
    const engine = openEngine();
    await engine.facts.record('global', 'User lives in Porto', PERSON);
    await engine.facts.record('global', 'User works as a nurse', { actor: 'person', source: { via: 'cli' } });
    await engine.facts.record('global', 'User plays the cello', PERSON);
    await engine.facts.edit('global', factId('User works as a nurse'), 'User works as a doctor', PERSON);
    expect(texts(engine)).toEqual(['User lives in Porto', 'User works as a doctor', 'User plays the cello']);
    engine.journal.undo(factEntries(engine).at(-1)!.id);
    expect(texts(engine)).toEqual(['User lives in Porto', 'User works as a nurse', 'User plays the cello']);
    expect(engine.facts.sourceOf('global', factId('User works as a nurse'))).toMatchObject({ via: 'cli', event: 'recorded' });
  });

  it('an edit that makes a fact the same as another: undo brings the edited one back and keeps the other', async () => {
    const engine = openEngine();
    await engine.facts.record('global', 'User likes tea', PERSON);
    await engine.facts.record('global', 'User likes green tea', PERSON);
    const r = await engine.facts.edit('global', factId('User likes green tea'), 'User likes tea', PERSON);
    expect(r.status).toBe('duplicate');
    const edit = factEntries(engine).at(-1)!;
    expect(edit.after as EditedSnapshot).toMatchObject({ id: factId('User likes tea'), existed: true });
    engine.journal.undo(edit.id);
    expect(texts(engine).sort()).toEqual(['User likes green tea', 'User likes tea']);
  });

  it('undoing an entry that later entries depend on names them, does nothing without confirm, then undoes them newest first', async () => {
    const engine = openEngine();
    await engine.facts.record('global', 'User drives a Fiat', PERSON);
    await engine.facts.edit('global', factId('User drives a Fiat'), 'User drives a Volvo', PERSON);
    await engine.facts.edit('global', factId('User drives a Volvo'), 'User drives a Tesla', PERSON);
    const [, first, second] = factEntries(engine);
    const plan = engine.journal.plan(first.id);
    // The second edit changed the fact the first one produced: a different id, linked by the first.
    expect(plan.alsoUndoes.map((e) => e.id)).toEqual([second.id]);
    expect(engine.journal.undo(first.id).done).toBe(false);
    expect(texts(engine)).toEqual(['User drives a Tesla']);
    engine.journal.undo(first.id, { confirm: true });
    expect(texts(engine)).toEqual(['User drives a Fiat']);
    expect(engine.journal.get(second.id)?.undoneBy).not.toBeNull();
  });

  it('the same fact in two scopes is two facts: undoing one scope’s record does not touch the other', async () => {
    const engine = openEngine();
    await engine.facts.record('global', 'User is vegetarian', PERSON);
    await engine.facts.record('agent:default', 'User is vegetarian', PERSON);
    const [inGlobal] = factEntries(engine);
    expect(engine.journal.plan(inGlobal.id).alsoUndoes).toEqual([]);
    engine.journal.undo(inGlobal.id);
    expect(texts(engine, 'global')).toEqual([]);
    expect(texts(engine, 'agent:default')).toEqual(['User is vegetarian']);
  });

  it('a consolidation merge is journaled as consolidation’s with the run and the facts it covers, and undone back to them', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    await engine.facts.record('agent:default', 'User has a sister', { actor: 'agent', source: { sessionId: 's1', messageId: 'm1' } });
    await engine.facts.record('agent:default', "User's sister is called Ana", { actor: 'agent', source: { sessionId: 's1', messageId: 'm2' } });
    await engine.facts.record('agent:default', 'User plays the cello', { actor: 'agent' });
    llm.setDefault({ kind: 'json', value: { facts: [{ text: 'User has a sister called Ana', from: ['f1', 'f2'] }, { text: 'User plays the cello', from: ['f3'] }] } });
    const summary = await engine.consolidation.run('default', { level: 1 });
    expect(summary.facts.merged).toBe(1);
    const merged = factEntries(engine).at(-1)!;
    expect(merged).toMatchObject({ action: 'fact.merged', actor: 'consolidation', source: { runId: summary.runId }, item: `fact:${factId('User has a sister called Ana')}` });
    expect((merged.before as MergedFrom).facts.map((f) => f.text)).toEqual(['User has a sister', "User's sister is called Ana"]);
    expect(engine.facts.sourceOf('agent:default', factId('User has a sister called Ana'))).toMatchObject({
      actor: 'consolidation',
      runId: summary.runId,
      event: 'merged',
      replaces: [factId('User has a sister'), factId("User's sister is called Ana")],
    });
    engine.journal.undo(merged.id);
    expect(texts(engine, 'agent:default').sort()).toEqual(['User has a sister', 'User plays the cello', "User's sister is called Ana"]);
    expect(engine.facts.sourceOf('agent:default', factId("User's sister is called Ana"))).toMatchObject({ actor: 'agent', messageId: 'm2' });
  });

  it('undoing the record of a fact a merge later covered undoes the merge first', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    await engine.facts.record('agent:default', 'User has a sister', PERSON);
    await engine.facts.record('agent:default', 'User has one sister', { actor: 'agent' });
    llm.setDefault({ kind: 'json', value: { facts: [{ text: 'User has a sister', from: ['f1', 'f2'] }] } });
    await engine.consolidation.run('default', { level: 1 });
    expect(texts(engine, 'agent:default')).toEqual(['User has a sister']);
    const [, second, merge] = factEntries(engine);
    expect(merge.action).toBe('fact.merged');
    const plan = engine.journal.plan(second.id);
    expect(plan.alsoUndoes.map((e) => e.action)).toEqual(['fact.merged']);
    engine.journal.undo(second.id, { confirm: true });
    expect(texts(engine, 'agent:default')).toEqual(['User has a sister']);
  });

  it('identity files: each save is an entry with the text before and after; undo writes it back, or removes a file the save created', async () => {
    const engine = openEngine();
    const h = createHandlers(engine);
    const first = await dispatch(h, 'core.write', { file: 'user', content: '# About me\nI live in Porto.\n' });
    expect(first.ok).toBe(true);
    await dispatch(h, 'core.write', { file: 'user', content: '# About me\nI live in Lisbon.\n' });
    const [created, saved] = engine.journal.list({ layer: 'identity' }).entries.reverse();
    expect(created).toMatchObject({ action: 'identity.saved', actor: 'person', source: { via: 'app' }, scope: 'global', summary: 'Created USER.md' });
    expect(saved).toMatchObject({ before: { content: '# About me\nI live in Porto.\n' }, after: { content: '# About me\nI live in Lisbon.\n' }, summary: 'Saved USER.md' });
    expect(saved.item).toBe(`identity:${engine.facts.identity.pathOf('user')}`);

    engine.journal.undo(saved.id);
    expect(engine.facts.identity.view('user').content).toBe('# About me\nI live in Porto.\n');
    // Undoing the creation (the undo entry depends on it): the file is gone.
    const plan = engine.journal.plan(created.id);
    expect(plan.possible).toBe(true);
    engine.journal.undo(created.id, { confirm: true });
    expect(engine.facts.identity.view('user').exists).toBe(false);
  });
});

describe('what Monad knew on a date', () => {
  it('reads a scope as it was at any moment from its kept versions, through the engine and the contract', async () => {
    const c = clock();
    const engine = openEngine({ now: c.now });
    await engine.facts.record('global', 'User lives in Porto', PERSON);
    c.set('2026-11-02T09:00:00.000Z');
    await engine.facts.record('global', 'User works as a nurse', PERSON);
    c.set('2026-11-03T09:00:00.000Z');
    await engine.facts.edit('global', factId('User lives in Porto'), 'User lives in Lisbon', PERSON);
    c.set('2026-11-04T09:00:00.000Z');
    engine.facts.forget('global', factId('User works as a nurse'), PERSON);

    const on = (iso: string) => engine.facts.at('global', iso).map((f) => f.text);
    expect(on('2026-10-31T12:00:00.000Z')).toEqual([]);
    expect(on('2026-11-01T12:00:00.000Z')).toEqual(['User lives in Porto']);
    expect(on('2026-11-02T12:00:00.000Z')).toEqual(['User lives in Porto', 'User works as a nurse']);
    expect(on('2026-11-03T12:00:00.000Z')).toEqual(['User works as a nurse', 'User lives in Lisbon']);
    expect(on('2026-11-04T12:00:00.000Z')).toEqual(['User lives in Lisbon']);
    // The source shown is the one of the text as it was then.
    expect(engine.facts.at('global', '2026-11-01T12:00:00.000Z')[0].source).toMatchObject({ event: 'recorded', at: '2026-11-01T09:00:00.000Z' });

    const r = await dispatch(createHandlers(engine), 'facts.list', { scope: 'global', at: '2026-11-02T12:00:00.000Z' });
    expect(r.ok && (r.data as { facts: FactView[]; at: string }).facts.map((f) => f.text)).toEqual(['User lives in Porto', 'User works as a nurse']);
    expect(r.ok && (r.data as { at: string }).at).toBe('2026-11-02T12:00:00.000Z');
    const bad = await dispatch(createHandlers(engine), 'facts.list', { scope: 'global', at: 'yesterday' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
  });

  it('an undone forget is visible in the past as a gap, and the fact is current again', async () => {
    const c = clock();
    const engine = openEngine({ now: c.now });
    await engine.facts.record('global', 'User has a dog', PERSON);
    c.set('2026-11-02T09:00:00.000Z');
    engine.facts.forget('global', factId('User has a dog'), PERSON);
    c.set('2026-11-03T09:00:00.000Z');
    engine.journal.undo(factEntries(engine).at(-1)!.id);
    expect(engine.facts.at('global', '2026-11-02T12:00:00.000Z')).toEqual([]);
    expect(engine.facts.at('global', '2026-11-03T12:00:00.000Z').map((f) => f.text)).toEqual(['User has a dog']);
  });
});

describe('what the person wrote outranks consolidation', () => {
  const AGENT = { actor: 'agent', source: { sessionId: 's1' } } as const;

  it('a merge that would reword a person’s fact is proposed, not made; the rest of the pass goes ahead; applying it is the person’s merge, undoable', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    const h = createHandlers(engine);
    await engine.facts.record('agent:default', 'User lives in Porto', PERSON);
    await engine.facts.record('agent:default', 'User lives in Porto, Portugal', AGENT);
    await engine.facts.record('agent:default', 'User keeps bees', AGENT);
    await engine.facts.record('agent:default', 'User keeps honeybees', AGENT);
    llm.setDefault({ kind: 'json', value: { facts: [{ text: 'User lives in Porto, Portugal', from: ['f1', 'f2'] }, { text: 'User keeps honeybees', from: ['f3', 'f4'] }] } });
    const summary = await engine.consolidation.run('default', { level: 1 });
    expect(summary.facts.merged).toBe(1);
    expect(texts(engine, 'agent:default')).toEqual(['User lives in Porto', 'User lives in Porto, Portugal', 'User keeps honeybees']);
    expect(factEntries(engine).filter((e) => e.actor === 'consolidation').map((e) => e.summary)).toEqual(['Merged 2 facts into “User keeps honeybees”']);

    const listed = await dispatch(h, 'facts.proposals', { scope: 'agent:default' });
    const proposals = (listed as { data: { id: number; text: string; actor: string; source: { runId?: string } }[] }).data;
    expect(proposals).toEqual([
      expect.objectContaining({ text: 'User lives in Porto, Portugal', kind: 'merge', actor: 'consolidation', source: { runId: summary.runId }, from: [{ id: factId('User lives in Porto'), text: 'User lives in Porto' }, { id: factId('User lives in Porto, Portugal'), text: 'User lives in Porto, Portugal' }] }),
    ]);
    // A second pass proposes the same merge again: still one proposal.
    await engine.facts.record('agent:default', 'User plays the cello', AGENT);
    llm.setDefault({
      kind: 'json',
      value: { facts: [{ text: 'User lives in Porto, Portugal', from: ['f1', 'f2'] }, { text: 'User keeps honeybees', from: ['f3'] }, { text: 'User plays the cello', from: ['f4'] }] },
    });
    await engine.consolidation.run('default', { level: 1 });
    expect(engine.facts.proposals.list()).toHaveLength(1);

    const applied = await dispatch(h, 'facts.applyProposal', { id: proposals[0].id });
    expect(applied.ok).toBe(true);
    expect(texts(engine, 'agent:default')).toEqual(['User lives in Porto, Portugal', 'User keeps honeybees', 'User plays the cello']);
    const merge = factEntries(engine).at(-1)!;
    expect(merge).toMatchObject({ action: 'fact.merged', actor: 'person', source: { via: 'app' } });
    expect(engine.facts.sourceOf('agent:default', factId('User lives in Porto, Portugal'))).toMatchObject({ actor: 'person', event: 'merged', replaces: [factId('User lives in Porto')] });
    expect(engine.facts.proposals.list()).toEqual([]);
    expect(await dispatch(h, 'facts.applyProposal', { id: proposals[0].id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });

    engine.journal.undo(merge.id);
    expect(texts(engine, 'agent:default').sort()).toEqual(['User keeps honeybees', 'User lives in Porto', 'User lives in Porto, Portugal', 'User plays the cello']);
    expect(engine.facts.sourceOf('agent:default', factId('User lives in Porto'))).toMatchObject({ actor: 'person', via: 'app', event: 'recorded' });
  });

  it('a merge into the same fact as the person’s keeps the person’s exact words', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    await engine.facts.record('agent:default', 'User likes green tea', { actor: 'person', source: { via: 'cli' } });
    await engine.facts.record('agent:default', 'User enjoys green tea', AGENT);
    llm.setDefault({ kind: 'json', value: { facts: [{ text: 'user likes green tea.', from: ['f1', 'f2'] }] } });
    await engine.consolidation.run('default', { level: 1 });
    expect(texts(engine, 'agent:default')).toEqual(['User likes green tea']);
    expect(engine.facts.proposals.list()).toEqual([]);
  });

  it('facts edited by hand are the person’s too; a proposal whose facts changed since is set aside; dismiss drops one', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    await engine.facts.record('agent:default', 'User has a sister', AGENT);
    await engine.facts.record('agent:default', 'User drives a Fiat', AGENT);
    appendFileSync(engine.facts.memory.pathOf('agent:default'), "- User's sister is Ana\n- User drives an old Fiat\n");
    llm.setDefault({
      kind: 'json',
      value: { facts: [{ text: 'User has a sister named Ana', from: ['f1', 'f3'] }, { text: 'User drives an old Fiat 500', from: ['f2', 'f4'] }] },
    });
    await engine.consolidation.run('default', { level: 1 });
    expect(texts(engine, 'agent:default')).toEqual(['User has a sister', 'User drives a Fiat', "User's sister is Ana", 'User drives an old Fiat']);
    const [sister, fiat] = engine.facts.proposals.list('agent:default');
    expect([sister.text, fiat.text]).toEqual(['User has a sister named Ana', 'User drives an old Fiat 500']);
    await engine.facts.edit('agent:default', factId("User's sister is Ana"), "User's sister is Anna", PERSON);
    expect(engine.facts.proposals.list().map((p) => p.id)).toEqual([fiat.id]);
    engine.facts.proposals.dismiss(fiat.id);
    expect(engine.facts.proposals.list()).toEqual([]);
    expect(() => engine.facts.proposals.apply(sister.id, PERSON)).toThrow(/no longer open/);
  });
});
