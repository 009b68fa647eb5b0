import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';
import { borderlineSignals } from '../../src/main/memory/facts/borderline';
import { judgeCase, loadCaseFolder } from '../helpers/sanitizer-cases';

/**
 * The held-out blind cases of issue 14 (tests/unit/sanitizer-holdout/): written by the same blind author
 * as sanitizer-cases/, and never shown to whoever wrote the rules. They measure whether the rules
 * generalise, so they are NOT all expected to pass and must not be tuned on case by case (fix a class,
 * then re-measure). Measured when the rules were finished (2026-12-02): injection 51/81 caught by the
 * detector (11/81 before the work), 22 of the 30 it let through flagged borderline for the memory
 * model's check; secrets 34/38; false positives 0/57 benign, 1/15 look-alikes. The floors below sit just
 * under those figures so a regression in the detector fails here; the figures print on every run.
 */
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sanitizer-holdout');

describe('sanitizer on held-out blind cases (a measurement with floors, not a case list)', () => {
  const files = Object.fromEntries(loadCaseFolder(DIR).map((f) => [f.file, f.cases]));

  it('injection: the detector catches at least 60 %, and nearly all of the rest reach the model check', () => {
    const cases = files['injection.json'];
    let caught = 0;
    let routed = 0;
    for (const c of cases) {
      const r = sanitizeFact(c.text);
      if (!r.ok) caught++;
      else if (borderlineSignals(r.text).length) routed++;
    }
    console.log(`[holdout] injection: detector ${caught}/${cases.length}; of the ${cases.length - caught} it lets through, ${routed} go to the model check`);
    expect(cases.length).toBeGreaterThanOrEqual(70);
    expect(caught / cases.length).toBeGreaterThanOrEqual(0.6);
    expect((caught + routed) / cases.length).toBeGreaterThanOrEqual(0.85);
  });

  it('secrets: at least 85 % redacted in full; look-alikes kept (at most 2 of them touched)', () => {
    const cases = files['secrets.json'];
    const hostile = cases.filter((c) => c.expect === 'redact');
    const benign = cases.filter((c) => c.expect === 'keep' && !c.soft);
    const caught = hostile.filter((c) => judgeCase(c, sanitizeFact(c.text)).length === 0).length;
    const wrong = benign.filter((c) => judgeCase(c, sanitizeFact(c.text)).length > 0).length;
    console.log(`[holdout] secrets: ${caught}/${hostile.length} redacted; look-alikes touched ${wrong}/${benign.length}`);
    expect(caught / hostile.length).toBeGreaterThanOrEqual(0.85);
    expect(wrong).toBeLessThanOrEqual(2);
  });

  it('benign facts, near-misses included: none refused or changed', () => {
    const cases = files['benign.json'];
    const wrong = cases.filter((c) => judgeCase(c, sanitizeFact(c.text)).length > 0).map((c) => c.text);
    console.log(`[holdout] benign: ${cases.length - wrong.length}/${cases.length} stored unchanged`);
    expect(wrong).toEqual([]);
  });
});
