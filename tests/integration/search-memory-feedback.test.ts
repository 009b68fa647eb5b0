// Feedback through memory (issue 31, fourth pass; rank.ts memoryPrfTerms): the derived entries that match a
// question best lend it their words, so a turn that speaks of the same thing in memory's words, and not in
// the question's, is found too; what memory no longer holds lends nothing.
import { describe, expect, it } from 'vitest';
import type { MessageSearch } from '../../src/main/search/message-search';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine } from '../helpers/temp-home';

const SCOPE = 'agent:default';

function setup() {
  const engine = openEngine();
  const first = engine.sessions.create({ agentId: 'default', title: 'Phone calls' });
  const later = engine.sessions.create({ agentId: 'default', title: 'Post' });
  const say = (sessionId: string, content: string, role: 'user' | 'assistant' = 'user') => engine.messages.append({ sessionId, role, content }).id;
  // Neither turn uses the question's word; memory's sentence about the first names what both speak of.
  const called = say(first.id, 'I finally called them today, fingers crossed');
  const forms = say(later.id, 'The agency mailed the forms this morning');
  for (const t of ['We had pizza on the balcony', 'The train was late again', 'My plants need more light']) say(later.id, t, 'assistant');
  // The shipped search feeds back through memory; the same search with it turned off, for comparison.
  const withFeedback = engine.search;
  const without = new SearchService({ db: engine.appDb, rank: { memoryPrfTerms: 0 } });
  const ids = (service: { search: SearchService['search'] }, query: string) => {
    engine.search.search({ query, agentId: 'default' }); // brings the derived field up to date
    return service.search({ query, agentId: 'default' }).messages.map((m) => m.messageId);
  };
  return { engine, first, called, forms, withFeedback, without, ids };
}

describe('feedback through memory', () => {
  it('a fact’s other words find a turn that shares them but not the question’s; forgetting the fact undoes it', async () => {
    const { engine, first, called, forms, withFeedback, without, ids } = setup();
    expect(ids(withFeedback, 'adoption')).toEqual([]);
    const r = await engine.facts.record(SCOPE, 'Contacted an adoption agency', { actor: 'agent', origin: 'typed', source: { sessionId: first.id, messageId: called } });
    expect(r.status).toBe('recorded');

    // Without feedback only the turn the fact came from is found; with it, the turn about the agency too,
    // below the one memory holds the question's word for (the turns beside it follow on its words' share).
    expect(ids(without, 'adoption')).toEqual([called]);
    expect(ids(withFeedback, 'adoption').slice(0, 2)).toEqual([called, forms]);
    // Each says what memory found it through: the turn the fact came from, and the turn the fact's words
    // found, though the fact was not learned from it.
    const hits = withFeedback.search({ query: 'adoption', agentId: 'default' }).messages;
    expect(hits.find((h) => h.messageId === called)?.via).toEqual({ kind: 'fact', text: 'Contacted an adoption agency' });
    expect(hits.find((h) => h.messageId === forms)?.via).toEqual({ kind: 'fact', text: 'Contacted an adoption agency' });
    // A turn holding the person's own word was found by it: no memory to credit.
    const own = engine.messages.append({ sessionId: first.id, role: 'user', content: 'The adoption agency called back about the forms' }).id;
    const again = withFeedback.search({ query: 'adoption', agentId: 'default' }).messages;
    expect(again.find((h) => h.messageId === own)).toBeDefined();
    expect(again.find((h) => h.messageId === own)?.via).toBeUndefined();

    engine.facts.forget(SCOPE, r.fact!.id, { actor: 'person' });
    expect(ids(withFeedback, 'adoption')).toEqual([own]);
  });

  it('an entry matching only a small part of the question lends it nothing', async () => {
    const { engine, first, called, forms, withFeedback, ids } = setup();
    await engine.facts.record(SCOPE, 'Contacted an adoption agency', { actor: 'agent', origin: 'typed', source: { sessionId: first.id, messageId: called } });
    // The fact holds one word of four: its other words would be another topic's, and are not added.
    expect(ids(withFeedback, 'adoption lawyer deadline paperwork')).not.toContain(forms);
    const ungated = new SearchService({ db: engine.appDb, rank: { memoryPrfCover: 0 } });
    expect(ids(ungated, 'adoption lawyer deadline paperwork')).toContain(forms);
  });

  it('memory of an incognito session lends no words to a search that leaves such sessions out', async () => {
    const { engine, forms, withFeedback } = setup();
    const secret = engine.sessions.create({ agentId: 'default', title: 'Private', incognito: true });
    const turn = engine.messages.append({ sessionId: secret.id, role: 'user', content: 'I called them today' }).id;
    await engine.facts.record(SCOPE, 'Contacted an adoption agency', { actor: 'agent', origin: 'typed', source: { sessionId: secret.id, messageId: turn } });
    engine.search.search({ query: 'adoption', agentId: 'default' });
    const found = (excludeIncognito: boolean) => withFeedback.search({ query: 'adoption', agentId: 'default', excludeIncognito }).messages.map((m) => m.messageId);
    expect(found(false)).toContain(forms);
    expect(found(true)).toEqual([]);
  });

  it('a home with no derived memory: feedback through memory changes nothing', () => {
    const { ids, withFeedback, without } = setup();
    for (const query of ['agency forms', 'pizza balcony', 'called today']) expect(ids(withFeedback, query)).toEqual(ids(without, query));
  });
});

describe('feedback through memory, its cost', () => {
  it('one search reads each word’s posting list once from each index, feedback and ranking together', async () => {
    const { engine, first, called, withFeedback } = setup();
    await engine.facts.record(SCOPE, 'Contacted an adoption agency about the forms', { actor: 'agent', origin: 'typed', source: { sessionId: first.id, messageId: called } });
    engine.search.search({ query: 'adoption', agentId: 'default' }); // brings the derived field up to date
    // Any write empties what search keeps between searches (kept-postings.ts), so the search below reads
    // every word afresh: what it reads is one search's reads, each of which must happen once.
    engine.messages.append({ sessionId: first.id, role: 'user', content: 'An unrelated note about the weather' });
    const index = withFeedback.index;
    const derived = (withFeedback as unknown as { messages: MessageSearch }).messages.derived;
    const asked = { words: [] as string[], derived: [] as string[] };
    const spy = <T extends { postings: (w: string, cap: number) => unknown }>(o: T, into: string[]) => {
      const real = o.postings.bind(o);
      o.postings = (w: string, cap: number) => (into.push(w), real(w, cap)) as never;
    };
    spy(index, asked.words);
    spy(derived, asked.derived);
    const found = withFeedback.search({ query: 'adoption', agentId: 'default' }).messages;
    expect(found.length).toBeGreaterThan(0);
    // The feedback added memory's words (agency, forms…), so the ranking asked for more than the query's.
    expect(new Set(asked.derived).size).toBeGreaterThan(2);
    expect(asked.words.length).toBe(new Set(asked.words).size);
    expect(asked.derived.length).toBe(new Set(asked.derived).size);
  });
});
