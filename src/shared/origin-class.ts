// Where a fact came from, at a glance (issue 16 §5): four classes a person can tell apart, derived from
// the fact's source (who wrote its current text) and whether the person ever vouched for it.
import type { FactOriginKind, FactSource } from './domain';

export type OriginClass = 'person' | 'inferred' | 'imported' | 'consolidated';

export const ORIGIN_CLASS_LABEL: Record<OriginClass, string> = {
  person: 'you said it',
  inferred: 'the assistant inferred it',
  imported: 'imported',
  consolidated: 'consolidated',
};

/** The short form used inside the recall block (every character there is paid on every turn). */
export const ORIGIN_CLASS_SHORT: Record<OriginClass, string> = {
  person: 'you said it',
  inferred: 'inferred',
  imported: 'imported',
  consolidated: 'consolidated',
};

/**
 * The class of a fact. `vouched`: the person recorded, edited or approved this very fact at some point
 * (a 'person' origin row), which outranks whoever wrote it first. A source Monad never recorded has no
 * class: saying "you said it" or "inferred" there would be a guess.
 */
export function originClassOf(source: Pick<FactSource, 'actor' | 'via' | 'event'>, vouched = false): OriginClass | null {
  if (vouched) return 'person';
  if (source.event === 'unknown') return null;
  if (source.via === 'hand-edit') return 'person';
  switch (source.actor) {
    case 'person':
      return 'person';
    case 'import':
      return 'imported';
    case 'consolidation':
      return 'consolidated';
    case 'agent':
    case 'extraction':
    case 'inference':
    case 'mcp':
    case 'system':
      return 'inferred';
  }
}

/** Whether a fact's origin rows (oldest first) include the person's own word for it. */
export function vouchedBy(origins: readonly FactOriginKind[] | undefined): boolean {
  return !!origins?.includes('person');
}
