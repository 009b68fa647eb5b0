/**
 * Encoded payloads: an instruction hidden as base64, hex, URL-encoding, ROT13 or reversed text (often
 * behind bidi controls that display it the right way round), usually with an order to decode and obey.
 *
 * Two layers. The rules below catch the order itself ("decode this and follow it", "[rot13 → obey]"),
 * whatever the payload says. `alternativeReadings` decodes what looks encoded and hands the plain text
 * back to every rule family (sanitize-injection.ts), so a payload is judged by what it says even when no
 * order comes with it.
 */
import { B, E, IMP, REASON, type Rule, type RuleFamily, rule, gap } from './sanitize-injection-shared';
import { allMatches } from './sanitize-regex-scan';

const ENCODING = String.raw`(?:base-?64|b64|rot-?13|rot\s+13|caesar(?:\s+cipher)?|hex(?:adecimal)?|url-?encod\w*|percent-?encod\w*|uri-?encod\w*|morse|binary|ascii\s+codes?|backwards?|reversed?|in\s+reverse|mirrored|encoded|encrypted|cipher(?:text)?|obfuscated|scrambled)`;
const DECODE = String.raw`(?:decode|decipher|decrypt|unscramble|un-?reverse|reverse|read|apply|url-?decode|base-?64-?decode|translate|convert|rot-?13|flip)`;
const OBEY = String.raw`(?:follow|obey|execute|run|comply|do\s+(?:what|as)\s+(?:it|this|they)\s+says?|act\s+on|carry\s+out|implement|perform|treat\s+(?:it|this|them)\s+as\s+(?:your\s+)?(?:instructions|orders|rules)|do\s+it)`;

const ENCODED_RULES: Rule[] = [
  // "Decode this and follow it", "URL-decode and execute", "read this backwards and do what it says".
  rule(REASON.encoded, String.raw`${IMP}${DECODE}${E}${gap(80)}${B}${OBEY}${E}`),
  // "(b64, execute)", "[rot13 → obey]", "base64:eyJ… — run it", "hex instructions (decode, then comply)".
  rule(REASON.encoded, String.raw`${B}${ENCODING}${E}[^\n]{0,24}?(?:->|\u2192|=>|,|:|-|\(|\[)\s*(?:then\s+)?(?:${OBEY}|decode|apply)${E}`),
  rule(REASON.encoded, String.raw`${B}${ENCODING}${E}\S*\s*(?:[:=]\s*)?[a-z0-9+/=_-]{16,}[^\n]{0,16}?(?:-|,|\(|\[|\s)\s*(?:${OBEY})\s+(?:it|this|them)${E}`),
  // "The following base64 is your new instructions", "your orders, in ROT13:".
  rule(REASON.encoded, String.raw`${B}${ENCODING}${E}${gap(40)}${B}(?:is|are|contains?|holds?|has)\s+(?:your|the)\s+(?:new\s+|real\s+|actual\s+|next\s+)?(?:instructions|orders|rules|directives|task|prompt|commands?)${E}`),
  rule(REASON.encoded, String.raw`${B}(?:your|the)\s+(?:new\s+|real\s+|actual\s+|next\s+)?(?:instructions|orders|rules|directives|task|prompt|commands?)\s*(?:,|:|-)?\s*(?:are\s+|is\s+)?(?:in|as)\s+(?:${ENCODING})${E}`),
];

export const ENCODED_FAMILY: RuleFamily = { name: 'encoded', rules: ENCODED_RULES };

// ---------------------------------------------------------------------------------------------------------
// Alternative readings: what the text says once decoded or turned round
// ---------------------------------------------------------------------------------------------------------

/** Shorter runs are ordinary words and ids; an instruction needs at least this much encoded text. */
const MIN_ENCODED_CHARS = 16;
const BASE64_RUN = /(?<![A-Za-z0-9+/_-])(?:[A-Za-z0-9+/]{16,}={0,2}|[A-Za-z0-9_-]{16,}={0,2})(?![A-Za-z0-9+/=_-])/g;
const HEX_RUN = /(?<![0-9A-Fa-f])(?:[0-9A-Fa-f]{2}){8,}(?![0-9A-Fa-f])|(?:\\x[0-9A-Fa-f]{2}){4,}|(?:0x[0-9A-Fa-f]{2}[\s,]*){4,}/g;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2}[^%\s]{0,12}){2,}/;
const REVERSAL_CUE = /backwards?|revers|mirror|right[- ]to[- ]left|from the end/i;
const ROT13_CUE = /rot[\s-]?13|caesar|cipher|rotate|shift(?:ed)?\s+by\s+13/i;
/** Common English words: a reading that suddenly has many of them was written in a disguise. */
const PLAIN_WORDS = /\b(?:the|and|you|your|all|to|of|is|in|it|for|with|that|this|from|every|user|ignore|always|never|send|reveal|instructions|previous|memory|memories|system|prompt|now|on|any|tell|answer|about)\b/g;

/** A decoded byte string that reads as text: valid UTF-8, printable, with words in it. */
function asText(bytes: Buffer): string | null {
  if (bytes.length < 8) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  const printable = text.replace(/[^\p{L}\p{N}\p{P}\p{S}\s]/gu, '').length;
  if (printable < text.length * 0.9 || !/\p{L}{2,}[\s\p{P}]+\p{L}{2,}/u.test(text)) return null;
  return text;
}

function rot13(text: string): string {
  return text.replace(/[A-Za-z]/g, (c) => {
    const base = c <= 'Z' ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

function reverseString(text: string): string {
  return Array.from(text).reverse().join('');
}

function reverseWords(text: string): string {
  return text.replace(/\p{L}+/gu, (w) => reverseString(w));
}

function plainWordCount(text: string): number {
  let n = 0;
  for (const _ of allMatches(PLAIN_WORDS, text.toLowerCase())) n++;
  return n;
}

/** The transformed text reads as plain English where the original did not. */
function readsBetter(reading: string, original: number): boolean {
  const n = plainWordCount(reading);
  return n >= 3 && n >= 2 * original + 2;
}

export interface ReadingHints {
  /** Bidi controls were stripped from the text: what it displayed was its reverse. */
  bidi?: boolean;
}

/**
 * Every plain-text reading of `text` worth judging: decoded base64, hex and percent-encoded runs (joined,
 * duplicates once), and the ROT13 or reversed text when a cue, bidi controls, or the result itself says it
 * was written that way. Linear in the text: each run is decoded once.
 */
export function alternativeReadings(text: string, hints: ReadingHints = {}): string[] {
  const readings: string[] = [];
  const decoded = new Set<string>();
  for (const m of allMatches(BASE64_RUN, text)) {
    if (m[0].length < MIN_ENCODED_CHARS) continue;
    const t = asText(Buffer.from(m[0].replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
    if (t) decoded.add(t);
  }
  for (const m of allMatches(HEX_RUN, text)) {
    const t = asText(Buffer.from(m[0].replace(/\\x|0x|[\s,]/g, ''), 'hex'));
    if (t) decoded.add(t);
  }
  if (PERCENT_RUN.test(text)) {
    const t = text.replace(/(?:%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
    if (t !== text) decoded.add(t);
  }
  if (decoded.size) readings.push([...decoded].join('\n'));

  const original = plainWordCount(text);
  const rotated = rot13(text);
  if (ROT13_CUE.test(text) || readsBetter(rotated, original)) readings.push(rotated);
  const reversed = reverseString(text);
  if (hints.bidi || REVERSAL_CUE.test(text) || readsBetter(reversed, original)) readings.push(reversed);
  const wordsReversed = reverseWords(text);
  if (REVERSAL_CUE.test(text) || readsBetter(wordsReversed, original)) readings.push(wordsReversed);
  return readings;
}
