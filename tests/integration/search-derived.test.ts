// Search through memory to its source (issue 31 §1): what memory learned from a message — a fact recorded
// from it, a relation it supports — is a second field of its search document, kept in step with memory.
import { describe, expect, it } from 'vitest';
import { DerivedStore } from '../../src/main/search/derived-store';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine } from '../helpers/temp-home';

const SCOPE = 'agent:default';

function setup() {
  const engine = openEngine();
  const session = engine.sessions.create({ agentId: 'default', title: 'Weekend' });
  const say = (content: string, role: 'user' | 'assistant' = 'user') => engine.messages.append({ sessionId: session.id, role, content }).id;
  // The answer never names what it is about: the words of the question are not in it.
  const target = say('I grabbed a few classics for the kids at the fair, the rhyming ones with the hat');
  const fillers = [
    'We had pizza on the balcony',
    'The train was late again this morning',
    'My plants need more light in winter',
    'I finished the crossword before lunch',
    'Books are great, I read a lot of books about sailing',
  ].map((t) => say(t, 'assistant'));
  const find = (query: string) => engine.search.search({ query, agentId: 'default' }).messages;
  const ids = (query: string) => find(query).map((m) => m.messageId);
  return { engine, session, target, fillers, find, ids };
}

describe('message search through derived memory', () => {
  it('a fact recorded from a message makes it findable by the fact’s words, and says so; forgetting the fact undoes it', async () => {
    const { engine, session, target, find, ids } = setup();
    const query = 'Dr. Seuss books';
    expect(ids(query)).not.toContain(target);

    const r = await engine.facts.record(SCOPE, 'Collects Dr. Seuss books for the kids', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: target } });
    expect(r.status).toBe('recorded');
    const hit = find(query).find((m) => m.messageId === target);
    expect(hit?.via).toEqual({ kind: 'fact', text: 'Collects Dr. Seuss books for the kids' });
    // A message found by its own words says nothing about memory.
    for (const m of find(query)) if (m.messageId !== target) expect(m.via).toBeUndefined();

    engine.facts.forget(SCOPE, r.fact!.id, { actor: 'person' });
    expect(ids(query)).not.toContain(target);
  });

  it('an edited fact still points at its message; the old wording no longer helps it', async () => {
    const { engine, session, target, find, ids } = setup();
    const r = await engine.facts.record(SCOPE, 'Collects Dr. Seuss books', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: target } });
    expect(ids('Seuss')).toContain(target);
    await engine.facts.edit(SCOPE, r.fact!.id, 'Collects picture books by Theodor Geisel', { actor: 'person', origin: 'person' });
    expect(ids('Seuss')).not.toContain(target);
    expect(find('Geisel').find((m) => m.messageId === target)?.via).toEqual({ kind: 'fact', text: 'Collects picture books by Theodor Geisel' });
  });

  it('a relation the message supports helps it until the relation is retracted', () => {
    const { engine, target, find, ids } = setup();
    const store = engine.graph.store;
    const caroline = store.upsertNode(SCOPE, 'Caroline', 'person').id;
    const seuss = store.upsertNode(SCOPE, 'Dr. Seuss', 'person').id;
    const edge = store.upsertEdge({ scope: SCOPE, src: caroline, dst: seuss, relation: 'reads_to_her_kids', provClass: 'user', validFrom: '2026-03-01', support: [target], supersede: false });
    const hit = find('who does Caroline read to her kids').find((m) => m.messageId === target);
    expect(hit?.via).toEqual({ kind: 'relation', text: 'Caroline reads to her kids Dr. Seuss' });

    engine.graph.corrections.retractRelation(edge.id, { reason: 'wrong' }, { actor: 'person' });
    expect(ids('Seuss')).not.toContain(target);
  });

  it('a fact repeating a message’s own words does not count them twice: it helps as much as it helps a message lacking them', async () => {
    const { engine } = setup();
    // Each in its own chat, so no neighbour shares a score; the same length, so only the fields differ.
    const alone = (content: string) => {
      const s = engine.sessions.create({ agentId: 'default', title: content });
      return { sessionId: s.id, messageId: engine.messages.append({ sessionId: s.id, role: 'user', content }).id };
    };
    const says = alone('we went sailing on the lake');
    const lacks = alone('we went out on the lake');
    for (const source of [says, lacks]) await engine.facts.record(SCOPE, 'Goes sailing on the lake often', { actor: 'agent', origin: 'typed', source });
    // The field's scoring itself, before the learned re-ranking (rank.ts rerank), which reads the words' score apart.
    const fields = new SearchService({ db: engine.appDb, rank: { rerank: [], rerankTrees: [] } });
    engine.search.search({ query: 'sailing', agentId: 'default' }); // brings the derived field up to date
    const score = (id: string) => fields.search({ query: 'sailing', agentId: 'default' }).messages.find((m) => m.messageId === id)?.score;
    expect(score(lacks.messageId)).toBeGreaterThan(0);
    expect(score(says.messageId)).toBe(score(lacks.messageId));
  });

  it('each fact counts as its own short document: one short fact among many long ones finds its message first; forgetting it undoes that', async () => {
    const { engine } = setup();
    // Each in its own chat, so no neighbour shares a score.
    const alone = (content: string) => {
      const s = engine.sessions.create({ agentId: 'default', title: content });
      return { sessionId: s.id, messageId: engine.messages.append({ sessionId: s.id, role: 'user', content }).id };
    };
    const busy = alone('that was a long talk about everything going on this spring');
    const other = alone('we spent the whole afternoon inside');
    const long = [
      'Plans a long road trip along the coast with two friends in the old camper van next summer',
      'Is learning to bake sourdough bread and keeps a starter alive on the kitchen windowsill every week',
      'Volunteers at the animal shelter on Saturday mornings walking the older dogs around the park',
      'Wants to repaint the hallway a pale green colour before the family visits again in autumn',
      'Started running three times a week and hopes to finish a half marathon by next spring',
    ];
    for (const text of long) await engine.facts.record(SCOPE, text, { actor: 'agent', origin: 'typed', source: busy });
    const short = await engine.facts.record(SCOPE, 'Collects Dr. Seuss books', { actor: 'agent', origin: 'typed', source: busy });
    // A message with one fact, longer than the short one, naming the same thing.
    await engine.facts.record(SCOPE, 'Read a Dr. Seuss book aloud at the library on a rainy afternoon with the neighbours', { actor: 'agent', origin: 'typed', source: other });
    const first = () => engine.search.search({ query: 'Seuss books', agentId: 'default', k: 1 }).messages[0];
    // All of a message's facts in one field, the short fact drowned in the long ones' length: the other
    // message would come first. Scored one by one, the short fact is the best match of the two.
    expect(first()).toMatchObject({ messageId: busy.messageId, via: { kind: 'fact', text: 'Collects Dr. Seuss books' } });
    engine.facts.forget(SCOPE, short.fact!.id, { actor: 'person' });
    expect(first().messageId).toBe(other.messageId);
  });

  it('what memory adds to a message is not passed to its neighbours: only what their words found is', async () => {
    const { engine } = setup();
    const s = engine.sessions.create({ agentId: 'default', title: 'Fair' });
    const say = (content: string, role: 'user' | 'assistant') => engine.messages.append({ sessionId: s.id, role, content }).id;
    const asked = say('what did you pick up at the fair?', 'assistant');
    const answer = say('a few classics for the kids, the rhyming ones', 'user');
    const after = say('lovely, they will enjoy those', 'assistant');
    await engine.facts.record(SCOPE, 'Collects Dr. Seuss books', { actor: 'agent', origin: 'typed', source: { sessionId: s.id, messageId: answer } });
    const ids = engine.search.search({ query: 'Seuss', agentId: 'default' }).messages.map((m) => m.messageId);
    // The turns around it say nothing of Seuss; a neighbour's share of memory's match would list them.
    expect(ids).toContain(answer);
    expect(ids).not.toContain(asked);
    expect(ids).not.toContain(after);
    // Their words' shares still pass as before: a words match in the question lifts the answer next to it.
    const fair = engine.search.search({ query: 'fair', agentId: 'default' }).messages.map((m) => m.messageId);
    // (Which of the two comes first is the learned re-ranking's to say: rank.ts rerank.)
    expect([...fair.slice(0, 2)].sort()).toEqual([asked, answer].sort());
  });

  it('a home with no derived memory ranks exactly as the words alone do', () => {
    const { engine } = setup();
    const words = new SearchService({ db: engine.appDb, rank: { derivedWeight: 0 } });
    for (const query of ['books', 'train late morning', 'pizza balcony plants', 'kids at the fair']) {
      expect(engine.search.search({ query, agentId: 'default' }).messages).toEqual(words.search({ query, agentId: 'default' }).messages);
    }
  });

  it('rebuilds from memory: an emptied field (an import, another process) is filled again at the next search', async () => {
    const { engine, session, target, ids } = setup();
    await engine.facts.record(SCOPE, 'Collects Dr. Seuss books', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: target } });
    expect(ids('Seuss')).toContain(target);
    engine.appDb.exec('DELETE FROM message_derived');
    expect(new DerivedStore(engine.appDb).count()).toBe(0);
    // A search engine built afresh over the same home (as after a restart or an import) rebuilds at its first search.
    const home = engine.paths.root;
    engine.close();
    const again = openEngine({ home });
    expect(again.search.search({ query: 'Seuss', agentId: 'default' }).messages.map((m) => m.messageId)).toContain(target);
    expect(new DerivedStore(again.appDb).count()).toBe(1);
  });

  it('memory changes reach the index by themselves, soon after they are journaled (no search needed)', async () => {
    const { engine, session, target } = setup();
    const indexed = () => engine.appDb.prepare(`SELECT count(*) FROM message_derived_fts WHERE message_derived_fts MATCH 'seuss'`).pluck().get();
    await new Promise((r) => setImmediate(r));
    expect(indexed()).toBe(0);
    const r = await engine.facts.record(SCOPE, 'Collects Dr. Seuss books', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: target } });
    await new Promise((r) => setImmediate(r));
    expect(indexed()).toBe(1);
    engine.facts.forget(SCOPE, r.fact!.id, { actor: 'person' });
    await new Promise((r) => setImmediate(r));
    expect(indexed()).toBe(0);
  });

  it('a speaker’s name counts in the words only: a fact naming its speaker does not make every message of theirs match the name', async () => {
    const { engine, session, target } = setup();
    await engine.facts.record(SCOPE, 'Caroline collects Dr. Seuss books', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: target } });
    const ids = (roleNames?: { user: string[] }) => engine.search.search({ query: 'Caroline', agentId: 'default', roleNames }).messages.map((m) => m.messageId);
    // Not a speaker here: the name is a word like any other, and the fact finds its message.
    expect(ids()).toContain(target);
    // The person's own name: who spoke is the speaker cue's to judge, not the derived field's.
    expect(ids({ user: ['Caroline'] })).not.toContain(target);
    // The rest of the fact still counts.
    expect(engine.search.search({ query: 'Caroline Seuss', agentId: 'default', roleNames: { user: ['Caroline'] } }).messages.map((m) => m.messageId)).toContain(target);
  });

  it('a deleted message takes its derived text out of the index', async () => {
    const { engine, session, target, ids } = setup();
    await engine.facts.record(SCOPE, 'Collects Dr. Seuss books', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: target } });
    expect(ids('Seuss')).toContain(target);
    engine.appDb.prepare(`UPDATE messages SET deleted_at = ? WHERE id = ?`).run(new Date().toISOString(), target);
    expect(engine.appDb.prepare(`SELECT count(*) FROM message_derived_fts WHERE message_derived_fts MATCH 'seuss'`).pluck().get()).toBe(0);
    expect(ids('Seuss')).not.toContain(target);
  });
});
