// The one-time invite code and the device credential (issue 30 §4). An invite code is read aloud or typed
// from one screen to another, so it is words from the BIP-39 English list (shipped by @scure/bip39, never
// copied here); a credential is never typed, so it is 256 random bits. The relay keeps only hashes of both.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { createRequire } from 'node:module';

/** The list, required at the first code made or read (`monad serve` reaches this file, most serves pair nothing). */
let english: { words: readonly string[]; set: ReadonlySet<string> } | null = null;
function englishList(): { words: readonly string[]; set: ReadonlySet<string> } {
  if (english) return english;
  const { wordlist } = createRequire(import.meta.url)('@scure/bip39/wordlists/english.js') as typeof import('@scure/bip39/wordlists/english.js');
  english = { words: wordlist, set: new Set(wordlist) };
  return english;
}

/**
 * 6 words of 2,048 = 66 bits. A code lives 15 minutes and the relay allows a handful of wrong codes a
 * minute, so a guesser gets ~150 tries at 2^66: out of reach, while a person types 6 short words.
 */
export const INVITE_WORDS = 6;

export function newInviteCode(): string {
  const { words } = englishList();
  return Array.from({ length: INVITE_WORDS }, () => words[randomInt(words.length)]).join('-');
}

/**
 * The code as a person may type it back: any case, words separated by spaces, hyphens, dots or commas.
 * Returns null for anything that is not INVITE_WORDS words of the list, so a typo is caught before the
 * relay counts it as a wrong guess.
 */
export function normaliseInviteCode(typed: string): string | null {
  const words = typed.toLowerCase().split(/[^a-z]+/).filter(Boolean);
  const { set } = englishList();
  if (words.length !== INVITE_WORDS || !words.every((w) => set.has(w))) return null;
  return words.join('-');
}

/** A device's credential: 256 random bits, URL-safe. */
export function newDeviceToken(): string {
  return `msync_${randomBytes(32).toString('base64url')}`;
}

/** What the relay keeps instead of a code or a credential. */
export function hashSecret(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}
