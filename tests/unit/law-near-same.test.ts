// When two law statements are one law: rewordings, inflections, hedges and the subject do not make a new
// law; a negation or a changed content word of a short statement does.
import { describe, expect, it } from 'vitest';
import { analyse, findOpposite, findSame, nearSame, relate, samePairs, stem } from '../../src/main/memory/laws/near-same';

const rel = (a: string, b: string) => relate(analyse(a), analyse(b));

describe('near-same law statements', () => {
  it('the same law in other words is the same', () => {
    const base = 'The user avoids meat when eating out';
    for (const other of [
      'The user avoids meat when eating out.',
      'the user AVOIDS meat when eating out',
      'User avoids meat when eating out',
      'When eating out, the user avoids meat',
      'The user usually avoids eating meat when out',
      'The user avoided meat when they ate out',
      'The user avoids meat when dining out',
    ]) {
      expect(rel(base, other), other).toBe('same');
    }
    expect(nearSame('The user prefers vegetarian restaurants when travelling', 'When the user travels they prefer vegetarian restaurants')).toBe(true);
    expect(nearSame('Prefers tea', 'prefers teas')).toBe(true);
  });

  it('a different claim is different', () => {
    expect(rel('The user works late on Fridays', 'The user works late on Mondays')).toBe('different');
    expect(rel('The user prefers vegetarian food', 'The user prefers Italian food')).toBe('different');
    expect(rel('The user avoids meat', 'The user avoids meat when eating out with colleagues at lunch')).toBe('different');
    expect(rel('The user cycles to work', 'The user has a sister called Ana')).toBe('different');
    expect(rel('The user likes jazz', '')).toBe('different');
    expect(rel('The user works from home 3 days a week', 'The user works from home 4 days a week')).toBe('different');
    expect(rel('The user runs 10 km on Sundays', 'The user runs 10 km every Sunday')).toBe('same');
  });

  it('a negation makes the opposite, not the same', () => {
    expect(rel('The user eats meat when eating out', 'The user never eats meat when eating out')).toBe('opposite');
    expect(rel('The user likes spicy food', "The user doesn't like spicy food")).toBe('opposite');
    expect(rel('The user likes spicy food', 'The user dislikes spicy food')).toBe('opposite');
    expect(rel('The user is happy with remote work', 'The user is unhappy with remote work')).toBe('opposite');
    // Two negations cancel.
    expect(rel('The user does not dislike spicy food', 'The user likes spicy food')).toBe('same');
    expect(rel('Der Nutzer trinkt Kaffee', 'Der Nutzer trinkt nie Kaffee')).toBe('opposite');
  });

  it('stems inflections to one word', () => {
    expect(new Set(['avoids', 'avoided', 'avoiding', 'avoid'].map(stem)).size).toBe(1);
    expect(new Set(['travelling', 'travels', 'travel', 'traveled'].map(stem)).size).toBe(1);
    expect(new Set(['prefers', 'preferred', 'prefer'].map(stem)).size).toBe(1);
    expect(stem('glasses')).toBe(stem('glass'));
  });

  it('finds the same or the opposite among candidates, by any of their texts', () => {
    const laws = [
      { id: 1, texts: ['The user drinks green tea every morning'] },
      { id: 2, texts: ['The user loves jazz', 'The user likes jazz music'] },
    ];
    expect(findSame('User drinks green tea each morning', laws, (l) => l.texts)?.id).toBe(1);
    expect(findSame('the user likes jazz music', laws, (l) => l.texts)?.id).toBe(2);
    expect(findSame('The user plays chess', laws, (l) => l.texts)).toBeNull();
    expect(findOpposite('The user never drinks green tea in the morning', laws, (l) => l.texts[0])?.id).toBe(1);
  });
});

describe('all same pairs at once', () => {
  it('finds exactly the pairs comparing every pair would, without comparing every pair', () => {
    const subjects = ['The user', 'User', 'the user usually'];
    const verbs = ['likes', 'dislikes', 'enjoys', 'avoids', 'never eats', 'eats', 'drinks'];
    const objects = ['spicy food', 'green tea every morning', 'meat when eating out', 'meat when dining out', 'jazz', 'coffee at work on Fridays', 'coffee at work on Mondays'];
    const statements: string[] = [];
    for (const s of subjects) for (const v of verbs) for (const o of objects) statements.push(`${s} ${v} ${o}`);
    statements.push('The user is', 'the user is.', '');
    const items = statements.map(analyse);
    const brute = new Set<string>();
    for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) if (relate(items[i], items[j]) === 'same') brute.add(`${i}-${j}`);
    const fast = new Set<string>();
    for (const [i, js] of samePairs(items)) for (const j of js) if (i < j) fast.add(`${i}-${j}`);
    expect(brute.size).toBeGreaterThan(100);
    expect([...fast].sort()).toEqual([...brute].sort());
  });
});
