import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { lintSource } from '@secretlint/core';
import { creator as recommended } from '@secretlint/secretlint-rule-preset-recommend';
import { describe, expect, it } from 'vitest';
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';
import { findRuleSetSecrets, ruleSetRuleIds } from '../../src/main/memory/facts/sanitize-secret-secretlint';
import { loadCases, loadCaseFolder } from '../helpers/sanitizer-cases';

/**
 * The maintained rule set (issue 26 §7): secretlint's recommended preset, run synchronously by
 * sanitize-secret-secretlint.ts because the write path is synchronous. These tests hold the adapter to
 * secretlint's own (asynchronous) engine: on every secret case we have, both report the same ranges; and
 * whatever the rule set reports, sanitizeFact leaves none of it in the stored text.
 */
const HERE = path.dirname(fileURLToPath(import.meta.url));
const TEXTS = [
  ...loadCases(path.resolve(HERE, '../../../shared/data/sanitizer/corpus-secrets.json')),
  ...loadCaseFolder(path.join(HERE, 'sanitizer-cases')).flatMap((f) => f.cases),
  ...loadCaseFolder(path.join(HERE, 'sanitizer-holdout')).flatMap((f) => f.cases),
].map((c) => c.text);

async function engineRanges(text: string): Promise<string[]> {
  const result = await lintSource({
    source: { content: text, filePath: 'fact.txt', contentType: 'text' },
    options: { config: { rules: [{ id: recommended.meta.id, rule: recommended }] }, noPhysicFilePath: true },
  });
  return result.messages
    .filter((m) => m.ruleId !== '@secretlint/secretlint-rule-filter-comments')
    .map((m) => `${m.range[0]}-${m.range[1]}`)
    .sort();
}

describe('secretlint preset, run synchronously', () => {
  it('uses every scanner rule of the preset except the comment filter', () => {
    const ids = ruleSetRuleIds();
    expect(ids.length).toBeGreaterThanOrEqual(12);
    expect(ids).toEqual(expect.arrayContaining(['@secretlint/secretlint-rule-github', '@secretlint/secretlint-rule-aws', '@secretlint/secretlint-rule-slack']));
    expect(ids).not.toContain('@secretlint/secretlint-rule-filter-comments');
  });

  it("reports the same ranges as secretlint's own engine on every case text", async () => {
    let withFindings = 0;
    for (const text of TEXTS) {
      const ours = findRuleSetSecrets(text).map((s) => `${s.start}-${s.end}`).sort();
      const theirs = await engineRanges(text);
      expect(ours, text.slice(0, 80)).toEqual(theirs);
      if (theirs.length) withFindings++;
    }
    expect(withFindings).toBeGreaterThan(20);
  });

  it('whatever the rule set finds is gone from the stored text', () => {
    for (const text of TEXTS) {
      const findings = findRuleSetSecrets(text);
      if (findings.length === 0) continue;
      const r = sanitizeFact(text);
      const stored = r.ok ? r.text : '';
      for (const f of findings) {
        // The finding's value: the part after its label, or all of it ("aws_secret_access_key = X" → X).
        const found = text.slice(f.start, f.end);
        const value = /[=:]\s*["'`]?([^\s"'`]{8,})["'`]?$/.exec(found)?.[1] ?? found;
        if (/^-----BEGIN/.test(value)) continue; // PEM headers stay by design; the body is checked by the key tests
        expect(stored, text.slice(0, 80)).not.toContain(value);
      }
    }
  });
});
