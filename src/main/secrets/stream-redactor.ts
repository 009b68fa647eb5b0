// Redacting a text that leaves in pieces: a streamed reply goes out as many small deltas, and a stored
// key the model repeats can be split across any two of them, where no piece alone holds it. So the tail
// of what arrived is held back for as long as it could still grow into one of the stored values' forms,
// and goes out (redacted where it became one) as soon as it cannot. In ordinary text nothing, or a
// character or two, is held: a tail is held only while it is the beginning of a form.
import { redactStoredSecrets, withoutSpellingSeparators, type KnownSecrets } from '../memory/facts/sanitize-known-secrets';

export class StreamRedactor {
  private held = '';

  constructor(private readonly known: () => KnownSecrets) {}

  /** The next piece in; what may go out now (possibly empty). */
  push(piece: string): string {
    const known = this.known();
    const text = this.held + piece;
    if (known.size === 0) {
      this.held = '';
      return text;
    }
    let cut = dangerousTail(text, known);
    // Never cut through a value already whole in the text: hold it all back with its tail.
    for (const [start, end] of known.find(text)) if (start < cut && cut < end) cut = start;
    this.held = text.slice(cut);
    return redactStoredSecrets(text.slice(0, cut), known).text;
  }

  /** The stream ended: whatever was held, redacted. */
  flush(): string {
    const rest = this.held;
    this.held = '';
    return rest ? redactStoredSecrets(rest, this.known()).text : '';
  }
}

/** Where the earliest-starting tail of `text` that is still the beginning of a form begins (text.length when none). */
function dangerousTail(text: string, known: KnownSecrets): number {
  let cut = text.length;
  for (const form of known.forms()) {
    for (const literal of form.literals) cut = Math.min(cut, prefixTail(text, literal, (tail) => literal.startsWith(tail)));
    const compact = form.compact;
    if (compact.length > 0) {
      // Spelled out, a value may be stretched by separators: look back far enough for that.
      cut = Math.min(cut, prefixTail(text, compact, (tail) => compact.startsWith(withoutSpellingSeparators(tail)), 4));
    }
  }
  return cut;
}

/**
 * The earliest start p (within reach of `form`'s length) where text[p..] begins with form's first
 * character and `isPrefix(text[p..])` holds.
 */
function prefixTail(text: string, form: string, isPrefix: (tail: string) => boolean, stretch = 1): number {
  const reach = Math.max(0, text.length - form.length * stretch);
  const first = form[0];
  let p = text.indexOf(first, reach);
  while (p >= 0) {
    if (isPrefix(text.slice(p))) return p;
    p = text.indexOf(first, p + 1);
  }
  return text.length;
}
