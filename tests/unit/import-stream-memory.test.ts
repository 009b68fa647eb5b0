// What the streaming reader under the importer keeps (src/main/transfer/json-stream.ts,
// detached-string.ts): a value handed to the sink holds only its own characters, never the block of the
// file it was read from, and it is stored in the narrowest form its characters allow. Both once failed:
// every kept title held a whole read block (two bytes a character as soon as the block had one emoji),
// which is what pushed a 100 MB import's peak over 2× the file under load.
// own process: turns on V8's --expose-gc to weigh what the reader keeps after a full collection
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getHeapStatistics, serialize, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { detachedString } from '../../src/main/transfer/detached-string';
import { fileChunks, streamJson, type JsonSink } from '../../src/main/transfer/json-stream';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const dir = mkdtempSync(join(tmpdir(), 'monad-stream-memory-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Heap in use after full collections (twice: the first can leave what the second frees). */
function heapAfterGc(): number {
  gc();
  gc();
  return getHeapStatistics().used_heap_size;
}

/** Bytes V8's serializer writes for a string: about its length when one-byte, twice that when two-byte. */
const serializedBytes = (s: string) => serialize(s).length;

describe('json-stream memory', () => {
  it('keeps a value without the block of the file it was read from', () => {
    // 300 chats of ~40 KB, each with a character beyond Latin-1 so every read block is two-byte; the sink
    // keeps only each chat's title (32 characters each).
    const chats = Array.from({ length: 300 }, (_, i) => ({ title: `Kept title number ${String(i).padStart(6, '0')} of many`, body: `${'word '.repeat(8000)}東京 🙂` }));
    const file = join(dir, 'chats.json');
    writeFileSync(file, JSON.stringify(chats));
    const kept: string[] = [];
    const sink: JsonSink = {
      begin: () => undefined,
      itemize: (p) => p.length === 0,
      item: (_p, _i, v) => void kept.push((v as { title: string }).title),
      property: () => undefined,
    };
    streamJson(() => fileChunks(file), sink, { verify: 'on-failure' });
    expect(kept).toEqual(chats.map((c) => c.title));
    // An ASCII title read from a two-byte block is a one-byte string again.
    for (const t of kept) expect(serializedBytes(t)).toBeLessThan(t.length + 16);
    // What the kept titles hold: the heap with them, less the heap once they are let go.
    const withTitles = heapAfterGc();
    kept.length = 0;
    const held = withTitles - heapAfterGc();
    // Titles cut from their blocks held ~190 blocks (9 MB); copies hold their own characters (18 KB).
    expect(held).toBeLessThan(2 * 1024 * 1024);
  });

  it('copies every string exactly, lone surrogates included', () => {
    const check = (s: string) => {
      const copy = detachedString(s);
      expect(copy).toBe(s);
      expect(copy.length).toBe(s.length);
    };
    for (const s of ['', 'a', 'café naïve', '東京 🙂', 'half \ud83d pair', '\udc00 low first', 'end \ud800']) check(s);
    fc.assert(fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), (a, b) => check(a + b)), { numRuns: 300 });
  });

  it('stores a copy in the narrowest form its characters allow', () => {
    const ascii = `${'plain ascii text '.repeat(4)}東`.slice(0, -1); // a two-byte string of ASCII characters
    expect(serializedBytes(ascii)).toBeGreaterThan(ascii.length * 2);
    expect(serializedBytes(detachedString(ascii))).toBeLessThan(ascii.length + 16);
    const latin1 = `${'café '.repeat(10)}🙂`.slice(0, -2);
    expect(serializedBytes(detachedString(latin1))).toBeLessThan(latin1.length + 16);
    const wide = '東京 '.repeat(10);
    expect(detachedString(wide)).toBe(wide);
  });
});
