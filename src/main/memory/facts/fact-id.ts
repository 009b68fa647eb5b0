// Fact identity: the first 12 hex of sha256 over the normalised content. Two facts that differ only in
// case, spacing, Unicode form or trailing punctuation are the same fact (the dedup floor).
import { createHash } from 'node:crypto';

export function normalizeFact(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .replace(/[\s.!?;,:]+$/u, '')
    .trim();
}

export function factId(text: string): string {
  return createHash('sha256').update(normalizeFact(text)).digest('hex').slice(0, 12);
}

/** One fact is one line: every kind of line break becomes a space, so a fact can never become two. */
export function toSingleLine(text: string): string {
  return text.replace(/\r\n|[\r\n\u000b\u000c\u0085\u2028\u2029]/g, ' ').replace(/[ \t]{2,}/g, ' ').trim();
}
