// The streaming reader under the importer (src/main/transfer/json-stream.ts): items handed over one at
// a time, strings over the cap replaced by their length, syntax errors with line and column, nesting
// bounded, "__proto__" kept as data; and the line diff used to review identity files.
import { describe, expect, it } from 'vitest';
import { OversizeString, streamJson, textChunks, type JsonPath, type JsonSink } from '../../src/main/transfer/json-stream';
import { MAX_MESSAGE_CHARS, READ_CHUNK_BYTES } from '../../src/main/transfer/limits';
import { diffLines, splitLines } from '../../src/main/transfer/line-diff';

function collect(text: string, itemize: (p: JsonPath) => boolean = (p) => p.length === 0 || (p.length === 1 && p[0] === 'sessions')) {
  const got: { begin?: string; items: [string, number, unknown][]; props: [string, unknown][] } = { items: [], props: [] };
  const sink: JsonSink = {
    begin: (k) => (got.begin = k),
    itemize,
    item: (p, i, v) => got.items.push([p.join('.'), i, v]),
    property: (k, v) => got.props.push([k, v]),
  };
  streamJson(() => textChunks(text), sink);
  return got;
}

describe('json-stream', () => {
  it('hands over top-level array items and the items of "sessions" one by one, other properties whole', () => {
    expect(collect('[{"a":1},[2,3],"x"]')).toEqual({ begin: 'array', items: [['', 0, { a: 1 }], ['', 1, [2, 3]], ['', 2, 'x']], props: [] });
    const doc = { format: 'f', sessions: [{ id: 's1', messages: [{ c: 'hi' }] }, { id: 's2' }], graph: { nodes: [1, 2] }, n: -1.5e3, t: true, z: null };
    const got = collect(JSON.stringify(doc));
    expect(got.items).toEqual([
      ['sessions', 0, doc.sessions[0]],
      ['sessions', 1, doc.sessions[1]],
    ]);
    expect(got.props).toEqual([
      ['format', 'f'],
      ['graph', doc.graph],
      ['n', -1500],
      ['t', true],
      ['z', null],
    ]);
  });

  it('keeps escapes, surrogate pairs and a BOM-prefixed file intact across chunk boundaries', () => {
    const value = `${'é'.repeat(70_000)}\u{1F600}"\\\n\u2028${'x'.repeat(70_000)}`;
    const got = collect(`\uFEFF${JSON.stringify({ v: value })}`);
    expect(got.props).toEqual([['v', value]]);
  });

  it('replaces a string over the cap with its length, without keeping it', () => {
    const got = collect(JSON.stringify([{ content: 'y'.repeat(MAX_MESSAGE_CHARS + 5) }, { content: 'y'.repeat(MAX_MESSAGE_CHARS) }]));
    const [first, second] = got.items.map((i) => (i[2] as { content: unknown }).content);
    expect(first).toBeInstanceOf(OversizeString);
    expect((first as OversizeString).length).toBe(MAX_MESSAGE_CHARS + 5);
    expect(second).toHaveLength(MAX_MESSAGE_CHARS);
  });

  it('reports a syntax error with its line and column before handing anything over', () => {
    const items: unknown[] = [];
    const sink: JsonSink = { begin: () => {}, itemize: () => true, item: (_p, _i, v) => items.push(v), property: () => {} };
    expect(() => streamJson(() => textChunks('[{"a": 1},\n {"b": 2},\n  oops]'), sink)).toThrow(/not valid JSON \(line 3, column 3\)/);
    expect(items).toEqual([]);
    expect(() => streamJson(() => textChunks('   '), sink)).toThrow(/empty/);
    expect(() => streamJson(() => textChunks('[1, 2'), sink)).toThrow(/not valid JSON/);
  });

  it("with verify 'on-failure' parses once; a syntax error still says its line and column, after the sink saw the valid part", () => {
    const items: unknown[] = [];
    const sink: JsonSink = { begin: () => {}, itemize: (p) => p.length === 0, item: (_p, _i, v) => items.push(v), property: () => {} };
    let opened = 0;
    const open = (t: string) => () => {
      opened++;
      return textChunks(t);
    };
    streamJson(open('[{"a": 1}, {"b": 2}]'), sink, { verify: 'on-failure' });
    expect(opened).toBe(1);
    expect(items).toEqual([{ a: 1 }, { b: 2 }]);
    items.length = 0;
    // The valid part fills more than one read, so the sink has seen it when the error is found.
    const long = 'w'.repeat(READ_CHUNK_BYTES);
    expect(() => streamJson(open(`[{"a": 1},\n "${long}",\n  oops]`), sink, { verify: 'on-failure' })).toThrow(/not valid JSON \(line 3, column 3\)/);
    expect(items).toEqual([{ a: 1 }]);
    expect(() => streamJson(open('   '), sink, { verify: 'on-failure' })).toThrow(/empty/);
    // An error of the sink's own is the sink's, when the file is valid JSON.
    const failing: JsonSink = { ...sink, item: () => { throw new Error('sink says no'); } };
    expect(() => streamJson(open('[1]'), failing, { verify: 'on-failure' })).toThrow('sink says no');
  });

  it('refuses nesting deeper than any export, with the path', () => {
    const deep = `{"sessions":[${'['.repeat(80)}${']'.repeat(80)}]}`;
    expect(() => collect(deep)).toThrow(/nests deeper than 64 levels at sessions\[0\]/);
  });

  it('keeps "__proto__" as an own property, never as the prototype', () => {
    const got = collect('[{"__proto__": {"polluted": true}, "a": 1}]');
    const v = got.items[0][2] as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__', 'a']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('line diff', () => {
  it('diffs by lines: common head and tail kept, changes as removals and additions in order', () => {
    const d = diffLines(splitLines('a\nb\nc\nd\n'), splitLines('a\nx\nc\nd\ne\n'));
    expect(d).toEqual([
      { op: 'same', text: 'a' },
      { op: 'remove', text: 'b' },
      { op: 'add', text: 'x' },
      { op: 'same', text: 'c' },
      { op: 'same', text: 'd' },
      { op: 'add', text: 'e' },
    ]);
    expect(diffLines([], splitLines('new\nfile'))).toEqual([{ op: 'add', text: 'new' }, { op: 'add', text: 'file' }]);
    expect(splitLines('x\r\ny')).toEqual(['x', 'y']);
  });

  it('finds the longest common subsequence inside a changed middle', () => {
    const before = ['k1', 'a', 'b', 'c', 'd', 'k2'];
    const after = ['k1', 'b', 'z', 'd', 'q', 'k2'];
    const d = diffLines(before, after);
    expect(d.filter((x) => x.op === 'same').map((x) => x.text)).toEqual(['k1', 'b', 'd', 'k2']);
    // Applying the diff gives back both sides.
    expect(d.filter((x) => x.op !== 'add').map((x) => x.text)).toEqual(before);
    expect(d.filter((x) => x.op !== 'remove').map((x) => x.text)).toEqual(after);
  });
});
