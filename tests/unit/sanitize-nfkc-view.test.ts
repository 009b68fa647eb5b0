// The NFKC view the secret scanner reads (src/main/memory/facts/sanitize-nfkc-view.ts): the same view
// and the same map back to the source as the character-by-character version it replaced (kept below as
// the reference), for any text, lone surrogates and characters NFKC expands or merges included; and it
// allocates a small fraction of what that version did on an ordinary non-ASCII message (measured against
// the reference, which is what failed: it allocated ~40 bytes a character of every imported message).
import { Session } from 'node:inspector';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nfkcView, type MappedView } from '../../src/main/memory/facts/sanitize-nfkc-view';

/** The previous implementation: every character normalised alone, two offsets kept per view unit. */
function referenceView(text: string): MappedView {
  if (/^[\x00-\x7f]*$/.test(text)) return { view: text, toSource: (start, end) => [start, end] };
  const parts: string[] = [];
  const starts: number[] = [];
  const ends: number[] = [];
  let offset = 0;
  for (const ch of text) {
    const mapped = ch.normalize('NFKC');
    for (let k = 0; k < mapped.length; k++) {
      starts.push(offset);
      ends.push(offset + ch.length);
    }
    parts.push(mapped);
    offset += ch.length;
  }
  return {
    view: parts.join(''),
    toSource: (start, end) => {
      if (end <= start) return [starts[start] ?? offset, starts[start] ?? offset];
      return [starts[start] ?? offset, ends[end - 1] ?? offset];
    },
  };
}

/** Every range over the view (and one unit past each end) maps the same way in both. */
function sameAsReference(text: string): void {
  const got = nfkcView(text);
  const want = referenceView(text);
  expect(got.view).toBe(want.view);
  const n = want.view.length;
  const ranges = (v: MappedView) => {
    const out: number[] = [];
    for (let start = -1; start <= n + 1; start++) for (let end = start - 1; end <= n + 1; end++) out.push(...v.toSource(start, end));
    return out.join(',');
  };
  expect(ranges(got)).toBe(ranges(want));
}

/** Bytes allocated while `work` runs, sampled by V8's heap profiler (objects collected since included). */
async function allocatedBy(work: () => void): Promise<number> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params: object = {}) => new Promise<T>((resolve, reject) => session.post(method, params, (err, res) => (err ? reject(err) : resolve(res as T))));
  try {
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', { samplingInterval: 512, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    work();
    const { profile } = await post<{ profile: { samples: { size: number }[] } }>('HeapProfiler.stopSampling');
    return profile.samples.reduce((n, s) => n + s.size, 0);
  } finally {
    session.disconnect();
  }
}

// Characters NFKC changes (expands, folds, composes nothing alone), pairs, lone halves and plain text.
const PIECES = ['a', 'Z', ' ', '\u00a0', 'é', 'ﬁ', 'ﬃ', '①', 'Ａ', 'ｋ', '…', '㎏', '½', '™', 'ẞ', '東', '🙂', '𝐀', '\ud83d', '\ude42', '\u0301', 'e\u0301', '\u2028', 'ǅ', 'ｶﾞ', '\uff9e'];

describe('nfkcView', () => {
  it('gives the same view and source ranges as the character-by-character reference', () => {
    for (const t of ['', 'ascii only', 'café 東京 🙂', 'ﬁle…', 'ｓｋ－ｐｒｏｊ１２３', 'x\ud83d', '\ude42y', '\ud83d\ud83d\ude42', '①②③ ½ ㎏', 'e\u0301\u0301']) sameAsReference(t);
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 12 }), (pieces) => sameAsReference(pieces.join(''))),
      { numRuns: 300 },
    );
  });

  it('allocates a small fraction of what the reference did on an ordinary non-ASCII message', async () => {
    // Accents, CJK and an emoji are their own NFKC form; one ellipsis is not (… → ...).
    const message = `${'The café in São Paulo near 東京 was naïve 🙂 and the rest is plain words. '.repeat(60)}and then…`;
    expect(nfkcView(message).view).toBe(referenceView(message).view);
    const runs = 50;
    const ours = await allocatedBy(() => {
      for (let i = 0; i < runs; i++) nfkcView(message).toSource(10, 20);
    });
    const reference = await allocatedBy(() => {
      for (let i = 0; i < runs; i++) referenceView(message).toSource(10, 20);
    });
    // The reference keeps two numbers per unit and a string per character: ~40 bytes a character.
    expect(reference).toBeGreaterThan(runs * message.length * 8);
    expect(ours).toBeLessThan(reference / 10);
  });
});
