// Every imported text that can reach a prompt goes through the fact sanitizer, and what it refuses is
// reported per item with where it came from. Two kinds of text:
//   memory texts (law statements, graph names and relations, chat titles, agent descriptions) are
//     memory the model reads as knowledge: instruction-shaped ones are refused, like a fact;
//   message texts (a chat's history) are the person's own words or a model's replies: secrets are
//     redacted and invisible characters stripped, but nothing is refused for sounding like an order —
//     people ask things. (Imported system messages are quoted, never obeyed: chat/history.ts.)
import type { ImportRefusal, ImportReport } from '../../shared/domain';
import { cleanText, sanitizeFact } from '../memory/facts/sanitize';
import { CleanMemo } from './clean-memo';
import { KnownSecrets } from '../memory/facts/sanitize-known-secrets';
import { OversizeString } from './json-stream';
import { EXCERPT_CHARS, MAX_MESSAGE_CHARS, MAX_REPORT_ITEMS } from './limits';

/** Control, bidi and other invisible characters, for text echoed into a report or a terminal. */
const UNPRINTABLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** A short, single-line, printable version of a text from the file (names, excerpts in reports). */
export function printable(text: string, max = EXCERPT_CHARS): string {
  const flat = text.replace(UNPRINTABLE, '').replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

type Refusal = { reason: string; excerpt: string } | null;
type Counts = { redactions: number; strippedChars: number };

export class ImportCleaner {
  // Repeated texts are judged once (clean-memo.ts); each occurrence is still counted and reported.
  private readonly memoryVerdicts = new CleanMemo<Counts & { refused: Refusal }>();
  private readonly messageVerdicts = new CleanMemo<Counts>();

  constructor(
    private readonly report: ImportReport,
    /** The secret store's values: an archive can carry a key this home holds, in any text. */
    private readonly knownSecrets: KnownSecrets = KnownSecrets.EMPTY,
  ) {}

  /**
   * A text that becomes memory or prompt framing. Returns the cleaned text, or null when the sanitizer
   * refused it (reported as `what` at `where`) or nothing is left after cleaning.
   */
  memoryText(text: string, what: string, where: string): string | null {
    const v = this.memoryVerdicts.get(text, (t) => {
      const r = sanitizeFact(t, { knownSecrets: this.knownSecrets });
      if (!r.ok) return { text: null, extra: { redactions: 0, strippedChars: 0, refused: { reason: r.reason, excerpt: r.text } } };
      return { text: r.text, extra: { redactions: r.redactions.length, strippedChars: r.strippedChars, refused: null } };
    });
    if (v.extra.refused) {
      this.refuse(where, what, v.extra.refused.reason, v.extra.refused.excerpt);
      return null;
    }
    this.count(v.extra.redactions, v.extra.strippedChars);
    const clean = v.text!.trim();
    if (!clean) {
      this.refuse(where, what, 'nothing is left after removing invisible characters', '');
      return null;
    }
    return clean;
  }

  /** A chat message's text: secrets redacted, invisible characters stripped, never refused for its content. */
  messageText(text: string): string {
    const r = cleanText(text, { knownSecrets: this.knownSecrets });
    this.count(r.redactions.length, r.strippedChars);
    return r.text;
  }

  /**
   * A text cleaned like a message's that an archive repeats: History summaries and snapshots (a fact's text
   * is in every entry about it), receipt lines. Judged once per import (clean-memo.ts).
   */
  repeatedText(text: string): string {
    const v = this.messageVerdicts.get(text, (t) => {
      const r = cleanText(t, { knownSecrets: this.knownSecrets });
      return { text: r.text, extra: { redactions: r.redactions.length, strippedChars: r.strippedChars } };
    });
    this.count(v.extra.redactions, v.extra.strippedChars);
    return v.text!;
  }

  /** An identity file's text: cleaned like a message (identity files stay verbatim otherwise), with its counts. */
  identityText(text: string): { text: string; redactions: number; strippedChars: number } {
    const r = cleanText(text, { knownSecrets: this.knownSecrets });
    this.count(r.redactions.length, r.strippedChars);
    return { text: r.text, redactions: r.redactions.length, strippedChars: r.strippedChars };
  }

  /** Every string inside a tool call's arguments, cleaned like message text (they are model input too). */
  messageValue(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.messageText(value);
    if (depth > 32 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.messageValue(v, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[this.messageText(k)] = this.messageValue(v, depth + 1);
    return out;
  }

  refuse(where: string, what: string, reason: string, text: string): void {
    this.report.refusedTotal++;
    if (this.report.refused.length >= MAX_REPORT_ITEMS) return;
    const item: ImportRefusal = { where: printable(where, 200), what, reason: printable(reason, 300), excerpt: printable(text) };
    this.report.refused.push(item);
  }

  refuseOversize(where: string, what: string, chars: number): void {
    this.refuse(where, what, `longer than ${MAX_MESSAGE_CHARS.toLocaleString('en')} characters (${chars.toLocaleString('en')}); not imported`, '');
  }

  private count(redactions: number, stripped: number): void {
    this.report.cleaned.redactions += redactions;
    this.report.cleaned.strippedChars += stripped;
  }
}

/** The size of a value as the importer counts it against MAX_MESSAGE_CHARS; Infinity when a part was not kept. */
export function charSize(value: unknown, depth = 0): number {
  if (value instanceof OversizeString) return Number.POSITIVE_INFINITY;
  if (typeof value === 'string') return value.length;
  if (depth > 32 || value === null || typeof value !== 'object') return 8;
  let n = 2;
  for (const [k, v] of Object.entries(value)) n += k.length + charSize(v, depth + 1);
  return n;
}
