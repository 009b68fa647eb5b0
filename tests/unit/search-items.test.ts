// The search box's result list: the order results are shown and navigated in, the marked pieces of a
// snippet (whatever highlights arrive), word-prefix marks for entity names, and result dates.
import { describe, expect, it } from 'vitest';
import type { MessageHit, SearchResults } from '../../src/shared/search';
import { flatten, pieces, resultDate, wordPrefixRanges } from '../../src/renderer/src/features/search/items';

const msg = (id: string, highlights: [number, number][]): MessageHit => ({
  messageId: id,
  sessionId: 's1',
  sessionTitle: 'Trip',
  agentId: 'default',
  role: 'user',
  createdAt: '2024-05-03T09:00:00.000Z',
  snippet: 'take the ferry',
  highlights,
  score: 1,
});

describe('search result list', () => {
  it('lists the best messages, then facts and entities, then more messages, then the neighbours of a match last', () => {
    const r: SearchResults = {
      query: 'ferry',
      messages: [msg('a', [[9, 14]]), msg('near', []), msg('b', [[9, 14]])],
      facts: [{ factId: 'f1', scope: 'global', text: 'Likes ferries', highlights: [[6, 13]], score: 1 }],
      entities: [{ nodeId: 7, scope: 'agent:default', name: 'Ferry', type: 'thing', summary: '', score: 1 }],
      tookMs: 1,
    };
    expect(flatten(r).map((i) => i.key)).toEqual(['m:a', 'm:b', 'f:global:f1', 'e:7', 'm:near']);
    expect(flatten(r).map((i) => i.group)).toEqual(['message', 'message', 'fact', 'entity', 'near']);
    // Many matching messages do not push the facts out of view: the rest come after them.
    const many: SearchResults = { ...r, messages: ['1', '2', '3', '4', '5', '6'].map((id) => msg(id, [[9, 14]])) };
    expect(flatten(many).map((i) => i.key)).toEqual(['m:1', 'm:2', 'm:3', 'm:4', 'f:global:f1', 'e:7', 'm:5', 'm:6']);
    expect(flatten(many).at(-1)?.group).toBe('more');
  });

  it('a message found through memory (via) is a hit of its own, not a neighbour of one', () => {
    const viaFact: MessageHit = { ...msg('via', []), via: { kind: 'fact', text: 'Likes ferries' } };
    const r: SearchResults = { query: 'ferry', messages: [msg('near', []), viaFact], facts: [], entities: [], tookMs: 1 };
    expect(flatten(r).map((i) => [i.key, i.group])).toEqual([
      ['m:via', 'message'],
      ['m:near', 'near'],
    ]);
  });

  it('cuts a text into marked and plain pieces, clamping unsorted, overlapping or out-of-range highlights', () => {
    expect(pieces('take the ferry to Hydra', [[18, 23], [9, 14]])).toEqual([
      { text: 'take the ', marked: false },
      { text: 'ferry', marked: true },
      { text: ' to ', marked: false },
      { text: 'Hydra', marked: true },
    ]);
    expect(pieces('abcdef', [[1, 4], [2, 5], [5, 99]])).toEqual([
      { text: 'a', marked: false },
      { text: 'bcd', marked: true },
      { text: 'e', marked: true },
      { text: 'f', marked: true },
    ]);
    expect(pieces('plain', [])).toEqual([{ text: 'plain', marked: false }]);
  });

  it('marks where the query words start words of a name', () => {
    expect(wordPrefixRanges('Ana moved to Berlin', 'ana ber')).toEqual([
      [0, 3],
      [13, 16],
    ]);
    expect(wordPrefixRanges('Hydra', 'a')).toEqual([]);
  });

  it('dates a result by how long ago it was', () => {
    const now = new Date(2026, 11, 1, 15, 0);
    expect(resultDate(new Date(2026, 11, 1, 9, 5).toISOString(), now)).toMatch(/09.05|9.05/);
    expect(resultDate(new Date(2026, 2, 12).toISOString(), now)).not.toMatch(/2026/);
    expect(resultDate(new Date(2023, 2, 12).toISOString(), now)).toMatch(/2023/);
    expect(resultDate('not a date', now)).toBe('');
  });
});
