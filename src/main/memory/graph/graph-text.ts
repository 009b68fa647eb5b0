// Text that becomes part of the graph — what the model extracted and what the person typed — is memory
// just as a fact is, and is shown to models again (graph tools, law inference): the same sanitizer strips
// invisible characters, redacts secrets and refuses instruction-shaped text.
import { MonadError } from '../../../shared/errors';
import { sanitizeFact } from '../facts/sanitize';

/** The cleaned text, or null when refused. */
export function cleanText(text: string): string | null {
  const r = sanitizeFact(text);
  return r.ok ? r.text : null;
}

/** For what the person typed: the cleaned text, or a BAD_INPUT error that says why it was refused. */
export function cleanTyped(text: string, what: string): string {
  const r = sanitizeFact(text);
  if (!r.ok) throw new MonadError('BAD_INPUT', `The ${what} was refused: ${r.reason}`);
  const t = r.text.trim();
  if (!t) throw new MonadError('BAD_INPUT', `The ${what} is empty`);
  return t;
}

/** An ISO instant from a date ("2026-03-01") or a full ISO string; BAD_INPUT otherwise. */
export function isoInstant(value: string, what: string): string {
  const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00.000Z` : value);
  if (!Number.isFinite(ms)) throw new MonadError('BAD_INPUT', `The ${what} is not a date: ${value.slice(0, 40)}`);
  return new Date(ms).toISOString();
}
