// A session's automatic title: the first line of its first message, trimmed to a sidebar-friendly length,
// shown at once; and the generated title (issue 29 §2) that replaces it after the first exchange, cleaned.
import { stripInvisible } from '../memory/facts/sanitize-unicode';

export const MAX_TITLE_CHARS = 60;

export function autoTitle(text: string): string {
  const firstLine = text.split('\n').map((l) => l.trim()).find((l) => l !== '') ?? 'New chat';
  const clean = firstLine.replace(/^[#>*\-\s`]+/, '').replace(/\s+/g, ' ').trim() || 'New chat';
  if (clean.length <= MAX_TITLE_CHARS) return clean;
  const cut = clean.slice(0, MAX_TITLE_CHARS);
  const space = cut.lastIndexOf(' ');
  return `${(space > 30 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/**
 * A generated title as it may be shown: the model's reply is untrusted text. Invisible and bidi-control
 * characters go (a title could otherwise read differently from what it is), then Markdown marks, quotes
 * wrapped around it, line breaks and a trailing full stop; the length is capped like a first-line title.
 * Null when nothing usable is left, and the first-line title stays.
 */
export function cleanGeneratedTitle(raw: string): string | null {
  let t = stripInvisible(raw).text;
  t = t.replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' '); // line breaks, tabs and other controls
  t = t.replace(/^\s*(?:title\s*[:：-]\s*)/i, '');
  t = t.replace(/[*_`#~<>[\]{}|]+/g, ' ');
  t = t.replace(/\s+/g, ' ').trim();
  // Quotes a model wraps the title in and a closing full stop, in whatever order and however many layers.
  for (let i = 0; i < 4; i++) t = t.replace(/^["'“”‘’«»「」『』]+|["'“”‘’«»「」『』.。!！]+$/gu, '').trim();
  if (!/[\p{L}\p{N}]/u.test(t)) return null;
  return autoTitle(t);
}
