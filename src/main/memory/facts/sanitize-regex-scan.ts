// Every match of a global pattern, for the sanitizer's scans. `String.prototype.matchAll` copies its
// pattern on every call (the spec builds a fresh RegExp through the species constructor), and on the short
// texts the sanitizer mostly sees — facts, History lines, chat messages — that copy costs several times
// the scan itself: with ~150 patterns per text it was most of an import's time. An `exec` loop over the
// pattern itself finds the same matches in the same order.

/**
 * All matches of `re` (which must be global, as `matchAll` requires) in `text`, in order, as an array, so
 * a caller may use the same pattern again inside its loop. Leaves `re.lastIndex` at 0.
 */
export function allMatches(re: RegExp, text: string): RegExpExecArray[] {
  if (!re.global) throw new TypeError(`allMatches needs a global pattern: ${re}`);
  const out: RegExpExecArray[] = [];
  re.lastIndex = 0;
  try {
    for (let m = re.exec(text); m !== null; m = re.exec(text)) {
      out.push(m);
      // An empty match would be found again at the same place: step over it (by a whole code point in
      // unicode mode, as matchAll does).
      if (m[0] === '') re.lastIndex = nextIndex(text, re.lastIndex, re.unicode || re.flags.includes('v'));
    }
  } finally {
    re.lastIndex = 0;
  }
  return out;
}

function nextIndex(text: string, at: number, unicode: boolean): number {
  if (!unicode || at + 1 >= text.length) return at + 1;
  const c = text.charCodeAt(at);
  return c >= 0xd800 && c <= 0xdbff ? at + 2 : at + 1;
}
