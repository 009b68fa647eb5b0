// What every write of a fact goes through before it reaches a scope file: one line, a length limit, the
// sanitizer (instructions refused, secrets redacted, the secret store's own values too), and not empty.
import type { FactWriteResult } from '../../../shared/domain';
import { normalizeFact, toSingleLine } from './fact-id';
import { sanitizeFact } from './sanitize';
import type { KnownSecrets } from './sanitize-known-secrets';

/** A fact is a short bullet; anything longer is a document, not a fact. */
export const MAX_FACT_CHARS = 2000;

/** The text as it would be stored, with the kinds of secrets redacted from it; or the rejection. */
export type CleanedFact = { ok: true; text: string; redactions: string[] } | { ok: false; result: FactWriteResult };

/** Cleans a fact's text for a write (MemoryDir.record, update, replaceAll, preview). */
export function cleanFactText(text: string, knownSecrets: KnownSecrets): CleanedFact {
  const single = toSingleLine(text);
  if (single.length > MAX_FACT_CHARS) {
    return { ok: false, result: { status: 'rejected', fact: null, redactions: [], reason: `A fact is at most ${MAX_FACT_CHARS} characters; this one has ${single.length}. Record the key point only.` } };
  }
  const s = sanitizeFact(single, { knownSecrets });
  if (!s.ok) return { ok: false, result: { status: 'rejected', fact: null, redactions: [], reason: s.reason } };
  const cleaned = toSingleLine(s.text);
  if (normalizeFact(cleaned) === '') {
    return { ok: false, result: { status: 'rejected', fact: null, redactions: [], reason: 'The fact is empty after cleaning.' } };
  }
  return { ok: true, text: cleaned, redactions: s.redactions.map((r) => r.kind) };
}
