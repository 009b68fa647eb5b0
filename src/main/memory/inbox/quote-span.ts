// The words of a message a proposed fact came from: the sentence (or line) of the message that shares the
// most words with the fact, so the person sees what they said next to what the agent wants to keep.
const MAX_QUOTE = 280;

/** Scripts written without spaces between words: their runs are compared by character pairs instead. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

function words(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    if (UNSPACED.test(w)) for (let i = 0; i + 1 < w.length; i++) out.add(w.slice(i, i + 2));
    else if (w.length > 1) out.add(w);
  }
  return out;
}

/** The best-matching span of `message` for `fact`; the message's start when nothing overlaps; null for an empty message. */
export function quoteSpan(message: string, fact: string): string | null {
  const text = message.trim();
  if (!text) return null;
  // Sentences end at . ! ? followed by a space, at a full-width 。！？ (no space follows those), or a line break.
  const spans = text.split(/(?<=[.!?])\s+|(?<=[。！？])\s*|\n+/u).map((s) => s.trim()).filter(Boolean);
  const want = words(fact);
  let best = spans[0];
  let bestScore = 0;
  for (const span of spans) {
    const have = words(span);
    let shared = 0;
    for (const w of want) if (have.has(w)) shared++;
    if (shared > bestScore) {
      best = span;
      bestScore = shared;
    }
  }
  return best.length > MAX_QUOTE ? `${best.slice(0, MAX_QUOTE - 1)}…` : best;
}
