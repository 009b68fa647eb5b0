// Journal summaries are one line a person reads in Memory → History: long texts are cut, and every
// text is quoted so where it starts and ends is clear.

/** Longest quoted text in a summary line. */
export const SUMMARY_TEXT_CHARS = 80;

/** “text” on one line, cut at SUMMARY_TEXT_CHARS with an ellipsis. */
export function quoteShort(text: string, max = SUMMARY_TEXT_CHARS): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return `“${line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line}”`;
}
