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

/** Text in which letters are ASCII only: nothing to normalise, so the quick test is the whole answer. */
const ASCII = /^[\x00-\x7f]*$/;

/**
 * A test for "does this text mention the subject?", or null when the subject has no letters or digits.
 * Most memory is plain ASCII: such text is tested with one regular expression on the raw string (the
 * same whole-word rule); only text with other characters is normalised first (accents, wide forms).
 * The preview runs it over every fact, so the difference matters at ten thousand of them.
 */
export function mentionMatcher(subject: string): ((text: string) => boolean) | null {
  const form = mentionForm(subject);
  if (!form) return null;
  const needle = ` ${form} `;
  const asciiNeedle = ASCII.test(form) ? new RegExp(`(?<![a-z0-9])${form.split(' ').join('[^a-z0-9]+')}(?![a-z0-9])`, 'i') : null;
  return (text) => {
    if (asciiNeedle && ASCII.test(text)) return asciiNeedle.test(text);
    return ` ${mentionForm(text)} `.includes(needle);
  };
}
