// The injection rules skip a text that lacks the literals their pattern needs (read at build time by
// scripts/regex-needs/required-literals.ts; rule() in sanitize-injection-shared.ts looks them up). A skip is only right if the pattern could not have matched, so
// every check here compares a rule with its bare pattern (new RegExp(source, 'u')), the implementation
// before the skip, on the texts the sanitizer judges: the corpus's views and random texts built from the
// rules' own literals, near-misses and noise. The precomputed table must equal what the reader says.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRECOMPUTED_LITERALS as PRECOMPUTED } from '../../src/main/memory/facts/sanitize-injection-literals';
import { distinctSentences, multilingualView, normalizeWord, viewText } from '../../src/main/memory/facts/sanitize-injection-multilingual-view';
import { LEXICONS } from '../../src/main/memory/facts/sanitize-injection-lexicon';
import { fieldOf } from '../../src/main/memory/facts/sanitize-injection-multilingual-fields';
import { compileRulesOf } from '../../src/main/memory/facts/sanitize-injection-multilingual-rules';
import { splitEntries } from '../../src/main/memory/facts/sanitize-injection-multilingual-fields';
import { mayMatch, rule, type Rule } from '../../src/main/memory/facts/sanitize-injection-shared';
import { ruleKey } from '../../src/main/memory/facts/sanitize-rule-key';
import { buildScanViews, foldedView } from '../../src/main/memory/facts/sanitize-unicode';
import { requiredLiterals } from '../../scripts/regex-needs/required-literals';
import { INJECTION_PATTERN_RULES, literalsTable, multilingualSources } from '../../scripts/rule-needs';

const RULES: (Rule & { source: string })[] = INJECTION_PATTERN_RULES;
/** The implementation before the skip: the bare pattern, compiled once per rule here. */
const BARE = new Map(RULES.map((r) => [r, new RegExp(r.source, 'u')]));

function disagreements(texts: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of RULES) {
    for (const t of texts) if (r.test(t) !== BARE.get(r)!.test(t)) out.push(`${r.source.slice(0, 60)}… on ${JSON.stringify(t.slice(0, 120))}`);
  }
  return out;
}

const ROOT = join(import.meta.dirname, '..', '..');
function corpusTexts(): string[] {
  const files = ['/work/shared/data/sanitizer/corpus-injection.json', '/work/shared/data/sanitizer/corpus-secrets.json', join(ROOT, 'tests/unit/sanitize-extra-cases.json')];
  for (const d of ['sanitizer-cases', 'sanitizer-holdout', 'sanitizer-dev-26', 'sanitizer-holdout-26']) {
    for (const f of readdirSync(join(ROOT, 'tests/unit', d))) files.push(join(ROOT, 'tests/unit', d, f));
  }
  const texts = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') texts.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const f of files) {
    try {
      walk(JSON.parse(readFileSync(f, 'utf8')));
    } catch (err) {
      // The shared corpus lives outside the repository; the repository's own cases are always there.
      if (!f.startsWith('/work/shared/') || (err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return [...texts];
}

describe('requiredLiterals', () => {
  it('reads alternations, sequences, repetitions and assertions', () => {
    expect(requiredLiterals(String.raw`(?<![\p{L}])(?:ignore|disregard)\s+(?:all\s+)?previous(?![\p{L}])`)).toEqual([['previous'], ['ignore', 'disregard']]);
    // A run of literals is one string; an optional part gives both readings (the group's own clause too).
    expect(requiredLiterals(String.raw`system(?:_?prompt)[:=]`)).toEqual([['systemprompt', 'system_prompt'], ['prompt']]);
    expect(requiredLiterals(String.raw`#{2,4}\s*rules`)).toEqual([['rules'], ['#']]);
    // A branch without literals leaves the alternation without a clause: nothing may be skipped.
    expect(requiredLiterals(String.raw`(?:ignore|\p{L}{3})`)).toEqual([]);
    expect(requiredLiterals(String.raw`(?:ignore)?x*`)).toEqual([]);
  });

  it('reads every escape that is one character as that character', () => {
    expect(requiredLiterals(String.raw`\cJignore\u{1F600}\x41`)).toEqual([['\nignore😀A']]);
  });

  it('gives up on a pattern whose matches depend on more than its syntax, so the pattern always runs', () => {
    expect(requiredLiterals(String.raw`(a+)b\1`)).toEqual([]); // a backreference
    expect(requiredLiterals(String.raw`(?i:ignore)`)).toEqual([]); // a group with flags of its own
    expect(mayMatch([], 'anything')).toBe(true);
  });

  it('a rule the table does not know runs its pattern on every text', () => {
    const unknown = rule('test', String.raw`ignore\s+(?:this|that)\s+rule\s+nobody\s+wrote`);
    expect(PRECOMPUTED[ruleKey(unknown.source!)]).toBeUndefined();
    expect(unknown.test('please ignore that  rule nobody wrote')).toBe(true);
    expect(unknown.test('please ignore the rule')).toBe(false);
  });

  it('the precomputed table is what the reader says for every rule (run npx tsx scripts/rule-needs.ts)', () => {
    expect(PRECOMPUTED).toEqual(literalsTable());
    // Every English rule's literals are read: a rule that got none would be compiled on every first fact.
    expect(RULES.filter((r) => requiredLiterals(r.source).length === 0).map((r) => r.source.slice(0, 60))).toEqual([]);
    // And nearly every multilingual pattern's (22 of 670 have a branch with no literal at all, such as a
    // bare URL shape, and always run).
    const sources = multilingualSources();
    expect(sources.length).toBeGreaterThan(600);
    expect(sources.filter((s) => PRECOMPUTED[ruleKey(s)].length === 0).length).toBeLessThan(sources.length * 0.05);
  });
});

describe('an injection rule skipping a text agrees with its bare pattern', () => {
  it('on every corpus text, in each view the detector judges', () => {
    const texts = corpusTexts();
    expect(texts.length).toBeGreaterThan(1000);
    const views = new Set<string>();
    for (const t of texts) {
      const v = buildScanViews(t);
      views.add(v.skeleton).add(v.folded).add(v.compact);
    }
    expect(disagreements([...views])).toEqual([]);
  });

  it('every multilingual pattern, on every corpus text in the views its language reads', () => {
    const texts = corpusTexts();
    const views = new Set<string>();
    for (const t of texts) {
      const v = buildScanViews(t);
      for (const view of new Set([v.folded, v.skeleton])) views.add(viewText(distinctSentences(multilingualView(view))).view);
    }
    const wrong: string[] = [];
    let skipped = 0;
    for (const lex of LEXICONS) {
      const mine = [...views].filter((v) => lex.script.test(v));
      for (const p of compileRulesOf(lex, fieldOf(lex)).flatMap((r) => r.all)) {
        const bare = new RegExp(p.source!, 'u');
        for (const v of mine) {
          const gated = p.test(v);
          if (!gated) skipped++;
          if (gated !== bare.test(v)) wrong.push(`${lex.lang} ${p.source!.slice(0, 60)}… on ${JSON.stringify(v.slice(0, 120))}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(skipped).toBeGreaterThan(100_000);
  });

  it('on random texts made of the rules own literals, words around them and noise', () => {
    const pieces = [...new Set(Object.values(PRECOMPUTED as Record<string, string[][]>).flat(2))];
    const glue = [' ', '  ', '\n', ', ', '. ', ': ', "'", '"', '-', '_', '(', ')', '[', ']', '<', '>', '|', '#', '*', 'é', 'ж', 'ι', '日', '😀'];
    const words = ['the', 'user', 'you', 'your', 'all', 'from now on', 'please', 'assistant', 'ai', 'system', 'tool', 'always', 'never', 'and', 'then', 'previous', 'instructions'];
    const piece = fc.oneof(fc.constantFrom(...pieces), fc.constantFrom(...glue), fc.constantFrom(...words), fc.string({ maxLength: 4 }), fc.string({ unit: 'grapheme', maxLength: 3 }));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 24 }), (parts) => {
        const text = parts.join('');
        const v = buildScanViews(text);
        expect(disagreements([text, v.skeleton, v.compact])).toEqual([]);
      }),
      { numRuns: 400 },
    );
  });
});

describe('normal forms the word tables use', () => {
  it('foldedView is the folded scan view', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (t) => {
      expect(foldedView(t)).toBe(buildScanViews(t).folded);
    }), { numRuns: 500 });
  });

  it('a word of lowercase ASCII letters, digits and . \' - is its own normal form, as the full passes say', () => {
    const asciiWord = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.\'-'), maxLength: 16 });
    fc.assert(fc.property(asciiWord, (w) => {
      expect(normalizeWord(w)).toBe(multilingualView(buildScanViews(w).folded));
    }), { numRuns: 500 });
    // And words outside that set still take the full passes.
    expect(normalizeWord('Ignorá')).toBe('ignora');
  });

  it('an ASCII text has the same words under the ASCII word patterns as under the Unicode ones', () => {
    // The Unicode patterns as viewText used them for every text before the ASCII shortcut: the oracle.
    const unicodeWords = (view: string): Set<string> => {
      const words = new Set<string>();
      for (const w of view.split(/[^\p{L}\p{M}\p{N}_]+/u)) if (!/^[\p{N}_]*$/u.test(w)) words.add(w);
      for (const m of view.matchAll(/[\p{L}\p{M}\p{N}_]+(?:['’-][\p{L}\p{M}\p{N}_]+)+/gu)) words.add(m[0]);
      return words;
    };
    const ascii = fc.string({ unit: fc.oneof(fc.constantFrom(...'aZ09_\'- .,\n'), fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c))), maxLength: 60 });
    fc.assert(
      fc.property(ascii, (view) => {
        expect([...viewText(view).words]).toEqual([...unicodeWords(view)]);
      }),
      { numRuns: 1000 },
    );
  });

  it('a word-table field splits into the same entries with or without its grouping characters scanned', () => {
    // The scan splitEntries ran on every field before plain fields took a native split: the oracle.
    const scanned = (field: string): string[] => {
      const out: string[] = [];
      let depth = 0;
      let start = 0;
      for (let i = 0; i < field.length; i++) {
        const c = field[i];
        if (c === '\\') i++;
        else if (c === '(' || c === '[') depth++;
        else if (c === ')' || c === ']') depth--;
        else if (c === '|' && depth === 0) {
          out.push(field.slice(start, i));
          start = i + 1;
        }
      }
      out.push(field.slice(start));
      return out.map((e) => e.trim()).filter(Boolean);
    };
    const field = fc.string({ unit: fc.constantFrom(...'ab é|| \t\n*…()[]\\re:'), maxLength: 40 });
    fc.assert(
      fc.property(field, (f) => {
        expect(splitEntries(f)).toEqual(scanned(f));
      }),
      { numRuns: 2000 },
    );
  });
});
