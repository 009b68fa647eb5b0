// Issue 27 §2: does a fact say the same thing as a relation? Positives in other names, other relation
// words, inflections and word orders; negatives that mention one entity only, another relation between
// the same two, a negation, or a lookalike word. And the rewrites a rename or an edited relation proposes.
import { describe, expect, it } from 'vitest';
import { contentWords, renameInFact, rewordInFact, sameWord, saysRelation, wordsBetween, type RelationShape } from '../../src/main/memory/cross-layer/fact-match';

const rel = (src: string | string[], relation: string, dst: string | string[]): RelationShape => ({
  src: Array.isArray(src) ? src : [src],
  dst: Array.isArray(dst) ? dst : [dst],
  relation,
});

describe('saysRelation', () => {
  const cases: [string, RelationShape, boolean, boolean][] = [
    // [fact, relation, same source message, expected]
    ['Rui lives in Braga', rel('Rui', 'lives_in', 'Braga'), false, true],
    ['rui LIVES in braga.', rel('Rui', 'lives_in', 'Braga'), false, true],
    ['Rui lived in Braga until 2020', rel('Rui', 'lives_in', 'Braga'), false, true],
    ['Rui has been living in Braga for years', rel('Rui', 'lives_in', 'Braga'), false, true],
    ['In Braga lives my friend Rui', rel('Rui', 'lives_in', 'Braga'), false, true],
    ['Em Braga mora o Rui', rel('Rui', 'mora_em', 'Braga'), false, true],
    ['Rui morou em Braga', rel('Rui', 'mora_em', 'Braga'), false, true],
    ['Ana wohnt in München', rel('Ana', 'wohnt_in', 'Muenchen'), false, false], // another spelling of the name is another name
    ['Ana wohnt in München', rel('Ana', 'wohnt_in', ['Muenchen', 'münchen']), false, true], // …unless it is an alias
    ['Sam works at Globex', rel(['Samuel', 'sam'], 'works_at', 'Globex'), false, true], // an alias from a merge
    ['My sister Ana is married to Tomás', rel('Ana', 'is_married_to', 'Tomas'), false, true], // accents
    ['Priya works at Globex on the Atlas project', rel('Priya', 'works_at', 'Globex'), false, true],
    ['User has a sister named Ana', rel('User', 'has_sister', 'Ana'), false, true],
    ['瑞住在布拉加', rel('瑞', '住在', '布拉加'), false, true],
    // One end named is enough only for a fact written from the relation's own message.
    ['Lives in Braga', rel('Rui', 'lives_in', 'Braga'), true, true],
    ['Lives in Braga', rel('Rui', 'lives_in', 'Braga'), false, false],
    // Negatives.
    ['Rui likes football', rel('Rui', 'lives_in', 'Braga'), false, false],
    ['Rui likes football', rel('Rui', 'lives_in', 'Braga'), true, false],
    ['Rui works in Braga', rel('Rui', 'lives_in', 'Braga'), false, false],
    ['Rui works in Braga', rel('Rui', 'lives_in', 'Braga'), true, false],
    ['Rui likes Braga', rel('Rui', 'lives_in', 'Braga'), false, false],
    ['Rui no longer lives in Braga', rel('Rui', 'lives_in', 'Braga'), false, false],
    ["Rui doesn't live in Braga", rel('Rui', 'lives_in', 'Braga'), false, false],
    ['Rui não mora em Braga', rel('Rui', 'mora_em', 'Braga'), false, false],
    ['Ruiz lives in Braga', rel('Rui', 'lives_in', 'Braga'), false, false], // whole words only
    ['Rui lives in Bragança', rel('Rui', 'lives_in', 'Braga'), false, false],
    ['Ana lives in Braga', rel('Rui', 'lives_in', 'Braga'), false, false],
    ['Sam works at Acme', rel('Sam', 'works_at', 'Globex'), false, false],
    ['Sam word-processes at Globex', rel('Sam', 'works_at', 'Globex'), false, false],
  ];
  for (const [fact, r, same, expected] of cases) {
    it(`${expected ? 'matches' : 'does not match'} “${fact}” against ${r.src[0]} ${r.relation} ${r.dst[0]}${same ? ' (same message)' : ''}`, () => {
      expect(saysRelation(fact, r, same)).toBe(expected);
    });
  }

  it('reads only the words that say which relation it is', () => {
    expect(contentWords('is_married_to')).toEqual(['married']);
    expect(contentWords('mora_em')).toEqual(['mora']);
    expect(contentWords('is_in')).toEqual(['is', 'in']); // nothing but glue: all of it counts
  });

  it('tells inflections of one word from two words', () => {
    expect(sameWord('lives', 'lived')).toBe(true);
    expect(sameWord('lives', 'living')).toBe(true);
    expect(sameWord('mora', 'morou')).toBe(true);
    expect(sameWord('work', 'word')).toBe(false);
    expect(sameWord('lives', 'likes')).toBe(false);
    expect(sameWord('live', 'liverpool')).toBe(false);
  });
});

describe('renameInFact', () => {
  it('puts the new name where the old one was, whole words only, longest old name first', () => {
    expect(renameInFact('Rui lives in Braga', ['Rui'], 'Rui Costa')).toBe('Rui Costa lives in Braga');
    expect(renameInFact('rui lives in Braga; Rui likes it', ['Rui'], 'Rui Costa')).toBe('Rui Costa lives in Braga; Rui Costa likes it');
    expect(renameInFact('Sam Lee works at Globex', ['Sam', 'Sam Lee'], 'Samuel Lee')).toBe('Samuel Lee works at Globex');
    expect(renameInFact('Ruiz lives in Braga', ['Rui'], 'Rui Costa')).toBeNull();
    // Already the new name: "Rui" inside it is not replaced again.
    expect(renameInFact('Rui Costa lives in Braga', ['Rui'], 'Rui Costa')).toBeNull();
  });
});

describe('rewordInFact', () => {
  it('replaces the old relation words with the new ones, glue words included', () => {
    expect(rewordInFact('Rui lives in Braga', 'lives_in', 'works_in')).toBe('Rui works in Braga');
    expect(rewordInFact('Rui lived in Braga', 'lives_in', 'works_in')).toBe('Rui works in Braga');
    expect(rewordInFact('Ana is married to Tomás', 'is_married_to', 'is_engaged_to')).toBe('Ana is engaged to Tomás');
    expect(rewordInFact('Em Braga mora o Rui', 'mora_em', 'trabalha_em')).toBe('Em Braga trabalha em o Rui');
    expect(rewordInFact('Rui likes Braga', 'lives_in', 'works_in')).toBeNull();
  });
});

describe('wordsBetween', () => {
  it('reads the relation words an edited fact puts between the two ends, and nothing else', () => {
    expect(wordsBetween('Rui works in Braga', ['Rui'], ['Braga'])).toBe('works in');
    expect(wordsBetween('Rui Costa has moved to Braga.', ['Rui Costa', 'Rui'], ['Braga'])).toBe('has moved to');
    expect(wordsBetween('In Braga works Rui', ['Rui'], ['Braga'])).toBeNull(); // another word order: not guessed
    expect(wordsBetween('Rui, who I met in 2019 at a conference, lives in Braga', ['Rui'], ['Braga'])).toBeNull();
    expect(wordsBetween('Rui lives in Porto', ['Rui'], ['Braga'])).toBeNull();
  });
});
