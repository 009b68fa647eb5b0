/**
 * A field of a word table (sanitize-injection-lexicon.ts) as a regex source: its "|"-separated entries
 * parsed ("*stem", "word … word", "re:" patterns), folded like the text, and grouped under one word-edge
 * check per script. The multilingual rule templates and word gates are built from these sources.
 */
import type { Lexicon } from './sanitize-injection-lexicon';
import { SENTENCE_END, normalizeWord } from './sanitize-injection-multilingual-view';

/**
 * The characters a word of each script is made of, as a class body. Word edges are checked with these
 * short ranges rather than \p{L}: a Unicode property class compiles to hundreds of ranges at every use,
 * and with an edge check on every alternative the compiled rules ran to hundreds of megabytes.
 */
const WORD_CHARS: Readonly<Record<string, string>> = {
  Latin: String.raw`0-9_a-z\u00c0-\u024f\u1e00-\u1eff`,
  Cyrillic: String.raw`0-9_a-z\u0400-\u052f`,
  Greek: String.raw`0-9_a-z\u0370-\u03ff\u1f00-\u1fff`,
  // Arabic-script punctuation (، ؛ ؟ ۔ ٪ ٫ ٬ ٭) is left out: a word ends at it.
  Arabic: String.raw`0-9_a-z\u0610-\u061a\u0620-\u0669\u066e-\u06d3\u06d5-\u06ff\u0750-\u077f\u08a0-\u08ff\ufb50-\ufdff\ufe70-\ufeff`,
  Hebrew: String.raw`0-9_a-z\u0591-\u05bd\u05bf-\u05c7\u05d0-\u05f2\ufb1d-\ufb4f`,
  // Without the danda (। ॥), which Hindi and Bengali both end sentences with.
  Devanagari: String.raw`0-9_a-z\u0900-\u0963\u0966-\u097f\ua8e0-\ua8ff`,
  Bengali: String.raw`0-9_a-z\u0980-\u09ff`,
  Hangul: String.raw`0-9_a-z\u1100-\u11ff\u3130-\u318f\uac00-\ud7af`,
  Han: String.raw`0-9_a-z\u3400-\u9fff`,
  Japanese: String.raw`0-9_a-z\u3040-\u30ff\u3400-\u9fff`,
  Thai: String.raw`0-9_a-z\u0e00-\u0e7f`,
};

function scriptName(lex: Lexicon): string {
  const m = /sc=(\w+)/.exec(lex.script.source);
  if (lex.script.source.includes('Hiragana')) return 'Japanese';
  return m?.[1] ?? 'Latin';
}

/** Word edges and stems for one script. */
export interface Edges {
  B: string;
  E: string;
  STEM: string;
}

export function edgesOf(lex: Lexicon): Edges {
  const chars = WORD_CHARS[scriptName(lex)] ?? WORD_CHARS.Latin;
  return { B: `(?<![${chars}])`, E: `(?![${chars}])`, STEM: `[${chars}]*` };
}

/** One character inside the sentence; a dot inside a token ("example.com", "v1.2") does not end it. */
export const IN_SENTENCE = String.raw`(?:[^${SENTENCE_END}]|[.!?](?=[^\s.!?]))`;
/** Up to three words between two parts of one entry (" … "). */
const WORDS_GAP = String.raw`(?:\s+[^\s${SENTENCE_END}]+){0,3}\s+`;
const UNSPACED_WORDS_GAP = `[^${SENTENCE_END}]{0,10}?`;

function escapeLiteral(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** Characters that can put a "|" inside a group; a field without them splits at every "|". */
const GROUPING = /[\\()[\]]/;

/** "|"-separated alternatives; a "re:" entry may hold "|" inside its own groups. */
export function splitEntries(field: string): string[] {
  // Most fields are plain words: the scan below would split them at every "|" too (its depth never
  // changes), and a native split spares a fresh process a character loop over every word table.
  if (!GROUPING.test(field)) return field.split('|').map((e) => e.trim()).filter(Boolean);
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < field.length; i++) {
    const c = field[i];
    if (c === '\\') i++;
    else if (c === '(' || c === '[') depth++;
    else if (c === ')' || c === ']') depth--;
    else if (c === '|' && depth === 0) {
      out.push(field.slice(start, i));
      start = i + 1;
    }
  }
  out.push(field.slice(start));
  return out.map((e) => e.trim()).filter(Boolean);
}

export interface FieldOptions {
  spaced: boolean;
  edges: Edges;
  /** Allow the language's proclitics before the word (Arabic, Hebrew). */
  proclitics?: string;
}

/** An entry's body, and whether it may start or go on inside a longer word ("*richtlinien", "instrukcj*"). */
interface Entry {
  body: string;
  lead: boolean;
  trail: boolean;
  raw: boolean;
}

function parseEntry(entry: string, spaced: boolean): Entry {
  if (entry.startsWith('re:')) return { body: entry.slice(3), lead: false, trail: false, raw: true };
  const lead = entry.startsWith('*');
  const trail = entry.endsWith('*');
  const parts = entry
    .replace(/^\*|\*$/g, '')
    .split(' … ')
    .map((part) =>
      part
        .split(/\s+/)
        .map((w) => escapeLiteral(normalizeWord(w)))
        .join(spaced ? String.raw`\s+` : String.raw`\s*`),
    );
  return { body: parts.join(spaced ? WORDS_GAP : UNSPACED_WORDS_GAP), lead, trail, raw: false };
}

/**
 * One alternation per field. Entries are grouped by their edges, so each group carries one word-edge check:
 * with a check per entry the compiled regexes grew past what V8 will allocate.
 */
export function fieldSource(field: string, opts: FieldOptions): string {
  const entries = splitEntries(field).map((e) => parseEntry(e, opts.spaced));
  const group = (pick: (e: Entry) => boolean): string[] =>
    [...new Set(entries.filter(pick).map((e) => e.body))].sort((a, b) => b.length - a.length);
  const { B, E, STEM } = opts.edges;
  const end = opts.spaced ? E : '';
  const parts: string[] = [];
  const push = (bodies: string[], before: string, after: string) => {
    if (bodies.length) parts.push(`${before}(?:${bodies.join('|')})${after}`);
  };
  push(group((e) => !e.raw && !e.lead && !e.trail), '', end);
  push(group((e) => !e.raw && !e.lead && e.trail), '', STEM);
  push(group((e) => !e.raw && e.lead && !e.trail), STEM, end);
  push(group((e) => !e.raw && e.lead && e.trail), STEM, STEM);
  push(group((e) => e.raw), '', end);
  const alternation = `(?:${parts.join('|')})`;
  if (!opts.spaced) return alternation;
  return `${B}${opts.proclitics ? `(?:${opts.proclitics})` : ''}${alternation}`;
}

/** A rule's pattern (Unicode mode), and an alternation of sources: shared by the templates and the gates. */
export const re = (source: string): RegExp => new RegExp(source, 'u');
export const alt = (...sources: string[]): string => `(?:${sources.join('|')})`;

export type FieldSource = (name: keyof Lexicon, opts?: FieldOptions) => string;

/** A word field of the table as a regex source (with the language's proclitics unless told otherwise). */
export function fieldOf(lex: Lexicon): FieldSource {
  const spaced = lex.spacing === 'spaced';
  const withProc: FieldOptions = { spaced, edges: edgesOf(lex), proclitics: lex.proclitics };
  return (name, opts = withProc) => fieldSource(lex[name] as string, opts);
}
