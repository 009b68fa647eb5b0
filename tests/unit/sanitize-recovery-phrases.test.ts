import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist as english } from '@scure/bip39/wordlists/english.js';
import { wordlist as spanish } from '@scure/bip39/wordlists/spanish.js';
import { describe, expect, it, vi } from 'vitest';

// The library's check, counted (it still decides): the pre-check must keep most windows away from it.
const library = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@scure/bip39', async (importOriginal) => {
  const real = await importOriginal<typeof import('@scure/bip39')>();
  return {
    ...real,
    validateMnemonic: (...args: Parameters<typeof real.validateMnemonic>) => {
      library.calls++;
      return real.validateMnemonic(...args);
    },
  };
});
import { sanitizeFact } from '../../src/main/memory/facts/sanitize';
import { checksumMayHold } from '../../src/main/memory/facts/sanitize-secret-bip39';
import { rng } from '../helpers/seeded-random';

/**
 * Wallet recovery phrases (issue 26 §7): held-out 12- and 24-word BIP39 phrases, numbered or not, were
 * stored verbatim. Phrases are generated afresh on every run from the official wordlist, so the rule is
 * tested on the class, not on a phrase it could have been tuned to.
 */
/** The text redacted to exactly `expected` (the words around the phrase kept, every phrase word gone). */
function expectRedacted(text: string, expected: string | RegExp): void {
  const r = sanitizeFact(text);
  expect(r.ok, text).toBe(true);
  if (typeof expected === 'string') expect(r.text).toBe(expected);
  else expect(r.text).toMatch(expected);
  expect(r.ok && r.redactions.map((x) => x.kind)).toEqual(['seed-phrase']);
}

function numbered(words: string[], style: 'dot' | 'paren-lines' | 'columns'): string {
  if (style === 'dot') return words.map((w, i) => `${i + 1}. ${w}`).join(' ');
  if (style === 'paren-lines') return words.map((w, i) => `${i + 1}) ${w}`).join('\n');
  const rows = words.length / 4;
  return Array.from({ length: rows }, (_, r) => [0, 1, 2, 3].map((c) => `${String(c * rows + r + 1).padStart(2)} ${words[c * rows + r]}`).join('   ')).join('\n');
}

/** A phrase from the wordlist whose checksum does NOT hold: a list of words, not a wallet. */
function invalidPhrase(size: 12 | 24): string {
  for (;;) {
    const words = Array.from({ length: size }, () => english[Math.floor(Math.random() * english.length)]);
    if (!validateMnemonic(words.join(' '), english)) return words.join(' ');
  }
}

describe('sanitizeFact: BIP39 recovery phrases', () => {
  it.each([128, 256] as const)('redacts a bare phrase (%i bits) with no label: its checksum says what it is', (bits) => {
    for (let i = 0; i < 5; i++) {
      const phrase = generateMnemonic(english, bits);
      expectRedacted(phrase, '[REDACTED:seed-phrase]');
    }
  });

  it('redacts a phrase between unrelated lines and keeps those lines', () => {
    const phrase = generateMnemonic(english, 256);
    expectRedacted(`Keep this safe!\n${phrase}\nWallet: the grey Trezor`, 'Keep this safe!\n[REDACTED:seed-phrase]\nWallet: the grey Trezor');
  });

  it.each(['dot', 'paren-lines', 'columns'] as const)('redacts a numbered phrase (%s), valid or not', (style) => {
    for (const phrase of [generateMnemonic(english, 256), invalidPhrase(24), generateMnemonic(english, 128).split(' ').slice(0, 12).join(' ')]) {
      const words = phrase.split(' ');
      if (style === 'columns' && words.length % 4 !== 0) continue;
      expectRedacted(`Backup card:\n${numbered(words, style)}`, /^Backup card:\n\s*\[REDACTED:seed-phrase\]$/);
    }
  });

  it('redacts a labelled phrase even when a word was mistyped (checksum broken), in several languages', () => {
    for (const label of ['seed phrase:', 'Kurtarma kelimeleri (cüzdan):', 'Сид-фраза гаманця:', 'frase de recuperación:', 'シードフレーズ：']) {
      const phrase = invalidPhrase(12);
      expectRedacted(`${label} ${phrase}`, `${label} [REDACTED:seed-phrase]`);
    }
  });

  it('knows the other official wordlists (Spanish, accents optional)', () => {
    const phrase = generateMnemonic(spanish, 128);
    expectRedacted(`mi frase: ${phrase}`, 'mi frase: [REDACTED:seed-phrase]');
    expectRedacted(`mi frase: ${phrase.normalize('NFKD').replace(/\p{Mn}/gu, '')}`, 'mi frase: [REDACTED:seed-phrase]');
  });

  it('keeps word lists that are not a phrase: no checksum, no numbers, no label', () => {
    for (let i = 0; i < 20; i++) {
      const words = invalidPhrase(12);
      const text = `Spelling words for Tuesday: ${words}`;
      expect(sanitizeFact(text)).toEqual({ ok: true, text, redactions: [], strippedChars: 0 });
    }
    const prose = 'The docs say BIP39 phrases have 12 or 24 words from a list of 2048, and the last word is a checksum.';
    expect(sanitizeFact(prose)).toEqual({ ok: true, text: prose, redactions: [], strippedChars: 0 });
  });

  it('is idempotent: the redacted text passes through unchanged', () => {
    const once = sanitizeFact(`Ledger: ${generateMnemonic(english, 256)}`);
    expect(once.ok).toBe(true);
    expect(sanitizeFact(once.text)).toEqual({ ok: true, text: once.text, redactions: [], strippedChars: 0 });
  });
});

describe('the checksum pre-check (why a long run of listed words stays cheap)', () => {
  const index = new Map(english.map((w, i) => [w, i]));
  const bitsOf = (phrase: string) => phrase.split(' ').map((w) => index.get(w)!);

  it('agrees with the library on every window it is given: real phrases of each length, and random lists', () => {
    const rnd = rng(7);
    for (const strength of [128, 160, 192, 224, 256]) {
      for (let k = 0; k < 40; k++) expect(checksumMayHold(bitsOf(generateMnemonic(english, strength)))).toBe(true);
    }
    let agreed = 0;
    for (let k = 0; k < 3000; k++) {
      const size = [12, 15, 18, 21, 24][k % 5];
      const words = Array.from({ length: size }, () => english[Math.floor(rnd() * 2048)]);
      expect(checksumMayHold(bitsOf(words.join(' ')))).toBe(validateMnemonic(words.join(' '), english));
      agreed++;
    }
    expect(agreed).toBe(3000);
    // Not a phrase length: never.
    expect(checksumMayHold(bitsOf(generateMnemonic(english, 128)).slice(0, 11))).toBe(false);
  });

  it('a long run of listed words costs a few library calls, not one per window', () => {
    // 200 ordinary listed words ("word word …", a tool schema's filler; a shuffled word list): ~935
    // windows of phrase length. Before, each was a library call (~0.3 ms: 13 s for a schema of 90 such
    // descriptions); now only windows whose checksum can hold reach the library.
    const rnd = rng(11);
    for (const text of ['word '.repeat(200), Array.from({ length: 200 }, () => english[Math.floor(rnd() * 2048)]).join(' ')]) {
      library.calls = 0;
      sanitizeFact(text);
      expect(library.calls).toBeLessThan(40);
    }
  });
});
