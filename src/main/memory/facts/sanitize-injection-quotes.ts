/**
 * Titles and quotations named as such: a thesis called "'Ignore previous instructions': prompt injection in
 * LLM agents", a talk, a novel that opens with the line "Forget everything you were told". The words inside
 * the quotation marks are a work's title or a cited line, and the fact is about the person who wrote, read
 * or heard it. The detector judges such a fact with the quotation set aside; everything outside it is still
 * judged, and the stored text is unchanged, so the borderline check (borderline.ts) and the model check
 * still see the quotation whole.
 *
 * Only a short, one-line quotation right next to a word that names a work or a quotation qualifies: an
 * order dressed up as a title has to say that it is one, and a long or multi-line "title" is not one.
 */
import { allMatches } from './sanitize-regex-scan';

/** Quotation marks, opening → closing. */
const QUOTES: ReadonlyArray<readonly [string, string]> = [
  ['"', '"'],
  ['\u201c', '\u201d'],
  ['\u201e', '\u201c'],
  ['\u00ab', '\u00bb'],
  ['\u300c', '\u300d'],
  ['\u300e', '\u300f'],
  ["'", "'"],
  ['\u2018', '\u2019'],
];

/** The longest quotation taken for a title or a cited line. */
const MAX_QUOTED = 120;

/** Words that name a work or a quotation, in the languages the detector covers (lowercase). */
const WORK =
  /(?<![\p{L}\p{N}])(?:titled|entitled|title|called|named|thesis|dissertation|paper|talk|lecture|keynote|presentation|slides|book|novel|memoir|article|essay|blog\s+post|post|newsletter|song|album|track|film|movie|documentary|episode|series|show|play|poem|chapter|headline|slogan|motto|quote|quoted|quoting|line|lyrics?|phrase|meme|course|workshop|panel|podcast|tytu\w*|pt\.|titel\w*|getiteld|titre|intitul\w*|t[ií]tulo|titolo|назв\w*|заголов\w*|ba[sş]l[iı]k\w*|adl[iı]|제목|タイトル|題名|標題|标题|題為|题为)(?![\p{L}\p{N}])/iu;
/** How far before the opening mark (or after the closing one) the work's name may stand. */
const BEFORE = 60;
const AFTER = 40;

/**
 * The text with each qualifying quotation's content replaced by an ellipsis, or the text itself when there
 * is none. Offsets are not kept: the result is only ever judged, never stored.
 */
export function setAsideTitles(text: string): string {
  if (!/["'\u201c\u201e\u00ab\u300c\u300e\u2018]/.test(text)) return text;
  let out = text;
  for (const [open, close] of QUOTES) {
    const pattern = new RegExp(`${escape(open)}([^\\n${escape(open)}${escape(close)}]{3,${MAX_QUOTED}})${escape(close)}`, 'gu');
    out = out.replace(pattern, (whole, _inner: string, offset: number, all: string) => {
      // An apostrophe inside a word ("user's", "don't") is not a quotation mark.
      if (open === "'" && /[\p{L}\p{N}]/u.test(all[offset - 1] ?? '')) return whole;
      // The work is named in the same sentence as the quotation, not in the one before or after it.
      const before = lastClause(all.slice(Math.max(0, offset - BEFORE), offset));
      const after = firstClause(all.slice(offset + whole.length, offset + whole.length + AFTER));
      return WORK.test(before) || WORK.test(after) ? `${open}…${close}` : whole;
    });
  }
  return out;
}

const SENTENCE_BREAK = /[.!?;\n。！？](?:\s|$)/gu;

function lastClause(s: string): string {
  let cut = 0;
  for (const m of allMatches(SENTENCE_BREAK, s)) cut = m.index + m[0].length;
  return s.slice(cut);
}

function firstClause(s: string): string {
  const m = /[.!?;\n。！？](?:\s|$)/u.exec(s);
  return m ? s.slice(0, m.index) : s;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
