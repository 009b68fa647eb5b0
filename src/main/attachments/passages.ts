// Long attachments in a prompt (issue 29 §1): a document fits whole up to a budget; beyond it, the
// passages most related to the person's message are chosen by search and sent in the document's order,
// each marked with its page, with a line saying how much was left out. The scorer is BM25 over passages
// of the one document (each passage a "document"), on the same tokens and stems as message search
// (search/text.ts), so "what does section 4 say about refunds" finds the passage about refunds. A message
// that names nothing to search for ("summarise this") gets the document's beginning. Deterministic: the
// same message and file give the same passages on every turn, so a provider's prefix cache holds.
import { idf } from '../search/rank';
import { isStopword } from '../search/stopwords';
import { fold, stem } from '../search/text';

/** A passage: about a long paragraph. Small enough to choose finely, large enough to carry its context. */
export const PASSAGE_CHARS = 1200;
const K1 = 1.2;
const B = 0.75;
const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

export interface Passage {
  /** Offset in the whole text, for document order. */
  start: number;
  text: string;
  /** PDFs: the page it starts on (pages are separated by form feeds). */
  page: number | null;
}

export interface Selection {
  mode: 'whole' | 'parts';
  passages: Passage[];
  /** Characters of the text sent. */
  sentChars: number;
}

/** Splits a text into passages at paragraph, then line, then word breaks, each at most PASSAGE_CHARS long. */
export function passagesOf(text: string, paged: boolean): Passage[] {
  const out: Passage[] = [];
  let page = 1;
  let pos = 0;
  while (pos < text.length) {
    let end = Math.min(text.length, pos + PASSAGE_CHARS);
    if (end < text.length) {
      const window = text.slice(pos, end);
      const brk = Math.max(window.lastIndexOf('\n\n'), window.lastIndexOf('\f'));
      const cut = brk > PASSAGE_CHARS / 3 ? brk : Math.max(window.lastIndexOf('\n'), window.lastIndexOf(' '));
      if (cut > PASSAGE_CHARS / 3) end = pos + cut + 1;
    }
    const body = text.slice(pos, end);
    const trimmed = body.replace(/^[\s\f]+/, '');
    const lead = body.slice(0, body.length - trimmed.length);
    page += countFormFeeds(lead);
    if (trimmed.trim()) out.push({ start: pos, text: trimmed.trimEnd(), page: paged ? page : null });
    page += countFormFeeds(trimmed);
    pos = end;
  }
  return out;
}

function countFormFeeds(s: string): number {
  let n = 0;
  for (let i = s.indexOf('\f'); i >= 0; i = s.indexOf('\f', i + 1)) n++;
  return n;
}

function termsOf(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(WORD)) {
    const norm = fold(m[0]);
    if (norm && !isStopword(norm)) out.push(stem(norm));
  }
  return out;
}

/**
 * What of `text` goes into the prompt within `budget` characters: all of it when it fits, else the
 * passages that best answer `query`, in document order.
 */
export function selectPassages(text: string, query: string, budget: number, paged: boolean): Selection {
  if (text.length <= budget) return { mode: 'whole', passages: text ? [{ start: 0, text, page: paged ? 1 : null }] : [], sentChars: text.length };
  const passages = passagesOf(text, paged);
  const wanted = [...new Set(termsOf(query))];
  let order: number[];
  if (!wanted.length) {
    order = passages.map((_, i) => i);
  } else {
    const docs = passages.map((p) => termsOf(p.text));
    const avg = docs.reduce((n, d) => n + d.length, 0) / Math.max(1, docs.length);
    const df = new Map<string, number>();
    for (const d of docs) for (const t of new Set(d)) if (wanted.includes(t)) df.set(t, (df.get(t) ?? 0) + 1);
    const scores = docs.map((d) => {
      const tf = new Map<string, number>();
      for (const t of d) if (df.has(t)) tf.set(t, (tf.get(t) ?? 0) + 1);
      let s = 0;
      for (const [t, f] of tf) s += idf(docs.length, df.get(t)!) * ((f * (K1 + 1)) / (f + K1 * (1 - B + (B * d.length) / (avg || 1))));
      return s;
    });
    // Best first; ties (and passages that match nothing) in document order, so the beginning fills what is left.
    order = passages.map((_, i) => i).sort((a, b) => scores[b] - scores[a] || a - b);
  }
  const chosen: number[] = [];
  let used = 0;
  for (const i of order) {
    const len = passages[i].text.length;
    if (used + len > budget) continue;
    chosen.push(i);
    used += len;
  }
  chosen.sort((a, b) => a - b);
  return { mode: 'parts', passages: chosen.map((i) => passages[i]), sentChars: used };
}
