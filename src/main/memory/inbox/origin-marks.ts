// Origin classes where memory is read (issue 16 §5): the mark a fact carries in the recall block and in
// the memory tool's view, and which facts an agent that holds inferred facts back keeps out of recall.
import type { Agent } from '../../../shared/config';
import type { Fact, FactOriginKind, FactSource } from '../../../shared/domain';
import { originClassOf, originClassShort, vouchedBy, type OriginClass } from '../../../shared/origin-class';
import { holdsInferred } from '../../../shared/remember-mode';
import { UNKNOWN_SOURCE } from '../facts/fact-versions';

export function classOf(source: FactSource | undefined, origins: readonly FactOriginKind[] | undefined): OriginClass | null {
  return originClassOf(source ?? UNKNOWN_SOURCE, vouchedBy(origins));
}

/** "inferred, from pasted text": the class, then the brought-in mark when it adds something. */
export function originMark(source: FactSource, origins: readonly FactOriginKind[], brought: string | null): string | null {
  const cls = classOf(source, origins);
  const parts: string[] = [];
  if (cls) parts.push(originClassShort(cls, source.detail));
  if (brought && !(cls === 'imported' && brought === 'imported')) parts.push(brought);
  return parts.length ? parts.join(', ') : null;
}

/** Facts the assistant inferred that the person has not approved: what a holding agent keeps out of recall. */
export function isHeld(source: FactSource | undefined, origins: readonly FactOriginKind[] | undefined): boolean {
  // An app's write is held like the assistant's: neither is the person's word.
  const cls = classOf(source, origins);
  return cls === 'inferred' || cls === 'app';
}

/** The facts that go into this agent's recall: all of them, unless it holds inferred ones back until approved. */
export function keptInRecall(agent: Agent, facts: Fact[], sources: ReadonlyMap<string, FactSource>, origins: ReadonlyMap<string, FactOriginKind[]>): Fact[] {
  if (!holdsInferred(agent)) return facts;
  return facts.filter((f) => !isHeld(sources.get(f.id), origins.get(f.id)));
}
