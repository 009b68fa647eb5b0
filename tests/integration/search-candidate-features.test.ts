// The ranking's probe (MessageSearchOptions.observe): a bench judges a learned re-ranking with the parts
// of the candidates' scores, so they must be the candidates the search returns, in its order, and
// watching must change nothing.
import { describe, expect, it } from 'vitest';
import { rerankCandidates, type CandidateFeatures } from '../../src/main/search/candidate-features';
import { DEFAULT_RANK_PARAMS } from '../../src/main/search/rank';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine } from '../helpers/temp-home';
import { gardenPartyHome } from '../helpers/search-garden-party';

describe('candidate features seen by an observer', () => {
  it('are the returned hits in their order, with their scores split into own and neighbours', async () => {
    const engine = openEngine();
    const s = engine.sessions.create({ agentId: 'default', title: 'Garden' });
    const other = engine.sessions.create({ agentId: 'default', title: 'Books' });
    const say = (sessionId: string, content: string) => engine.messages.append({ sessionId, role: 'user', content });
    const tomatoes = say(s.id, 'The tomatoes in the garden are ripe?');
    say(s.id, 'Yes, and the basil next to them too');
    say(other.id, 'I read a book about tomatoes last winter');
    for (const t of ['The train was late', 'Pizza on the balcony', 'More light for the plants']) say(other.id, t);

    const plain = engine.search.search({ query: 'tomatoes garden', agentId: 'default' }).messages;
    let seen: CandidateFeatures[] = [];
    const watched = engine.search.search({ query: 'tomatoes garden', agentId: 'default', observe: (c) => (seen = c) }).messages;
    expect(watched).toEqual(plain);
    expect(seen.slice(0, watched.length).map((c) => c.rank)).toEqual(watched.map((_, i) => i));
    const bySeq = new Map(engine.appDb.prepare('SELECT id, seq FROM messages').all().map((r) => [(r as { id: string }).id, (r as { seq: number }).seq]));
    expect(seen.slice(0, watched.length).map((c) => c.seq)).toEqual(watched.map((h) => bySeq.get(h.messageId)));
    const first = seen[0];
    expect(first.seq).toBe(bySeq.get(tomatoes.id));
    expect(first).toMatchObject({ topSession: true, question: true, throughDerived: false });
    expect(first.words).toBe(first.own); // no derived memory: its own score is its words'
    // The turn after the question has no query word: its whole score is inherited.
    const reply = seen.find((c) => c.seq === first.seq + 1)!;
    expect(reply).toMatchObject({ own: 0, topSession: true });
    expect(reply.score).toBeGreaterThan(0);
    // The book turn lies in another session.
    expect(seen.some((c) => !c.topSession && c.own > 0)).toBe(true);
    engine.close();
  });

  it('with derived memory the hits come in the linear weights’ order of the candidates; a words-only home keeps its order', async () => {
    const { engine, ripe, hose, invite, unranked, ids, deriveFromRipe, observed } = gardenPartyHome();

    // Words only: the re-ranking is not applied.
    expect(ids(engine.search)).toEqual(ids(unranked));

    await deriveFromRipe();
    const { before, seen, idOf } = observed();
    const learned = rerankCandidates(seen, DEFAULT_RANK_PARAMS.rerank, [], DEFAULT_RANK_PARAMS.rerankFloor).map(([seq]) => idOf(seq));
    // The learned order differs here (the first hit's session counts): a turn of its session passes the other.
    expect(before.slice(0, 3)).toEqual([ripe, invite, hose]);
    expect(learned.slice(0, 3)).toEqual([ripe, hose, invite]);
    // The sixth pass's weights, as a service with no trees uses them (the shipped trees are tested in
    // search-rerank-trees.test.ts).
    const linear = new SearchService({ db: engine.appDb, rank: { rerankTrees: [] } });
    expect(ids(linear)).toEqual(learned.slice(0, before.length));
    engine.close();
  });
});

