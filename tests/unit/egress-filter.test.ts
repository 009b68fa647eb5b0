// The egress filter (issue 26 §2), as properties: for any stored value, any form the redactor knows and
// any way a text is cut into pieces, nothing of the value leaves; and a text without one leaves unchanged.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EgressFilter } from '../../src/main/secrets/egress-filter';

const PLACEHOLDER = '[REDACTED:stored-secret]';

/** A stored value: long enough to be a key (the redactor's floor is 8), any printable ASCII. */
const secretArb = fc.string({ unit: fc.constantFrom(...'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789_-.'), minLength: 12, maxLength: 60 }).filter((s) => /[A-Za-z0-9]{4}/.test(s) && s.trim() === s);

/** The forms the redactor knows, as a leak would carry them. */
const FORMS: Record<string, (v: string) => string> = {
  'as is': (v) => v,
  'url-encoded': (v) => encodeURIComponent(`k=${v}`),
  hex: (v) => Buffer.from(v).toString('hex'),
  HEX: (v) => Buffer.from(v).toString('hex').toUpperCase(),
  base64: (v) => Buffer.from(v).toString('base64'),
  'base64 behind a user name': (v) => Buffer.from(`user:${v}`).toString('base64'),
  'base64url at an offset': (v) => Buffer.from(`ab${v}`).toString('base64url'),
  'spelled out': (v) => v.split('').join(' '),
  'spelled with dashes': (v) => v.split('').join('-'),
};

/** Every telltale of `v` in `out`: the value, its compact spelling, a 12-char stretch of its base64. */
function leaked(out: string, v: string): boolean {
  const compact = out.replace(/[\s\-\u2010-\u2015.,·|_/:+'"`]+/gu, '');
  const vCompact = v.replace(/[\s\-\u2010-\u2015.,·|_/:+'"`]+/gu, '');
  if (out.includes(v) || (vCompact.length >= 8 && compact.includes(vCompact))) return true;
  if (out.includes(Buffer.from(v).toString('hex'))) return true;
  const b64 = Buffer.from(v).toString('base64');
  return b64.length >= 16 && out.includes(b64.slice(2, 14));
}

const words = fc.array(fc.constantFrom('the', 'key', 'is', 'here:', 'and', 'then', 'ok.', '\n', 'Rui', 'lives', 'in', 'Braga'), { maxLength: 12 }).map((w) => w.join(' '));

describe('the egress filter', () => {
  it('leaves nothing of a stored value in any form, anywhere in a text (property)', () => {
    fc.assert(
      fc.property(secretArb, fc.constantFrom(...Object.keys(FORMS)), words, words, (v, form, before, after) => {
        const f = new EgressFilter(() => [v]);
        const out = f.text(`${before} ${FORMS[form](v)} ${after}`);
        expect(out).toContain(PLACEHOLDER);
        expect(leaked(out, v)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('walks any JSON-like value, keys included, and returns what it did not change as the same object', () => {
    const v = 'zq-custom-7f3a9b2c1d';
    const f = new EgressFilter(() => [v]);
    const clean = { a: ['x', { b: 'nothing here' }], n: 3, t: true, z: null };
    expect(f.value(clean)).toBe(clean);
    const dirty = { list: [{ text: `see ${v}` }, 'plain'], [`key ${v}`]: 1, deep: { deeper: { s: Buffer.from(v).toString('base64') } } };
    const out = f.value(dirty);
    expect(JSON.stringify(out)).not.toContain(v);
    expect(JSON.stringify(out)).not.toContain(Buffer.from(v).toString('base64'));
    expect(out.list[1]).toBe('plain');
    expect(Object.keys(out)).toContain(`key ${PLACEHOLDER}`);
    // The input is never changed in place: another reader of the same object sees it as it was.
    expect((dirty.list[0] as { text: string }).text).toBe(`see ${v}`);
  });

  it('reads the store on every use: a key saved a moment ago is filtered from the next message out', () => {
    const store: string[] = [];
    const f = new EgressFilter(() => store);
    const text = 'token zq-custom-7f3a9b2c1d';
    expect(f.text(text)).toBe(text);
    store.push('zq-custom-7f3a9b2c1d');
    expect(f.text(text)).toBe(`token ${PLACEHOLDER}`);
  });

  it('a streamed text cut anywhere leaks nothing, and what goes out joins to the filtered whole (property)', () => {
    fc.assert(
      fc.property(secretArb, fc.constantFrom(...Object.keys(FORMS)), words, words, fc.array(fc.nat(), { maxLength: 8 }), (v, form, before, after, cuts) => {
        const f = new EgressFilter(() => [v]);
        const whole = `${before} ${FORMS[form](v)} ${after}`;
        const points = [...new Set(cuts.map((c) => c % (whole.length + 1)))].sort((a, b) => a - b);
        const pieces: string[] = [];
        let from = 0;
        for (const p of [...points, whole.length]) {
          pieces.push(whole.slice(from, p));
          from = p;
        }
        const s = f.stream();
        const out: string[] = [];
        for (const p of pieces) {
          const o = s.push(p);
          out.push(o);
          // What left so far never holds the value, however it was cut.
          expect(leaked(out.join(''), v)).toBe(false);
        }
        out.push(s.flush());
        expect(leaked(out.join(''), v)).toBe(false);
        expect(out.join('')).toContain(PLACEHOLDER);
      }),
      { numRuns: 300 },
    );
  });

  it('a stream without stored values, or with none of them in it, goes out whole and almost at once', () => {
    const f = new EgressFilter(() => ['zq-custom-7f3a9b2c1d']);
    const s = f.stream();
    const pieces = ['Rui lives ', 'in Braga, ', 'and works ', 'in Porto.'];
    const out = pieces.map((p) => s.push(p));
    // Nothing of ordinary prose is held back past the piece it came in.
    expect(out).toEqual(pieces);
    expect(s.flush()).toBe('');
    const none = new EgressFilter(() => []).stream();
    expect(none.push('anything zq-')).toBe('anything zq-');
  });
});
