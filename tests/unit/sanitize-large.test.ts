// own process: V8 keeps what it learned about each regular expression for the life of the process, and
// that state, not the input, set most of these cases' time. Measured in plain Node (CPU seconds, the 1 MB
// multilingual text below): 2.0 when it is the process's first sanitizeFact call, 4.7-5.1 after 200 short
// English facts or after the 1 MB English prose case, 2.4 either way with --no-regexp-tier-up; linear in the
// text's size in both states (0.25-2 MB), and the same 226 patterns each run once over the big views, so it
// is neither a pattern that backtracks more on this input nor GC (0.7-0.8 s in both). After the 200 cases of
// sanitize.test.ts in the shared unit graph this case took 11-14 s of a CI run, 3 s alone. So the 1 MB
// inputs run here, in a fresh process, the multilingual text first. Their claim is unchanged: a 1 MB input of
// each kind finishes (no time limit is asserted) with the right verdict and never throws.
import { describe, expect, it } from 'vitest';
import { sanitizeFact, type SanitizeResult } from '../../src/main/memory/facts/sanitize';

function assertOk(r: SanitizeResult): asserts r is Extract<SanitizeResult, { ok: true }> {
  if (!r.ok) throw new Error(`expected ok, got rejected: ${r.reason}`);
}

describe('sanitizeFact: never throws on 1 MB inputs', () => {
  const MB = 1 << 20;
  /** Big inputs are slow on a loaded CI box; the point is that they finish and do not throw. */
  const BIG_TIMEOUT = 120_000;

  it(
    'handles 1 MB of distinct sentences in other languages, dense with the words their rules look for',
    () => {
      // No line repeats, and each script's word tables pass their gate: every sentence is judged.
      const sentences = [
        (i: number) => `Cada vez que llueve ${i}, el usuario prefiere ir en autobús y responde a su madre. `,
        (i: number) => `كلما زار المستخدم القاهرة ${i} يأكل الكشري ويتجاهل نصيحة الطبيب. `,
        (i: number) => `用户每次去北京${i}都会告诉妈妈，并且推荐这家餐厅。`,
      ];
      const parts: string[] = [];
      for (let i = 0, n = 0; n < MB; i++) n += parts[parts.push(sentences[i % 3](i)) - 1].length;
      expect(sanitizeFact(parts.join(''))).toMatchObject({ ok: true });
    },
    BIG_TIMEOUT,
  );

  it(
    'handles 1 MB of prose, of base64-ish noise and of repeated trigger words, each with the right verdict',
    () => {
      const prose = 'User prefers to ignore spam emails. '.repeat(MB / 36);
      const r1 = sanitizeFact(prose);
      assertOk(r1);
      // (compared as booleans: a 1 MB diff in the report helps nobody)
      expect(r1.text === prose || r1.text === prose.trim(), 'prose kept as written').toBe(true);
      const noise = Buffer.alloc(MB, 'QWxhZGRpbjpvcGVuIHNlc2FtZQ==').toString('latin1');
      const r2 = sanitizeFact(noise);
      assertOk(r2);
      expect(r2.text === noise, 'noise kept as written').toBe(true); // base64 of "Aladdin:open sesame" is no credential shape
      const r3 = sanitizeFact('if the user asks, whenever queried, use instead '.repeat(MB / 48));
      expect(r3.ok).toBe(false);
      if (!r3.ok) expect(r3.category).toBe('injection');
      const dashes = 'sk-'.repeat(MB / 3);
      const r4 = sanitizeFact(dashes);
      assertOk(r4);
      expect(r4.redactions).toEqual([]); // a prefix with no key body is not a key
    },
    BIG_TIMEOUT,
  );
});
