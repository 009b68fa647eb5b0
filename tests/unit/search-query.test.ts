import { describe, expect, it } from 'vitest';
import { analyzeQuery, daysIn } from '../../src/main/search/query';

describe('analyzeQuery', () => {
  it('drops stopwords and question words, stems the rest, counts repeats', () => {
    const q = analyzeQuery('What kind of pottery did Melanie make with her kids? Pottery!');
    expect(q.terms.map((t) => t.stem)).toEqual(['potteri', 'melani', 'make', 'kid']);
    expect(q.terms[0]).toMatchObject({ norm: 'pottery', count: 2 });
    expect(q.terms.find((t) => t.stem === 'melani')?.proper).toBe(true);
    expect(q.terms.find((t) => t.stem === 'kid')?.proper).toBe(false);
  });

  it('keeps the words when nothing but stopwords is left', () => {
    expect(analyzeQuery('what is it').terms.map((t) => t.norm)).toEqual(['what', 'is', 'it']);
    expect(analyzeQuery('   ').terms).toEqual([]);
  });

  it('pairs neighbouring content words, skipping a stopword between them', () => {
    expect(analyzeQuery('support group for LGBTQ community').pairs).toEqual([
      ['support', 'group'],
      ['group', 'lgbtq'],
      ['lgbtq', 'commun'],
    ]);
    // Two stopwords apart: not a pair.
    expect(analyzeQuery('support group for the LGBTQ').pairs).toEqual([['support', 'group']]);
  });

  it('reads months, years and "when" questions', () => {
    const q = analyzeQuery('When did Melanie go camping in June 2023?');
    expect(q).toMatchObject({ months: [6], years: [2023], temporal: true });
    expect(analyzeQuery('What did Jon do in May?').months).toEqual([5]);
    // "may" the modal verb, and "May" starting a sentence, are not months.
    expect(analyzeQuery('what may happen next').months).toEqual([]);
    expect(analyzeQuery('May I ask about the trip?').months).toEqual([]);
    expect(analyzeQuery('How long ago was the party?').temporal).toBe(true);
    expect(analyzeQuery('Where did Caroline move from?').temporal).toBe(false);
  });

  it('reads full dates in either order', () => {
    expect(daysIn('What did Maria share on 16 June, 2023?')).toEqual([{ month: 6, day: 16, year: 2023 }]);
    expect(daysIn('Which painting on October 13, 2023 and on the 5th of May')).toEqual([
      { month: 5, day: 5, year: null },
      { month: 10, day: 13, year: 2023 },
    ]);
    expect(daysIn('in October 2023')).toEqual([]);
  });
});
