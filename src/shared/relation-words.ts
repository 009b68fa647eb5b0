// How a graph relation reads to a person, the same in every view (Graph, Laws, /why, History, Forget):
// the stored relation is a snake_case verb phrase ("works_at"); people read "works at".

/** "works_at" → "works at". */
export function relationWords(relation: string): string {
  return relation.replace(/_/g, ' ').replace(/\s+/g, ' ').trim();
}

/** "Ana works at Globex". */
export function relationSentence(src: string, relation: string, dst: string): string {
  return `${src} ${relationWords(relation)} ${dst}`;
}
