// How graph vocabulary reads to a person, the same in every view (Graph, Laws, /why, receipts, search,
// History, Forget, the CLI): relations are stored as snake_case verb phrases ("works_at") and entity types
// as identifiers ("work_place", "WorkPlace"); people read "works at" and "work place".

/** "works_at" / "works-at" / "worksAt" → "works at"; the first letter's case is kept ("Person" stays). */
export function identifierWords(identifier: string): string {
  return identifier
    .replace(/([a-z0-9])([A-Z])/g, (_m, a: string, b: string) => `${a} ${b.toLowerCase()}`)
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** "works_at" → "works at". */
export function relationWords(relation: string): string {
  return identifierWords(relation);
}

/** "work_place" → "work place": an entity type as a person reads it. */
export function entityTypeWords(type: string): string {
  return identifierWords(type);
}

/** "Ana works at Globex". */
export function relationSentence(src: string, relation: string, dst: string): string {
  return `${src} ${relationWords(relation)} ${dst}`;
}
