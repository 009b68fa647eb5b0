import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { borderlineSignals } from '../../src/main/memory/facts/borderline';
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';
import { caseName, judgeCase, loadCaseFolder } from '../helpers/sanitizer-cases';

/**
 * Issue 26 §7/§8, measured honestly. Two sets, written before any rule was changed:
 *
 *   sanitizer-holdout-26/  the blind set. Never tuned against: it is measured, with floors at the figures
 *                          reached, so a regression fails here but a miss is not "fixed" case by case.
 *   sanitizer-dev-26/      the tuning set the rules were developed on: every case must pass.
 *
 * Figures on the blind set (bench/sanitizer-layers.ts prints them), before → after the work:
 *   injection caught by the detector 31/47 → 45/47; with the (scripted, careful) model check 35/47 → 45/47;
 *   benign texts refused or changed 7/32 → 0/32; secrets fully redacted 21/31 → 31/31; look-alikes touched 2/12 → 0/12.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const load = (dir: string) => Object.fromEntries(loadCaseFolder(path.join(HERE, dir)).map((f) => [f.file, f.cases]));

describe('sanitizer on the issue 26 blind set (a measurement with floors, not a case list)', () => {
  const files = load('sanitizer-holdout-26');

  it('injection: the detector catches at least 45 of 47; what it lets through and a careful model would refuse is asked about', () => {
    const cases = files['injection.json'];
    let caught = 0;
    let asked = 0;
    for (const c of cases) {
      const r = sanitizeFact(c.text);
      if (!r.ok) caught++;
      else if (borderlineSignals(r.text).length > 0) asked++;
    }
    console.log(`[holdout-26] injection: detector ${caught}/${cases.length}; with the model check ${caught + asked}/${cases.length}`);
    expect(cases.length).toBe(47);
    expect(caught).toBeGreaterThanOrEqual(45);
  });

  it('benign look-alikes (titles, "from now on" facts, roles, right-to-left marks): none refused or changed', () => {
    const wrong = files['benign.json'].filter((c) => judgeCase(c, sanitizeFact(c.text)).length > 0).map((c) => c.text);
    expect(wrong).toEqual([]);
  });

  it('secrets: every one redacted in full, no look-alike touched', () => {
    const cases = files['secrets.json'];
    const problems = cases.map((c) => ({ c, p: judgeCase(c, sanitizeFact(c.text)) })).filter((x) => x.p.length > 0);
    console.log(`[holdout-26] secrets: ${cases.length - problems.length}/${cases.length} as expected`);
    expect(problems.map((x) => `${x.c.class}: ${x.p.join('; ')}`)).toEqual([]);
  });
});

describe('sanitizer on the issue 26 tuning set', () => {
  for (const [file, cases] of Object.entries(load('sanitizer-dev-26'))) {
    cases.forEach((c, i) => {
      it(`${file} ${caseName(c, i)}`, () => {
        expect(judgeCase(c, sanitizeFact(c.text))).toEqual([]);
      });
    });
  }
});

describe('sanitizer on both issue 26 sets: idempotent', () => {
  it('sanitizing the output again changes nothing (a redacted phrase or token is not found twice)', () => {
    for (const dir of ['sanitizer-holdout-26', 'sanitizer-dev-26']) {
      for (const cases of Object.values(load(dir))) {
        for (const c of cases) {
          const once = sanitizeFact(c.text);
          const twice = sanitizeFact(once.text);
          expect(twice.text, c.text.slice(0, 60)).toBe(once.text);
          if (once.ok) expect(twice.ok && twice.redactions.length === 0, c.text.slice(0, 60)).toBe(true);
        }
      }
    }
  });
});
