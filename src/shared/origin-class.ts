// Where a fact came from, at a glance (issue 16 §5): four classes a person can tell apart, derived from
// the fact's source (who wrote its current text) and whether the person ever vouched for it.
import type { FactOriginKind, FactSource } from './facts';
import { memoryLabel, type MemoryOrigin } from './memory-label';

/** `app`: another program wrote it over MCP (its name is the source's detail). */
export type OriginClass = 'person' | 'inferred' | 'imported' | 'consolidated' | 'app';

/** The class as a memory origin: its words come from the one labelling function (shared/memory-label.ts). */
export const CLASS_ORIGIN: Record<OriginClass, MemoryOrigin> = { person: 'you', inferred: 'inferred', imported: 'imported', consolidated: 'consolidated', app: 'app' };

/** The class in words ("you said it", "the assistant inferred it"), as the Memory tab shows it. */
export function originClassLabel(cls: OriginClass, app?: string | null): string {
  return memoryLabel({ origin: CLASS_ORIGIN[cls], app }).origin!;
}

/** The short form used inside the recall block (every character there is paid on every turn). */
export function originClassShort(cls: OriginClass, app?: string | null): string {
  return memoryLabel({ origin: CLASS_ORIGIN[cls], app }).originShort!;
}

/**
 * The class of a fact. `vouched`: the person recorded, edited or approved this very fact at some point
 * (a 'person' origin row), which outranks whoever wrote it first. A source Monad never recorded has no
 * class: saying "you said it" or "inferred" there would be a guess.
 */
export function originClassOf(source: Pick<FactSource, 'actor' | 'via' | 'event' | 'stated'>, vouched = false): OriginClass | null {
  if (vouched) return 'person';
  if (source.event === 'unknown') return null;
  if (source.via === 'hand-edit') return 'person';
  // The agent wrote down what the person's own message said (facts/stated.ts): the words are theirs.
  if (source.actor === 'agent' && source.stated) return 'person';
  switch (source.actor) {
    case 'person':
      return 'person';
    case 'import':
      return 'imported';
    case 'consolidation':
      return 'consolidated';
    case 'mcp':
      return 'app';
    case 'agent':
    case 'extraction':
    case 'inference':
    case 'system':
      return 'inferred';
  }
}

/** Whether a fact's origin rows (oldest first) include the person's own word for it. */
export function vouchedBy(origins: readonly FactOriginKind[] | undefined): boolean {
  return !!origins?.includes('person');
}
