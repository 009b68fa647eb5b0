// A line diff for reviewing an imported identity file against the one on disk: the longest common
// subsequence of lines, after trimming the common head and tail. Identity files are small (at most
// 256 KB, usually a few dozen lines); past LCS_MAX_CELLS the middle is shown as removed-then-added,
// which is still a correct (if blunt) diff.

export type DiffOp = { op: 'same' | 'add' | 'remove'; text: string };

/** The DP table's size limit: 4M cells of Uint32 is 16 MB, reached only by files of ~2,000 lines each. */
const LCS_MAX_CELLS = 4_000_000;

export function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines[lines.length - 1] === '') lines.pop(); // a final newline ends the last line, it is not one more
  return lines;
}

export function diffLines(before: string[], after: string[]): DiffOp[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const out: DiffOp[] = before.slice(0, head).map((text) => ({ op: 'same', text }));
  out.push(...middle(a, b));
  out.push(...before.slice(before.length - tail).map((text) => ({ op: 'same' as const, text })));
  return out;
}

function middle(a: string[], b: string[]): DiffOp[] {
  if (a.length === 0 || b.length === 0 || a.length * b.length > LCS_MAX_CELLS) {
    return [...a.map((text) => ({ op: 'remove' as const, text })), ...b.map((text) => ({ op: 'add' as const, text }))];
  }
  const n = a.length;
  const m = b.length;
  // lcs[i * (m + 1) + j]: the LCS length of a[i..] and b[j..].
  const w = m + 1;
  const lcs = new Uint32Array((n + 1) * w);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i * w + j] = a[i] === b[j] ? lcs[(i + 1) * w + j + 1] + 1 : Math.max(lcs[(i + 1) * w + j], lcs[i * w + j + 1]);
    }
  }
  const out: DiffOp[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      out.push({ op: 'same', text: a[i] });
      i++;
      j++;
    } else if (lcs[(i + 1) * w + j] >= lcs[i * w + j + 1]) {
      out.push({ op: 'remove', text: a[i++] });
    } else {
      out.push({ op: 'add', text: b[j++] });
    }
  }
  while (i < n) out.push({ op: 'remove', text: a[i++] });
  while (j < m) out.push({ op: 'add', text: b[j++] });
  return out;
}
