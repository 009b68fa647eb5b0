// Whether a text mentions a subject ("Ana", "Acme Corp"): whole words, in order, ignoring case, accents
// and punctuation. "Ana’s sister" and "ANA." mention Ana; "banana" and "Anatomy" do not.

/** Lowercase words without accents, separated by single spaces ("Ana’s  café" → "ana s cafe"). */
export function mentionForm(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The subject's words (what a full-text index is asked for). */
export function mentionWords(subject: string): string[] {
  const form = mentionForm(subject);
  return form ? form.split(' ') : [];
}

/** A test for "does this text mention the subject?", or null when the subject has no letters or digits. */
export function mentionMatcher(subject: string): ((text: string) => boolean) | null {
  const form = mentionForm(subject);
  if (!form) return null;
  const needle = ` ${form} `;
  return (text) => ` ${mentionForm(text)} `.includes(needle);
}
