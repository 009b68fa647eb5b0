// The verdicts of one import's cleaning, by text. An archive says the same short texts many times: a
// fact's text is in its facts section and again in every History entry about it (recorded, edited,
// forgotten, and the summary), a relation's words are shared by thousands of relations, an entity's
// name by its aliases. The sanitizer is a pure function of the text and the home's stored secrets, both
// fixed for one import, so a text seen before gets the same verdict without being scanned again.
//
// Bounded, because the import's memory is bounded by the archive's size (issue 27: ≤ 3× it; a ChatGPT
// export ≤ 2×): only texts up to MEMO_MAX_CHARS are kept, at most MEMO_BUDGET_CHARS of them in all (then no
// more are added), and a verdict that changed nothing stores no second copy of the text. Chat messages are
// not judged through it: they are rarely repeated, and keeping them would hold a whole export's chats.

/** Longer texts (messages, documents) are rarely repeated word for word, and would cost the most to keep. */
export const MEMO_MAX_CHARS = 400;
/** About 8 MB of UTF-16 at most, kept and stored text together. */
export const MEMO_BUDGET_CHARS = 4_000_000;

/** Stands for "the cleaned text is the text itself". */
const SAME = Symbol('same');

export interface Verdict<T> {
  /** The cleaned text, or null when it was refused. */
  text: string | null;
  /** What else the caller needs again on a repeat (counts, the refusal's reason). */
  extra: T;
}

export class CleanMemo<T> {
  private readonly seen = new Map<string, { text: string | null | typeof SAME; extra: T }>();
  private chars = 0;

  /** The verdict for `text`: remembered, or computed by `judge` (and remembered when small enough). */
  get(text: string, judge: (text: string) => Verdict<T>): Verdict<T> {
    const small = text.length <= MEMO_MAX_CHARS;
    if (small) {
      const hit = this.seen.get(text);
      if (hit) return { text: hit.text === SAME ? text : hit.text, extra: hit.extra };
    }
    const v = judge(text);
    const cost = text.length + (v.text === text || v.text === null ? 0 : v.text.length);
    if (small && this.chars + cost <= MEMO_BUDGET_CHARS) {
      this.seen.set(text, { text: v.text === text ? SAME : v.text, extra: v.extra });
      this.chars += cost;
    }
    return v;
  }

  get size(): number {
    return this.seen.size;
  }

  /** Characters held, the texts and the cleaned texts that differ from them. */
  get heldChars(): number {
    return this.chars;
  }
}
