// The API token must not leak through timing. Wall-clock assertions are flaky, so this checks the
// property structurally: every comparison, whatever was presented, ends in exactly one
// crypto.timingSafeEqual over two fixed-size (SHA-256) digests, so neither the length of the presented
// token nor the position of its first wrong character changes the work done.
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: { a: number; b: number }[] = [];
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return {
    ...actual,
    timingSafeEqual: (a: NodeJS.ArrayBufferView, b: NodeJS.ArrayBufferView) => {
      calls.push({ a: a.byteLength, b: b.byteLength });
      return actual.timingSafeEqual(a, b);
    },
  };
});

const { tokenMatches } = await import('../../src/main/http/security');

describe('tokenMatches', () => {
  beforeEach(() => {
    calls.length = 0;
  });

  const expected = 'k3y-0f-the-local-api-token-abcdef';
  const presented: [string, string, boolean][] = [
    ['the same token', expected, true],
    ['wrong first character', `X${expected.slice(1)}`, false],
    ['wrong last character', `${expected.slice(0, -1)}X`, false],
    ['a prefix', expected.slice(0, 5), false],
    ['longer', `${expected}-and-more`, false],
    ['one character', 'k', false],
    ['a huge value', 'k'.repeat(100_000), false],
    ['non-ASCII', 'ключ-токена', false],
  ];

  for (const [label, value, ok] of presented) {
    it(`${label}: one comparison of two 32-byte digests, answer ${ok}`, () => {
      expect(tokenMatches(value, expected)).toBe(ok);
      expect(calls).toEqual([{ a: 32, b: 32 }]);
    });
  }

  it('a missing token is refused without comparing', () => {
    expect(tokenMatches(undefined, expected)).toBe(false);
    expect(tokenMatches('', expected)).toBe(false);
    expect(calls).toEqual([]);
  });
});
