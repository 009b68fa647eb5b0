// The eighth pass's candidate features on a real home (candidate-features.ts `contextFeatures`): who spoke
// each candidate against the side the question names (scored turns and neighbours looked up alike), the
// question's cover by the candidate's whole session, its place relative to the best hits, and what it adds
// to the best three's cover. A hand-made tree that splits on the speaker shows the re-ranking can use them.
import { describe, expect, it } from 'vitest';
import { FEATURES, rerankCandidates, type CandidateFeatures } from '../../src/main/search/candidate-features';
import type { RerankTreeNode } from '../../src/main/search/learned-trees';
import { DEFAULT_RANK_PARAMS } from '../../src/main/search/rank';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine } from '../helpers/temp-home';

// One split: a candidate the named side did not say loses 1 (of a best score of 1).
const demoteOtherSide: RerankTreeNode[] = [{ f: FEATURES.indexOf('speakerNamed'), t: 0.75, l: 1, r: 2 }, { v: -1 }, { v: 0 }];

describe('the eighth pass’s features on a real home', () => {
  it('read who spoke, the session’s cover and the place of each candidate; a tree on the speaker orders the hits', async () => {
    const engine = openEngine();
    const trip = engine.sessions.create({ agentId: 'default', title: 'Trip' });
    const other = engine.sessions.create({ agentId: 'default', title: 'Other' });
    const say = (sessionId: string, role: 'user' | 'assistant', content: string) => engine.messages.append({ sessionId, role, content }).id;
    const asked = say(trip.id, 'assistant', 'Where are you hiking this summer, Dana?');
    const answer = say(trip.id, 'user', 'Lake Tahoe, the trails around the lake');
    say(trip.id, 'assistant', 'Bring boots for the lake trails');
    for (const t of ['Cooking soup tonight', 'Rain all week']) say(other.id, 'user', t);
    const boots = say(other.id, 'user', 'I bought new hiking boots');
    await engine.facts.record('agent:default', 'Dana is hiking around Lake Tahoe this summer', { actor: 'agent', origin: 'typed', source: { sessionId: trip.id, messageId: answer } });
    const roleNames = { user: ['Dana'], assistant: ['Sam'] };
    const query = { query: 'Where is Dana hiking?', agentId: 'default', roleNames };
    engine.search.search(query); // brings the derived field up to date
    const off = { rerank: [], rerankTrees: [] };
    const service = new SearchService({ db: engine.appDb, rank: off });
    let seen: CandidateFeatures[] = [];
    service.search({ ...query, observe: (c) => (seen = c) });
    const bySeq = new Map(engine.appDb.prepare('SELECT id, seq FROM messages').all().map((r) => [(r as { seq: number }).seq, (r as { id: string }).id]));
    const of = (id: string) => seen.find((c) => bySeq.get(c.seq) === id)!;
    // Dana (the user) is named: Dana's turns are 1, Sam's 0.
    expect(of(answer).speaker).toBe(1);
    expect(of(boots).speaker).toBe(1);
    expect(of(asked).speaker).toBe(0);
    // The trip's session holds "where" and "hiking" (and memory "hiking"); the other session "hiking" only.
    expect(of(answer).sessionCover).toBeGreaterThan(of(boots).sessionCover!);
    // The question is the turn before the answer: whichever of the two leads, the other sits one turn away.
    expect(of(answer).nearHit).toBe(1);
    expect(of(asked).nearHit).toBe(1);
    // With no name in the query, nobody is named.
    service.search({ query: 'Where is the hiking?', agentId: 'default', roleNames, observe: (c) => (seen = c) });
    expect(new Set(seen.map((c) => c.speaker))).toEqual(new Set([0.5]));

    // A tree splitting on the speaker: Sam's question falls below every turn of Dana's.
    service.search({ ...query, observe: (c) => (seen = c) });
    const treed = new SearchService({ db: engine.appDb, rank: { ...off, rerankTrees: [demoteOtherSide] } });
    const ids = treed.search(query).messages.map((m) => m.messageId);
    const expected = rerankCandidates(seen, [], [demoteOtherSide], DEFAULT_RANK_PARAMS.rerankFloor).map(([seq]) => bySeq.get(seq)!);
    expect(ids).toEqual(expected.slice(0, ids.length));
    for (const c of seen.filter((x) => x.speaker === 1 && x.score >= DEFAULT_RANK_PARAMS.rerankFloor * seen[0].score)) expect(ids.indexOf(bySeq.get(c.seq)!)).toBeLessThan(ids.indexOf(asked));
    engine.close();
  });
});
