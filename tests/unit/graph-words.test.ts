// The one humanizer for graph vocabulary: entity types and relation names read as words in every view.
import { describe, expect, it } from 'vitest';
import { entityTypeWords, identifierWords, relationSentence, relationWords } from '../../src/shared/relation-words';
import { itemText } from '../../src/renderer/src/features/receipts/format';
import { checkMemoryLine } from '../../src/main/memory/laws-layer';

describe('graph words', () => {
  it('turns snake_case, kebab-case and camelCase identifiers into words', () => {
    expect(identifierWords('work_place')).toBe('work place');
    expect(identifierWords('works-at')).toBe('works at');
    expect(identifierWords('worksAt')).toBe('works at');
    expect(identifierWords('WorkPlace')).toBe('Work place');
    expect(identifierWords('  lives__in ')).toBe('lives in');
    expect(identifierWords('Person')).toBe('Person');
  });

  it('entity types and relations read the same way, in sentences too', () => {
    expect(entityTypeWords('work_place')).toBe('work place');
    expect(relationWords('works_at')).toBe('works at');
    expect(relationSentence('Ana', 'works_at', 'Globex')).toBe('Ana works at Globex');
  });

  it('receipts name an entity with its type in words', () => {
    const text = itemText({ kind: 'entity', name: 'Globex', type: 'work_place', summary: 'where Ana works' } as Parameters<typeof itemText>[0]);
    expect(text).toBe('Globex (work place): where Ana works');
    expect(text).not.toContain('_');
  });

  it('/check-memory lines say the rule, whose memory and the fact, never ids or scope keys', () => {
    const line = checkMemoryLine({ statement: 'The user is vegetarian', factText: 'Ordered a steak', why: 'eats meat' }, 'Monad’s memory');
    expect(line).toBe('- The rule “The user is vegetarian” (Monad’s memory) is contradicted by the fact “Ordered a steak”: eats meat');
    expect(checkMemoryLine({ statement: 'A', factText: 'B', why: '' }, 'memory shared by every agent')).toBe('- The rule “A” (memory shared by every agent) is contradicted by the fact “B”');
  });
});
