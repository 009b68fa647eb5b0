// Which messages feed the graph, and how a backlog is cut into extraction passes.
import type { Message } from '../../../shared/domain';

/** One extraction pass reads at most this much transcript (longer backlogs become several passes). */
export const CHUNK_CHARS = 12_000;
/**
 * A message longer than this is read in consecutive parts of at most this size, each tagged on its own
 * line, so one paste neither eats a whole pass nor loses its end: every character is extracted.
 */
export const PART_CHARS = 4_000;
/**
 * Consecutive parts share this much text, so a statement cut by a part boundary is still read whole in
 * one of them (a sentence rarely runs longer).
 */
export const PART_OVERLAP = 300;

const GREETING = /^(hi|hello|hey|thanks|thank you|thx|ok|okay|cool|great|bye|good (morning|night|evening)|yes|no|sure)[\s!.,:)]*$/i;

export interface TranscriptMessage {
  id: string;
  seq: number;
  role: 'user' | 'assistant';
  createdAt: string;
  text: string;
  /** Set on the parts of a long message (1-based), all carrying the message's id and seq. */
  part?: { index: number; count: number };
}

/** Keeps substantive prose: no tool noise, error markers, greetings, or code-only turns. Never truncated. */
export function substantive(m: Pick<Message, 'role' | 'content' | 'error' | 'toolCalls'>): string | null {
  if (m.role !== 'user' && m.role !== 'assistant') return null;
  if (m.error) return null;
  const prose = m.content
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/`[^`\n]*`/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (prose.length < 12 || GREETING.test(prose)) return null;
  if (!/\p{L}{3,}/u.test(prose)) return null;
  return prose;
}

/**
 * Cuts a long text into parts of at most `size` characters, each ending at a sentence end where one is
 * near (else at a space), each after the first starting `overlap` characters before the previous one
 * ended (at a word start). Together the parts cover every character.
 */
export function splitText(text: string, size = PART_CHARS, overlap = PART_OVERLAP): string[] {
  if (text.length <= size) return [text];
  const parts: string[] = [];
  let start = 0;
  while (start < text.length) {
    let end = Math.min(text.length, start + size);
    if (end < text.length) {
      const window = text.slice(start + Math.floor(size / 2), end);
      const sentence = Math.max(window.lastIndexOf('. '), window.lastIndexOf('! '), window.lastIndexOf('? '));
      const space = window.lastIndexOf(' ');
      const cut = sentence >= 0 ? sentence + 1 : space >= 0 ? space : -1;
      if (cut >= 0) end = start + Math.floor(size / 2) + cut + 1;
    }
    parts.push(text.slice(start, end).trim());
    if (end >= text.length) break;
    // Step back for the overlap, then forward to a word start, always moving on.
    let next = Math.max(end - overlap, start + 1);
    const space = text.indexOf(' ', next);
    if (space >= 0 && space < end) next = space + 1;
    start = next;
  }
  return parts;
}

/** A message as one transcript entry, or as its parts when it is long. */
export function expand(m: TranscriptMessage, size = PART_CHARS): TranscriptMessage[] {
  const parts = splitText(m.text, size);
  if (parts.length === 1) return [m];
  return parts.map((text, i) => ({ ...m, text, part: { index: i + 1, count: parts.length } }));
}

/**
 * Consecutive chunks of at most `limit` characters; a short message never spans two chunks, a long one
 * is cut into parts first (which may fall into different chunks).
 */
export function chunkTranscript(messages: TranscriptMessage[], limit = CHUNK_CHARS): TranscriptMessage[][] {
  const chunks: TranscriptMessage[][] = [];
  let current: TranscriptMessage[] = [];
  let size = 0;
  for (const m of messages.flatMap((x) => expand(x, Math.min(PART_CHARS, limit - 40)))) {
    const cost = m.text.length + 40;
    if (current.length && size + cost > limit) {
      chunks.push(current);
      current = [];
      size = 0;
    }
    current.push(m);
    size += cost;
  }
  if (current.length) chunks.push(current);
  return chunks;
}

/**
 * The watermark after a chunk: the seq of its last message, or, when the chunk ends inside a long
 * message, just before that message (a retry then reads the whole message again; merges are idempotent).
 */
export function watermarkAfter(chunk: TranscriptMessage[]): number {
  const last = chunk[chunk.length - 1];
  return last.part && last.part.index < last.part.count ? last.seq - 1 : last.seq;
}
