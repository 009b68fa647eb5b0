// Search snippets are read as text, not rendered (issue 17): Markdown's syntax — fences, backticks,
// emphasis marks, link targets, table pipes, heading and list markers — is taken out, and what it marked
// up stays. Offsets are computed on the result, so highlights land on the words a person sees.

const FENCE = /^\s{0,3}(```|~~~).*$/gm;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm;
const IMAGE = /!\[([^\]]*)\]\([^)]*\)/g;
const LINK = /\[([^\]]+)\]\((?:[^()]|\([^)]*\))*\)/g;
const AUTOLINK = /<(https?:\/\/[^>\s]+)>/g;
const HEADING = /^\s{0,3}#{1,6}\s+/gm;
const QUOTE = /^\s{0,3}(>\s?)+/gm;
const LIST = /^\s*(?:[-*+]|\d{1,9}[.)])\s+(?:\[[ xX]\]\s+)?/gm;
const RULE = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/gm;
const STRONG = /(\*\*|__)(?=\S)([\s\S]*?\S)\1/g;
const EMPHASIS = /(^|[^\w*])([*_])(?=\S)([^*_\n]*?\S)\2(?!\w)/g;
const STRIKE = /~~(?=\S)([\s\S]*?\S)~~/g;
const CODE = /`+([^`\n]+?)`+/g;
const PIPE = /\s*\|\s*/g;

export function markdownToPlain(md: string): string {
  // Cheap exit for the common case: nothing that looks like Markdown syntax.
  if (!/[`*_#>\[\]|~!-]|^\s*\d+[.)]\s/m.test(md)) return md;
  return md
    .replace(FENCE, '')
    .replace(TABLE_RULE, '')
    .replace(IMAGE, (_, alt: string) => alt)
    .replace(LINK, (_, text: string) => text)
    .replace(AUTOLINK, (_, url: string) => url)
    .replace(HEADING, '')
    .replace(QUOTE, '')
    .replace(RULE, '')
    .replace(LIST, '')
    .replace(STRONG, (_, _m: string, inner: string) => inner)
    .replace(EMPHASIS, (_, before: string, _m: string, inner: string) => before + inner)
    .replace(STRIKE, (_, inner: string) => inner)
    .replace(CODE, (_, inner: string) => inner)
    .split('\n')
    .map((line) => (line.includes('|') && /^\s*\|.*\|\s*$/.test(line) ? line.replace(/^\s*\|/, '').replace(/\|\s*$/, '').replace(PIPE, ' · ') : line))
    .join('\n');
}
