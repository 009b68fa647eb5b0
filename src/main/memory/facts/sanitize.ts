/**
 * sanitizeFact — the gate every L1 memory write passes through (spec: memory-subsystem.md, "Write path").
 *
 *   1. Unicode: strip invisible / bidi / tag / junk code points, NFC.      (sanitize-unicode.ts)
 *   2. Secrets: redact credential-shaped substrings to [REDACTED:<kind>].  (sanitize-secrets.ts)
 *   3. Injection: refuse instruction-shaped "facts".                       (sanitize-injection.ts)
 *
 * The order matters: stripping first means a key split by a zero-width space is caught whole, and redacting
 * before judging means a rejected fact's text (returned for display/logging) never carries a secret.
 * Sanitizing its own output changes nothing (idempotent), so re-saving an edited fact is safe.
 */
import { detectInjection } from './sanitize-injection';
import type { KnownSecrets } from './sanitize-known-secrets';
import { redactSecrets, type RedactionKind } from './sanitize-secrets';
import { stripInvisible } from './sanitize-unicode';

export type { RedactionKind } from './sanitize-secrets';

export interface SanitizeOptions {
  /**
   * The values held in the secret store (storedSecretsFrom in sanitize-known-secrets.ts): a custom key has
   * no shape a pattern could know, so its exact value, spaced out or encoded, becomes
   * [REDACTED:stored-secret].
   */
  knownSecrets?: KnownSecrets;
}

export type SanitizeResult =
  | { ok: true; text: string; redactions: { kind: RedactionKind }[]; strippedChars: number }
  | {
      ok: false;
      reason: string;
      category: 'injection';
      /**
       * The rule family that refused it (override, authority, trigger, promotion, persona, exfiltration,
       * tool, encoded, markup, hidden-text…), or 'unchecked' when the text could not be judged. Lets a
       * caller that expects instructions (an AGENTS.md) tell a standing order from a hostile one.
       */
      family: string;
      text: string /* the cleaned text that was judged */;
    };

/** Redaction inserts ASCII only, so one more strip+redact round finds nothing in practice; this is a backstop. */
const MAX_CLEAN_ROUNDS = 3;

function clean(input: string, opts: SanitizeOptions): { text: string; redactions: { kind: RedactionKind }[]; strippedChars: number; hiddenTagText: string; bidiControls: number } {
  let text = input;
  let strippedChars = 0;
  let hiddenTagText = '';
  let bidiControls = 0;
  const redactions: { kind: RedactionKind }[] = [];
  for (let round = 0; round < MAX_CLEAN_ROUNDS; round++) {
    const stripped = stripInvisible(text);
    const redacted = redactSecrets(stripped.text, { knownSecrets: opts.knownSecrets });
    strippedChars += stripped.stripped;
    hiddenTagText += stripped.hiddenTagText;
    bidiControls += stripped.bidiControls;
    redactions.push(...redacted.redactions);
    const changed = redacted.text !== text;
    text = redacted.text;
    if (!changed || (stripped.stripped === 0 && redacted.redactions.length === 0)) break;
  }
  return { text, redactions, strippedChars, hiddenTagText, bidiControls };
}

export function sanitizeFact(input: string, opts: SanitizeOptions = {}): SanitizeResult {
  // Callers are typed, but the memory tool's arguments come from a model: do not trust the type at runtime.
  const raw = typeof input === 'string' ? input : '';
  try {
    const cleaned = clean(raw, opts);
    const verdict = detectInjection(cleaned.text, cleaned.hiddenTagText, { bidi: cleaned.bidiControls > 0 });
    if (verdict) return { ok: false, reason: verdict.reason, category: 'injection', family: verdict.family, text: cleaned.text };
    return { ok: true, text: cleaned.text, redactions: cleaned.redactions, strippedChars: cleaned.strippedChars };
  } catch (err) {
    // Fail closed: a fact we could not check must not reach memory. The reason tells the agent what happened.
    const detail = err instanceof Error ? err.message : String(err);
    return { ok: false, reason: `Could not check this fact safely (${detail}); it was not saved`, category: 'injection', family: 'unchecked', text: '' };
  }
}

/**
 * The cleaning half of sanitizeFact without the injection verdict, for texts that are kept whatever
 * they say: imported chat messages (a person's own question may well sound like an instruction, and
 * refusing it would rewrite their history). Invisible/bidi characters are stripped and secrets redacted
 * exactly as for a fact. Never throws: a text it cannot check comes back empty, counted as stripped.
 */
export function cleanText(input: string, opts: SanitizeOptions = {}): { text: string; redactions: { kind: RedactionKind }[]; strippedChars: number } {
  const raw = typeof input === 'string' ? input : '';
  try {
    const c = clean(raw, opts);
    return { text: c.text, redactions: c.redactions, strippedChars: c.strippedChars };
  } catch {
    return { text: '', redactions: [], strippedChars: raw.length };
  }
}
