// The streaming archive writer (issue 27 benchmark: export in ≤ 3× the archive's size) writes exactly what
// JSON.stringify(archive, null, 2) writes, for any content, whether a part is whole or streamed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { archiveText, streamed, whole, type ArchivePart } from '../../src/main/transfer/archive-writer';

describe('archive writer', () => {
  it('is byte for byte JSON.stringify(…, null, 2), with parts whole or streamed', () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ maxLength: 8 }).map((k) => `k${k}`), fc.oneof(json, fc.array(json, { maxLength: 5 })), fc.boolean()), { maxLength: 6 }), (entries) => {
        const unique = [...new Map(entries.map(([k, v, s]) => [k, [v, s] as const])).entries()];
        const obj = Object.fromEntries(unique.map(([k, [v]]) => [k, v]));
        const parts = unique.map(([k, [v, asStream]]) => [k, asStream && Array.isArray(v) ? streamed(v) : whole(v)] as [string, ArchivePart]);
        expect(archiveText(parts)).toBe(`${JSON.stringify(obj, null, 2)}\n`);
      }),
      { numRuns: 300 },
    );
  });

  it('passes every piece through the filter, and leaves out a part that filters to nothing', () => {
    const redact = <T,>(v: T): T => (v === undefined ? v : (JSON.parse(JSON.stringify(v).replaceAll('sk-secret', '[redacted]')) as T));
    const text = archiveText([
      ['a', whole({ key: 'sk-secret' })],
      ['gone', whole(undefined)],
      ['items', streamed((function* () {
        yield 'x sk-secret';
        yield { deep: ['sk-secret'] };
      })())],
    ], redact);
    expect(text).not.toContain('sk-secret');
    expect(JSON.parse(text)).toEqual({ a: { key: '[redacted]' }, items: ['x [redacted]', { deep: ['[redacted]'] }] });
  });
});
