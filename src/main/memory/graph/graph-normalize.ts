// Node identity within a scope: names that differ only in case, accents, punctuation or spacing are
// one entity ("Lisbon", "lisbon", "Lisbon." → "lisbon").
export function normalizeName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`"]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Relations are snake_case verbs: "Lives In" → "lives_in". */
export function normalizeRelation(relation: string): string {
  return (
    relation
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 60) || 'related_to'
  );
}

/** FTS5 query from free text: each word as a quoted prefix term, OR-ed. Never passes syntax through. */
export function ftsQuery(text: string, maxTerms = 12): string | null {
  const words = normalizeName(text)
    .split(' ')
    .filter((w) => w.length > 1)
    .slice(0, maxTerms);
  if (!words.length) return null;
  return words.map((w) => `"${w.replace(/"/g, '')}"*`).join(' OR ');
}
