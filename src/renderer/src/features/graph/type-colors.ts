// An entity type's colour in the graph, the legend and the detail panel. It depends on the type's name
// alone — never on which other types the snapshot holds or how many of each — so "preference" keeps one
// colour while types come and go (issue 29: it went brown → olive → brown as a ranking shifted).

/**
 * Mid-tone hues that read on both the light and the dark canvas. Common types have a reserved hue so the
 * everyday graph is easy to tell apart; every other type hashes into the spare hues (two rare types may
 * share one, which the legend's names resolve — a colour that moves is worse than one that is shared).
 */
const RESERVED: Readonly<Record<string, string>> = {
  person: '#e8684a',
  organization: '#5b8ff9',
  place: '#3fb27f',
  project: '#e0a81c',
  technology: '#9270ca',
  concept: '#4ab8c9',
};
const SPARE: readonly string[] = ['#f08bb4', '#c9773a', '#7d9b3a', '#b85fc2', '#6f7fe8', '#d4544e', '#2fa39a', '#a6842c'];

/** The legend's "other" row: types beyond the ones it lists. */
export const OTHER_COLOR = '#9a9aa6';

/** FNV-1a over the UTF-16 code units: cheap, and spreads short similar names ("tool", "tools") apart. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The colour of an entity type; case and surrounding spaces do not matter ("Person" is "person"). */
export function typeColor(type: string): string {
  const key = type.trim().toLowerCase();
  return RESERVED[key] ?? SPARE[hash(key) % SPARE.length];
}
