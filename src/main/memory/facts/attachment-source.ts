// Which attached file a fact the model records was taken from (issue 29 §1). A file's text is data, not
// the person's words: a fact written from it must say so ("from an attachment: <name>"), and must not be
// labelled as something the person said. A fact counts as taken from a file when most of its content words
// (stems, stop words left out, as search reads them) are in that file's text; the file with the most wins.
import { isStopword } from '../../search/stopwords';
import { fold, stem } from '../../search/text';

/** Share of a fact's content words that must be in the file: most of them, so a passing word does not count. */
export const FROM_FILE_SHARE = 0.6;
const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

function contentStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(WORD)) {
    const norm = fold(m[0]);
    if (norm && !isStopword(norm)) out.add(stem(norm));
  }
  return out;
}

export function attachmentSourceOf(fact: string, files: readonly { name: string; text: string }[]): string | null {
  const wanted = contentStems(fact);
  if (!wanted.size || !files.length) return null;
  let best: { name: string; share: number } | null = null;
  for (const f of files) {
    const have = contentStems(f.text);
    let hit = 0;
    for (const s of wanted) if (have.has(s)) hit++;
    const share = hit / wanted.size;
    if (share >= FROM_FILE_SHARE && (!best || share > best.share)) best = { name: f.name, share };
  }
  return best ? best.name : null;
}

export function fromAttachmentDetail(name: string): string {
  return `from an attachment: ${name}`;
}
