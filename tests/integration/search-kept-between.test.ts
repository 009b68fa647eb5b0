// What search keeps between searches (issue 31 §3: the facts panel's word index, derived entries' parsed
// rows and scans, feedback's short posting reads) against a real home: after every kind of change, the
// long-lived service answers exactly as a service built afresh, and the change is seen by the very next
// search.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { createSearch } from '../../src/main/search/create-search';
import { DerivedStore } from '../../src/main/search/derived-store';
import { SearchService, type SearchInput } from '../../src/main/search/search-service';
import { openEngine } from '../helpers/temp-home';

const SCOPE = 'agent:default';

/** A search service built afresh over the home's stores, as the engine builds its own. */
function serviceOf(engine: Engine) {
  return createSearch({ appDb: engine.appDb, memoryDb: engine.memoryDb, graph: engine.graph.store, facts: engine.facts.memory, roleNames: () => ({}) });
}

type Service = Pick<ReturnType<typeof serviceOf>, 'search'>;

/** Everything a search answers but the time it took. */
function answer(service: Service, input: SearchInput) {
  const { tookMs: _took, ...rest } = service.search(input);
  return rest;
}

async function setup() {
  const engine = openEngine();
  const s = engine.sessions.create({ agentId: 'default', title: 'Plans' });
  const say = (content: string, role: 'user' | 'assistant' = 'user') => engine.messages.append({ sessionId: s.id, role, content }).id;
  const called = say('I finally called them today, fingers crossed');
  say('The agency mailed the forms this morning', 'assistant');
  const painted = say('Painted the lake at sunset again');
  for (const t of ['We had pizza on the balcony', 'The train was late again', 'My plants need more light']) say(t, 'assistant');
  const source = (messageId: string) => ({ sessionId: s.id, messageId });
  const adoption = await engine.facts.record(SCOPE, 'Ana contacted an adoption agency about the forms', { actor: 'agent', origin: 'typed', source: source(called) });
  const painting = await engine.facts.record(SCOPE, 'Ana paints landscapes of the lake', { actor: 'agent', origin: 'typed', source: source(painted) });
  // The engine's own service: long-lived, told of every change to memory, keeping what it keeps.
  const kept = engine.search;
  return { engine, say, adoption: adoption.fact!, painting: painting.fact!, kept };
}

const NAMES = { user: ['Ana'], assistant: ['Robin'] };
const QUERIES: SearchInput[] = [
  { query: 'adoption', agentId: 'default', roleNames: NAMES },
  { query: 'Did Ana contact an adoption agency?', agentId: 'default', roleNames: NAMES },
  { query: 'lake landscapes painting', agentId: 'default', roleNames: NAMES },
  { query: 'forms agency', k: 5, roleNames: NAMES },
];

function expectSameAsFresh(engine: Engine, kept: Service) {
  const fresh = serviceOf(engine);
  for (const input of QUERIES) expect(answer(kept, input), input.query).toEqual(answer(fresh, input));
}

describe('what search keeps between searches', () => {
  it('new messages between two searches: the second counts them (feedback’s rarity reads are not stale)', async () => {
    const { engine, say, kept } = await setup();
    expectSameAsFresh(engine, kept);
    const before = answer(kept, QUERIES[0]);
    // "agency" and "forms" (words memory lends the question) become common: the words they find weigh less.
    for (let i = 0; i < 12; i++) say(`Another agency letter about forms number ${i}`, 'assistant');
    const after = answer(kept, QUERIES[0]);
    expect(after.messages.map((m) => m.score)).not.toEqual(before.messages.map((m) => m.score));
    expectSameAsFresh(engine, kept);
  });

  it('a corrected fact: the facts panel and the messages it was learned from read the new text at once', async () => {
    const { engine, adoption, kept } = await setup();
    expectSameAsFresh(engine, kept);
    expect(answer(kept, QUERIES[0]).facts.map((f) => f.text)).toContain(adoption.text);
    await engine.facts.edit(SCOPE, adoption.id, 'Ana contacted a fostering charity about the forms', { actor: 'person', source: { via: 'app' } });
    const after = answer(kept, QUERIES[0]);
    expect(after.facts).toEqual([]);
    expect(after.messages.some((m) => m.via?.text.includes('adoption'))).toBe(false);
    expect(answer(kept, { query: 'fostering charity', agentId: 'default', roleNames: NAMES }).facts.map((f) => f.text)).toEqual(['Ana contacted a fostering charity about the forms']);
    expectSameAsFresh(engine, kept);
  });

  it('a fact recorded between two searches: the second finds its message through it (the ranking’s kept reads are not stale)', async () => {
    const { engine, say, kept } = await setup();
    const quiet = say('It went better than I hoped', 'assistant');
    // The same words searched twice: the first search's posting reads of them are kept.
    const input = { query: 'pottery glaze kiln', agentId: 'default', roleNames: NAMES };
    expect(answer(kept, input).messages).toEqual([]);
    expect(answer(kept, input).messages).toEqual([]);
    const s = engine.sessions.list().find((x) => x.title === 'Plans')!;
    await engine.facts.record(SCOPE, 'Robin fired a pottery glaze in the kiln', { actor: 'agent', origin: 'typed', source: { sessionId: s.id, messageId: quiet } });
    const after = answer(kept, input);
    expect(after.messages.map((m) => m.messageId)).toEqual([quiet]);
    expect(after.messages[0].via?.text).toBe('Robin fired a pottery glaze in the kiln');
    expect(after).toEqual(answer(serviceOf(engine), input));
    // And the next message with those words, written between two searches, is found by words too.
    const typed = say('The kiln cracked my pottery glaze');
    expect(answer(kept, input).messages.map((m) => m.messageId)).toContain(typed);
    expectSameAsFresh(engine, kept);
  });

  it('a chat deleted between two searches: its messages (kept rows and places) are gone from the second', async () => {
    const { engine, kept } = await setup();
    const other = engine.sessions.create({ agentId: 'default', title: 'Clay' });
    const gone = engine.messages.append({ sessionId: other.id, role: 'user', content: 'The agency sent the pottery forms back' }).id;
    engine.messages.append({ sessionId: other.id, role: 'assistant', content: 'Good, the forms are done then' });
    const input = { query: 'agency forms pottery', agentId: 'default', roleNames: NAMES };
    expect(answer(kept, input).messages.map((m) => m.messageId)).toContain(gone);
    expect(answer(kept, input).messages.map((m) => m.messageId)).toContain(gone); // read from what was kept
    engine.sessions.delete(other.id);
    const after = answer(kept, input);
    expect(after.messages.map((m) => m.sessionId)).not.toContain(other.id);
    expect(after.messages.length).toBeGreaterThan(0);
    expectSameAsFresh(engine, kept);
    expect(after).toEqual(answer(serviceOf(engine), input));
  });

  it('a forgotten fact stops helping at the very next search', async () => {
    const { engine, painting, kept } = await setup();
    const before = answer(kept, QUERIES[2]);
    expect(before.facts.map((f) => f.factId)).toContain(painting.id);
    expect(before.messages[0].via?.text).toBe(painting.text);
    engine.facts.forget(SCOPE, painting.id, { actor: 'person' });
    const after = answer(kept, QUERIES[2]);
    expect(after.facts.map((f) => f.factId)).not.toContain(painting.id);
    expect(after.messages.some((m) => m.via?.text === painting.text)).toBe(false);
    expectSameAsFresh(engine, kept);
  });
});

describe('the derived field’s index after many small writes', () => {
  it('is kept merged: a full optimize afterwards finds nothing left to merge, and search reads the same', () => {
    const engine = openEngine();
    const s = engine.sessions.create({ agentId: 'default', title: 'Many' });
    const store = new DerivedStore(engine.appDb);
    const ids = Array.from({ length: 40 }, (_, i) => engine.messages.append({ sessionId: s.id, role: 'user', content: `turn ${i}` }).id);
    // One write each, as memory learns one thing at a time (each leaves a segment of its own).
    ids.forEach((id, i) => store.set(id, [{ kind: 'fact', text: `Ana learned fact number ${i} about pottery and hiking` }]));
    store.replaceAll(new Map(ids.map((id, i) => [id, [{ kind: 'fact' as const, text: `Ana learned fact number ${i} about pottery, hiking and sailing` }]])));
    const pages = () => engine.appDb.prepare(`SELECT count(*) FROM message_derived_fts_data`).pluck().get() as number;
    // A service that reads the field as written (the engine's own would rewrite it from memory, which is empty here).
    const service = new SearchService({ db: engine.appDb });
    const input = { query: 'pottery sailing', agentId: 'default' };
    const { tookMs: _t, ...before } = service.search(input);
    const merged = pages();
    engine.appDb.exec(`INSERT INTO message_derived_fts (message_derived_fts) VALUES ('optimize')`);
    expect(pages()).toBe(merged);
    const { tookMs: _t2, ...after } = service.search(input);
    expect(after).toEqual(before);
    expect(before.messages.length).toBeGreaterThan(0);
  });
});
