// What a memory label says, from one place (issue 27 §3). A record's origin (whose words), its state
// (saved, waiting for the person, refused and why) and its source (who wrote it down, where) become the
// texts every view shows: the chat's tool chips and "Remembered" lines, receipts, the Memory tab, the
// Graph, History, MCP results and the recall block. Each view used to keep its own table, and they
// disagreed ("saved" in green for a write waiting in the Inbox; "inferred" here, "Said by you" there).
import type { FactSource, ProvClass } from './domain';
import { factSourceLabel } from './fact-source';

/** Whose words a record is. `app`: written by another program over MCP. */
export type MemoryOrigin = 'you' | 'assistant' | 'inferred' | 'pasted' | 'forwarded' | 'imported' | 'app' | 'consolidated';

/** What became of a write. `pending`: held for the person's approval ("Ask me first"). */
export type MemoryState =
  | { kind: 'saved' }
  | { kind: 'known' }
  | { kind: 'pending' }
  | { kind: 'refused'; reason: string | null }
  | { kind: 'writing' }
  | { kind: 'read' };

/** How a label is coloured: green only for what was really saved; pending and refused never are. */
export type MemoryTone = 'saved' | 'pending' | 'refused' | 'neutral';

export interface MemoryLabel {
  /** Whose words, as a phrase ("you said it"); null when Monad never recorded it (saying either would be a guess). */
  origin: string | null;
  /** The same, shorter, for the recall block (paid for on every turn). */
  originShort: string | null;
  /** The state as a phrase ("waiting for your approval in the Inbox"); null when no state was given. */
  state: string | null;
  /** The state in a word or two, for a chip ("pending approval"). */
  chip: string | null;
  tone: MemoryTone;
  /** Who wrote the current text down and how ("Recorded by the agent from your message in a chat"). */
  source: string | null;
}

const ORIGIN_TEXT: Record<MemoryOrigin, { long: string; short: string }> = {
  you: { long: 'you said it', short: 'you said it' },
  assistant: { long: 'the assistant said it', short: 'the assistant said it' },
  inferred: { long: 'the assistant inferred it', short: 'inferred' },
  pasted: { long: 'from pasted text', short: 'from pasted text' },
  forwarded: { long: 'from a forwarded message', short: 'from a forwarded message' },
  imported: { long: 'imported', short: 'imported' },
  app: { long: 'via an app', short: 'via an app' },
  consolidated: { long: 'consolidated', short: 'consolidated' },
};

function stateText(s: MemoryState): { state: string; chip: string; tone: MemoryTone } {
  switch (s.kind) {
    case 'saved':
      return { state: 'saved', chip: 'saved', tone: 'saved' };
    case 'known':
      return { state: 'already known; nothing new was saved', chip: 'already known', tone: 'neutral' };
    case 'pending':
      return { state: 'waiting for your approval in the Inbox; not saved yet', chip: 'pending approval', tone: 'pending' };
    case 'refused':
      return { state: s.reason ? `not saved: ${s.reason}` : 'not saved', chip: 'not saved', tone: 'refused' };
    case 'writing':
      return { state: 'saving', chip: 'saving', tone: 'neutral' };
    case 'read':
      return { state: 'read', chip: 'read', tone: 'neutral' };
  }
}

/** The one labelling function: every part is optional, so each view asks only for what it shows. */
export function memoryLabel(input: { origin?: MemoryOrigin | null; state?: MemoryState | null; source?: FactSource | null; app?: string | null }): MemoryLabel {
  const o = input.origin ? ORIGIN_TEXT[input.origin] : null;
  const app = input.origin === 'app' && input.app ? `via ${input.app}` : null;
  const st = input.state ? stateText(input.state) : null;
  return {
    origin: app ?? o?.long ?? null,
    originShort: app ?? o?.short ?? null,
    state: st?.state ?? null,
    chip: st?.chip ?? null,
    tone: st?.tone ?? 'neutral',
    source: input.source ? factSourceLabel(input.source) : null,
  };
}

/** A sentence's first letter up (the Graph and History start lines with a label). */
export function capitalized(text: string): string {
  return text ? text[0].toUpperCase() + text.slice(1) : text;
}

/** A relation's provenance class as a memory origin: the same words as a fact's. */
export const PROV_ORIGIN: Record<ProvClass, MemoryOrigin> = { user: 'you', assistant: 'assistant', inferred: 'inferred' };

// ── the memory tool's results, read back by the chat's chips ───────────────────────────────────────
// The memory tool (main) writes these first words; the chat (renderer) reads the state back from them.
// Both sides take them from here, so a new wording cannot make a waiting write look saved again.

/** A write held for the person ("Ask me first"). */
export const PENDING_PREFIX = 'Pending, not saved yet:';
/** The same write asked for again while it still waits. */
export const ALREADY_WAITING_PREFIX = 'Already waiting';
/** First words of a result that saved nothing. */
const NOT_SAVED = /^(Not saved|Nothing saved|Nothing deleted|Nothing proposed|Rejected)/;
const KNOWN = /^Already known/;

/** The state a finished memory-tool write ended in, from its result text. */
export function memoryToolState(result: string): MemoryState {
  if (result.startsWith(PENDING_PREFIX) || result.startsWith(ALREADY_WAITING_PREFIX)) return { kind: 'pending' };
  const refused = NOT_SAVED.exec(result);
  if (refused) return { kind: 'refused', reason: result.slice(refused[0].length).replace(/^[:,]?\s*/, '') || null };
  if (KNOWN.test(result)) return { kind: 'known' };
  return { kind: 'saved' };
}

/** The proposal id in a pending result ("(proposal chat:12)"), for the receipt line. */
export function proposalIdOf(toolResult: string): string | null {
  if (!toolResult.startsWith(PENDING_PREFIX) && !toolResult.startsWith(ALREADY_WAITING_PREFIX)) return null;
  return /\(proposal (chat:\d+)\)/.exec(toolResult)?.[1] ?? null;
}

// ── where a relation came from ─────────────────────────────────────────────────────────────────────

/**
 * The Graph's "Learned from" line when no message is listed (issue 27 §3): a relation the person added
 * by hand never had messages behind it, so it says "Added by you on <date>" instead of "None of the
 * messages behind this relation remain", which is only true of one whose messages were deleted.
 * `date` formats a time the way the view shows times. Null: there are messages to list.
 */
export function relationSourceLabel(
  edge: { assertedBy?: 'model' | 'person'; support?: readonly string[]; addedAt?: string },
  shownMessages: number,
  date: (iso: string) => string,
): string | null {
  if (shownMessages > 0) return null;
  if (edge.assertedBy === 'person' && edge.support !== undefined && edge.support.length === 0) {
    return edge.addedAt ? `Added by you on ${date(edge.addedAt)}` : 'Added by you';
  }
  return 'None of the messages behind this relation remain.';
}
