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

/**
 * Each step with the character it cannot match without: a search renders a snippet for every hit, and
 * chat text is full of "-" and "!" (which let every message past a single cheap test), while most
 * messages hold no fence, table, link or emphasis at all.
 */
const STEPS: ReadonlyArray<readonly [trigger: RegExp, apply: (md: string) => string]> = [
  [/```|~~~/, (md) => md.replace(FENCE, '')],
  [/-{3}/, (md) => md.replace(TABLE_RULE, '')],
  [/!\[/, (md) => md.replace(IMAGE, (_, alt: string) => alt)],
  [/\]\(/, (md) => md.replace(LINK, (_, text: string) => text)],
  [/<http/, (md) => md.replace(AUTOLINK, (_, url: string) => url)],
  [/#/, (md) => md.replace(HEADING, '')],
  [/>/, (md) => md.replace(QUOTE, '')],
  [/^\s{0,3}[-*_]/m, (md) => md.replace(RULE, '')],
  [/^\s*(?:[-*+]|\d{1,9}[.)])\s/m, (md) => md.replace(LIST, '')],
  [/\*\*|__/, (md) => md.replace(STRONG, (_, _m: string, inner: string) => inner)],
  [/[*_]/, (md) => md.replace(EMPHASIS, (_, before: string, _m: string, inner: string) => before + inner)],
  [/~~/, (md) => md.replace(STRIKE, (_, inner: string) => inner)],
  [/`/, (md) => md.replace(CODE, (_, inner: string) => inner)],
  [
    /\|/,
    (md) =>
      md
        .split('\n')
        .map((line) => (line.includes('|') && /^\s*\|.*\|\s*$/.test(line) ? line.replace(/^\s*\|/, '').replace(/\|\s*$/, '').replace(PIPE, ' · ') : line))
        .join('\n'),
  ],
];

export function markdownToPlain(md: string): string {
  let out = md;
  for (const [trigger, apply] of STEPS) if (trigger.test(out)) out = apply(out);
  return out;
}
