// Secret redaction skips a rule's scan over a text that lacks what every match of the rule needs (a fixed
// text, a run of token characters: read at build time by scripts/regex-needs/match-needs.ts, looked up by
// sanitize-match-needs.ts), and the recovery-phrase pass counts listed
// words from plain strings before it builds tokens. Both only skip work: the output must be byte-identical.
// Checked here against the code as it was before (kept below as the oracle) on random strings built from
// key shapes, separators, Unicode look-alikes and noise, and on every rule the sanitizer runs.
import { wordlist as czech } from '@scure/bip39/wordlists/czech.js';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { wordlist as french } from '@scure/bip39/wordlists/french.js';
import { wordlist as italian } from '@scure/bip39/wordlists/italian.js';
import { wordlist as portuguese } from '@scure/bip39/wordlists/portuguese.js';
import { wordlist as spanish } from '@scure/bip39/wordlists/spanish.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TextGate, compileNeeds, matchNeeds, secretNeedsKey } from '../../src/main/memory/facts/sanitize-match-needs';
import { SECRET_RULE_NEEDS } from '../../src/main/memory/facts/sanitize-secret-needs';
import { findRecoveryPhrases, listedWordStreak } from '../../src/main/memory/facts/sanitize-secret-bip39';
import type { SecretRule } from '../../src/main/memory/facts/sanitize-secret-providers';
import { collect, type Span } from '../../src/main/memory/facts/sanitize-secret-spans';
import { allMatches } from '../../src/main/memory/facts/sanitize-regex-scan';
import { readMatchNeeds } from '../../scripts/regex-needs/match-needs';
import { SECRET_RULES, secretNeedsTable } from '../../scripts/rule-needs';

/** The reader's needs for any pattern, as the app would use them had the table been written for it. */
const readAndCompile = (re: RegExp) => {
  const { literal, tokenRun } = readMatchNeeds(re);
  return compileNeeds(re, [literal, tokenRun]);
};

const RULES: SecretRule[] = SECRET_RULES;

/** The oracle: collect() as it was before the gate (every rule scanned over every text). */
function collectBefore(text: string, rule: SecretRule, priority: number, out: Span[]): void {
  rule.pattern.lastIndex = 0;
  for (const m of allMatches(rule.pattern, text)) {
    const group = rule.group ?? 0;
    const secret = m[group];
    if (!secret) continue;
    const start = group === 0 ? m.index : (m.indices?.[group]?.[0] ?? m.index);
    if (rule.accept && !rule.accept(secret, m, text)) continue;
    const kind = typeof rule.kind === 'function' ? rule.kind(m) : rule.kind;
    out.push({ start, end: start + secret.length, kind, priority });
  }
}

const TOKEN = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** Each rule's own literal (so its shape is met often), provider prefixes, labels and URL pieces. */
const PREFIXES = [
  ...new Set(RULES.map((r) => matchNeeds(r.pattern).literal).filter((l): l is string => l !== null)),
  'sk-', 'hf_', 'api_org_', 'AKIA', 'ASIA', 'A3TX', 'hvs.', 'y0_', 'AQVN', 't1.', 'sbp_', 'sb_secret_', 'AKCp', 'secret_', 'ntn_', 'glc_', 'glsa_',
  'sq0atp-', 'EAAA', 'AAAAAAAAAAAAAAAAAAAAA', 'https://', 'postgres://u:', '@db.io', 'password: ', 'PASSWORD=', 'DB_PASS="', 'api_key=', 'token is ',
  'Authorization: Bearer ', 'bearer ', 'export SECRET_KEY=', '?access_token=', '&sig=', 'pin: ', 'curl -u bob:', 'AccountKey=', '.atlasv1.',
];
/** Characters that look like token characters but are not (fullwidth, Cyrillic, Greek), and separators. */
const LOOKALIKES = ['Ａ', 'ｓｋ－', 'а', 'е', 'о', 'Ѕ', 'ı', 'ſ', 'K', 'ﬁ', 'Α', '\u00a0', '\u200b', '·', '‐', '–'];
const SEPARATORS = [' ', '\n', '\t', '-', '_', '.', ':', '=', '/', '+', '"', "'", '`', ',', ';', '@', '?', '&', '#', '~', '%', '|', '(', ')'];

const piece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...PREFIXES) },
  { weight: 5, arbitrary: fc.string({ unit: fc.constantFrom(...TOKEN), minLength: 1, maxLength: 130 }) },
  { weight: 2, arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789abcdef'), minLength: 8, maxLength: 70 }) },
  { weight: 3, arbitrary: fc.constantFrom(...SEPARATORS) },
  { weight: 1, arbitrary: fc.constantFrom(...LOOKALIKES) },
  { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
);
const keyShaped = fc.array(piece, { maxLength: 14 }).map((parts) => parts.join(''));

describe('rule gate (sanitize-match-needs.ts)', () => {
  it('every rule finds the same spans through the gate as the old scan of every text', () => {
    let matched = 0;
    fc.assert(
      fc.property(keyShaped, (text) => {
        const gate = new TextGate(text);
        RULES.forEach((rule, i) => {
          const before: Span[] = [];
          const after: Span[] = [];
          collectBefore(text, rule, i, before);
          collect(gate, rule, i, after);
          expect(after, `${rule.pattern} on ${JSON.stringify(text)}`).toEqual(before);
          if (allMatches(rule.pattern, text).length > 0) {
            matched++;
            expect(gate.mayMatch(rule.pattern)).toBe(true);
          }
        });
      }),
      { numRuns: 600, seed: 20261206 },
    );
    // The strings must hit the rules often, or the comparison above says little.
    expect(matched).toBeGreaterThan(600);
  });

  it('the table is what the reader says for every rule (run npx tsx scripts/rule-needs.ts)', () => {
    expect(SECRET_RULE_NEEDS).toEqual(secretNeedsTable());
    // The rules that carry a vendor prefix are read: most texts are turned away by it.
    expect(RULES.filter((r) => matchNeeds(r.pattern).literal !== null).length).toBeGreaterThan(60);
  });

  it('a pattern the table does not know needs nothing, so it is scanned over every text', () => {
    const unknown = /zq-never-a-rule-[A-Za-z0-9]{40}/g;
    expect(SECRET_RULE_NEEDS[secretNeedsKey(unknown)]).toBeUndefined();
    expect(matchNeeds(unknown)).toEqual({ literal: null, caseless: null, tokenRun: 0 });
    expect(new TextGate('plain prose').mayMatch(unknown)).toBe(true);
  });

  it('reads fixed text and token runs only where every match must hold them', () => {
    const needs = (re: RegExp) => {
      const n = readMatchNeeds(re);
      return [n.literal, n.tokenRun];
    };
    expect(needs(/(?<![A-Za-z0-9_-])sk-ant-admin\d{2}-[A-Za-z0-9_-]{20,}/g)).toEqual(['sk-ant-admin', 20]);
    expect(needs(/https?:\/\/hooks\.slack\.com\/x/g)).toEqual(['://hooks.slack.com/x', 0]);
    expect(needs(/ab?c/g)).toEqual(['a', 0]); // "b" may be absent: "a" and "c" are each required, not "abc"
    expect(needs(/a|bcd/g)).toEqual([null, 0]); // either side may match alone
    expect(needs(/(?:xy|z)[A-Z]{30}/g)).toEqual([null, 30]);
    expect(needs(/(?:abc)?[a-f0-9]{40}?/g)).toEqual([null, 40]);
    expect(needs(/[a-z.]{40}/g)).toEqual([null, 0]); // "." is no token character
    expect(needs(/[a-z]{40}/gi)).toEqual([null, 0]); // case-insensitive classes are not read
    expect(needs(/(?=abcd)x/g)).toEqual(['x', 0]); // a lookahead needs nothing of the match
    expect(needs(/q(?<name>wert)y+/g)).toEqual(['wert', 0]);
    expect(needs(/\u0041BC\x44/g)).toEqual(['BC', 0]);
    expect(needs(/\p{L}{3}zz/gu)).toEqual(['zz', 0]);
    expect(needs(/a{2}bc/g)).toEqual(['bc', 0]);
  });

  // Patterns made of the constructs the reading handles, matched against strings of their characters:
  // whatever the reading makes of a pattern, it must never turn away a text the pattern matches.
  it('never turns away a text that a pattern matches (random patterns)', () => {
    const atoms = ['a', 'b', 'c', '-', '\\.', '\\/', 'ab', '[a-c]', '[A-Za-z0-9]{3,}', '[a-c]{2}', '[abc_-]+', '(?:ab)', '(?:a|b)', '(a)', 'x?', 'b*', 'c+', 'a{2}', '(?<!a)', '(?=b)', '(?!c)', '\\d', '.', '\\b', '[^a]', '(?:bc)?', '\\u0061', 'ſ', 'K'];
    const pattern = fc.tuple(fc.array(fc.constantFrom(...atoms), { minLength: 1, maxLength: 6 }), fc.constantFrom('g', 'gi', 'gu', 'giu', 'gd', 'gm'));
    const text = fc.string({ unit: fc.constantFrom('a', 'b', 'c', 'A', 'B', 'x', '-', '.', '/', '1', '_', ' ', 'ſ', 'K', 'k', 's', 'S'), maxLength: 30 });
    fc.assert(
      fc.property(pattern, text, ([parts, flags], t) => {
        const re = new RegExp(parts.join(''), flags);
        if (allMatches(re, t).length > 0) expect(new TextGate(t).admits(readAndCompile(re)), `${re} on ${JSON.stringify(t)}`).toBe(true);
      }),
      { numRuns: 4000, seed: 7 },
    );
  });
});

// The oracle for the recovery-phrase fast path: the longest run of listed words as it was counted before
// (every WORD match through fold() and the lists' membership).
const LISTS = [english, spanish, french, italian, portuguese, czech];
const foldBefore = (w: string) => (/^[A-Za-z]*$/.test(w) ? w.toLowerCase() : w.normalize('NFKD').replace(/\p{Mn}/gu, '').toLowerCase());
const LISTED = new Set(LISTS.flatMap((l) => l.map(foldBefore)));
function streakBefore(text: string): number {
  let streak = 0;
  let longest = 0;
  for (const m of allMatches(/(?<![\p{L}\p{N}_])\p{L}{3,8}(?![\p{L}\p{N}_])/gu, text)) {
    streak = LISTED.has(foldBefore(m[0])) ? streak + 1 : 0;
    longest = Math.max(longest, streak);
  }
  return longest;
}

describe('recovery-phrase fast path (sanitize-secret-bip39.ts)', () => {
  const listed = fc.constantFrom(...english.slice(0, 300), ...spanish.slice(0, 200), ...french.slice(0, 200), ...czech.slice(0, 100), 'Ábaco', 'ÉLEVER', 'ZÁBAVA', 'naïve', 'café');
  const other = fc.constantFrom('the', 'Zürich', 'qwxz', 'a', 'I', 'to', 'x9', 'ﬁnal', 'ǅemal', 'ÅNGSTRÖM', '東京都', '123', 'snake_case', 'extraordinarily');
  const gap = fc.oneof({ weight: 20, arbitrary: fc.constantFrom(' ', '\n', ', ', '. ', ' 1. ', '-', '  ', '\t', '|') }, { weight: 1, arbitrary: fc.constantFrom('_', '7', 'é') });
  const words = fc.array(fc.tuple(fc.oneof({ weight: 25, arbitrary: listed }, { weight: 1, arbitrary: other }), gap), { minLength: 8, maxLength: 40 }).map((xs) => xs.map(([w, g]) => w + g).join(''));

  it('decides "no phrase" exactly when the old count did, and finds the same phrases otherwise', () => {
    let slow = 0;
    fc.assert(
      fc.property(words, (text) => {
        const before = streakBefore(text);
        const after = listedWordStreak(text);
        // The new count stops once a run is long enough: below it, it is the same number.
        expect(after >= 12).toBe(before >= 12);
        if (before < 12) {
          expect(after).toBe(before);
          expect(findRecoveryPhrases(text)).toEqual([]);
        } else slow++;
      }),
      { numRuns: 1500, seed: 11 },
    );
    expect(slow).toBeGreaterThan(150);
  });
});
