// Attachments' pure parts (issue 29 §1): what a file is, judged by its bytes whatever its name says; which
// chat models see images; and which passages of a long text go into a prompt.
import { describe, expect, it } from 'vitest';
import { fileKind } from '../../src/main/attachments/file-kind';
import { passagesOf, PASSAGE_CHARS, selectPassages } from '../../src/main/attachments/passages';
import { seesImages } from '../../src/main/llm/sees-images';

const bytes = (...b: number[]) => Uint8Array.from(b);

describe('file kind by bytes', () => {
  it('knows the image signatures, a PDF, and text in UTF-8 or UTF-16; the name does not decide', () => {
    expect(fileKind('a.txt', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toMatchObject({ kind: 'image', mime: 'image/png' });
    expect(fileKind('photo', bytes(0xff, 0xd8, 0xff, 0xe0))).toMatchObject({ kind: 'image', mime: 'image/jpeg' });
    expect(fileKind('x.gif', new TextEncoder().encode('GIF89a....'))).toMatchObject({ kind: 'image', mime: 'image/gif' });
    expect(fileKind('x', new TextEncoder().encode('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '))).toMatchObject({ kind: 'image', mime: 'image/webp' });
    expect(fileKind('report.txt', new TextEncoder().encode('%PDF-1.7\n'))).toMatchObject({ kind: 'pdf' });
    expect(fileKind('data.json', new TextEncoder().encode('{"a": "ü"}'))).toEqual({ kind: 'text', mime: 'application/json', text: '{"a": "ü"}' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('héllo', 'utf16le')]);
    expect(fileKind('notes.txt', utf16)).toMatchObject({ kind: 'text', text: 'héllo' });
  });

  it('refuses binaries (a NUL byte, invalid UTF-8) whatever they are called', () => {
    expect(() => fileKind('notes.md', bytes(0x50, 0x4b, 3, 4, 0, 0))).toThrow(/notes\.md is not a file Monad can read/);
    expect(() => fileKind('latin1.txt', bytes(0x63, 0x61, 0x66, 0xe9))).toThrow(/not a file Monad can read/);
  });

  it('refuses an image over the providers’ size limit in words', () => {
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    expect(() => fileKind('big.jpg', big)).toThrow('big.jpg is 6.0 MB; an image can be at most 5.0 MB (what model providers accept). Attach a smaller or resized image.');
  });
});

describe('models that see images', () => {
  it('by family name, on any provider kind', () => {
    for (const m of ['gpt-4o-mini', 'gpt-4.1', 'claude-sonnet-4-5', 'claude-3-5-haiku-latest', 'llava:13b', 'llama3.2-vision', 'qwen2.5vl:7b', 'gemma3:4b', 'o4-mini']) expect(seesImages('openai-compatible', m), m).toBe(true);
    for (const m of ['gpt-3.5-turbo', 'llama3.2', 'qwen2.5:7b', 'mistral', 'gemma3:1b', 'o3-mini', 'claude-2.1']) expect(seesImages('openai', m), m).toBe(false);
  });
});

describe('passages for a prompt', () => {
  /** About 700 characters: two never fit in one passage, so each paragraph is a passage of its own. */
  const para = (i: number, words: string) => `Section ${i}. ${`${words}. `.repeat(200)}`.slice(0, 700).trim();

  it('sends a text that fits whole, unchanged', () => {
    expect(selectPassages('short text', 'anything', 100, false)).toEqual({ mode: 'whole', passages: [{ start: 0, text: 'short text', page: null }], sentChars: 10 });
  });

  it('splits at paragraph breaks into passages no longer than PASSAGE_CHARS, with the page each starts on', () => {
    const text = [para(1, 'alpha'), para(2, 'beta'), para(3, 'gamma')].join('\n\n') + '\f' + para(4, 'delta');
    const ps = passagesOf(text, true);
    for (const p of ps) expect(p.text.length).toBeLessThanOrEqual(PASSAGE_CHARS);
    expect(ps.map((p) => p.page)).toEqual([1, 1, 1, 2]);
    expect(ps.at(-1)!.text).toContain('Section 4. delta');
  });

  it('chooses the passages the message asks about, in document order, within the budget', () => {
    const topics = ['weather and seasons', 'refund policy for returns', 'office plants', 'refund deadlines of thirty days', 'holiday calendar'];
    const text = topics.map((t, i) => para(i, t)).join('\n\n');
    const sel = selectPassages(text, 'What is the refund policy?', 1500, false);
    expect(sel.mode).toBe('parts');
    expect(sel.sentChars).toBeLessThanOrEqual(1500);
    expect(sel.passages.map((p) => p.text.slice(0, 10))).toEqual(['Section 1.', 'Section 3.']);
    // Deterministic: the same message and text choose the same passages.
    expect(selectPassages(text, 'What is the refund policy?', 1500, false)).toEqual(sel);
  });

  it('gives the beginning when the message names nothing to search for', () => {
    const text = ['one', 'two', 'three', 'four'].map((w, i) => para(i, w)).join('\n\n');
    const sel = selectPassages(text, 'summarise this', 1100, false);
    expect(sel.passages[0].text.startsWith('Section 0.')).toBe(true);
  });
});
