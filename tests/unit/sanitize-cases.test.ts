import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';
import { caseName, judgeCase, loadCaseFolder, loadDisputed } from '../helpers/sanitizer-cases';

/**
 * Cases written blind to the sanitizer's rules (issue 14 §3), kept exactly as their author wrote them in
 * tests/unit/sanitizer-cases/. Every case runs; one listed in disputed.json (with the reason) runs only the
 * part not in dispute (its secrets are gone), so a disagreement stays visible rather than edited away.
 *
 *   redact → the secret is gone, a placeholder is present, the words around it are kept;
 *   keep   → unchanged;  reject → refused as injection;  accept → stored, unchanged apart from invisible characters.
 */
const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'sanitizer-cases');
const disputed = loadDisputed(DIR);

for (const { file, cases } of loadCaseFolder(DIR)) {
  describe(`sanitizeFact: sanitizer-cases/${file}`, () => {
    cases.forEach((c, i) => {
      const name = caseName(c, i);
      const reason = disputed.get(c.text);
      if (reason) {
        // The part both sides agree on still runs: every listed secret is gone. Only the case's
        // "words around it are kept" check, which contradicts the shared corpus, is not applied.
        it(`${name} (disputed keep-check: ${reason.slice(0, 80)}…)`, () => {
          const r = sanitizeFact(c.text);
          const text = r.ok ? r.text : '';
          for (const secret of (c.secret ?? '').split(' | ').filter(Boolean)) expect(text).not.toContain(secret);
        });
        return;
      }
      it(name, () => {
        expect(judgeCase(c, sanitizeFact(c.text))).toEqual([]);
      });
    });
  });
}

describe('sanitizeFact: sanitizer-cases as a whole', () => {
  it('holds the three blind files, each with cases of its kind', () => {
    const files = Object.fromEntries(loadCaseFolder(DIR).map((f) => [f.file, f.cases]));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['benign.json', 'injection.json', 'secrets.json']));
    expect(files['injection.json'].every((c) => c.expect === 'reject')).toBe(true);
    expect(files['benign.json'].every((c) => c.expect === 'accept')).toBe(true);
    expect(files['secrets.json'].every((c) => c.expect === 'redact' || c.expect === 'keep')).toBe(true);
  });

  it('disputes only cases that exist, each with a reason', () => {
    const texts = new Set(loadCaseFolder(DIR).flatMap((f) => f.cases.map((c) => c.text)));
    for (const [text, reason] of disputed) {
      expect(texts.has(text), text.slice(0, 60)).toBe(true);
      expect(reason.length).toBeGreaterThan(20);
    }
  });

  it('is idempotent on every case: sanitizing the output again changes nothing', () => {
    for (const { cases } of loadCaseFolder(DIR)) {
      for (const c of cases) {
        const once = sanitizeFact(c.text);
        const twice = sanitizeFact(once.text);
        expect(twice.text, c.text.slice(0, 60)).toBe(once.text);
        if (once.ok) expect(twice.ok && twice.redactions.length === 0, c.text.slice(0, 60)).toBe(true);
      }
    }
  });
});
