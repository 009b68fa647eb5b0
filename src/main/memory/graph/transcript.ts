// Which messages feed the graph, and how a backlog is cut into extraction passes.
import type { Message } from '../../../shared/domain';

/** One extraction pass reads at most this much transcript (longer backlogs become several passes). */
export const CHUNK_CHARS = 12_000;
/** A single huge message is truncated to this, so one paste cannot eat a whole pass. */
const MAX_MESSAGE_CHARS = 4_000;

const GREETING = /^(hi|hello|hey|thanks|thank you|thx|ok|okay|cool|great|bye|good (morning|night|evening)|yes|no|sure)[\s!.,:)]*$/i;

export interface TranscriptMessage {
  id: string;
  seq: number;
  role: 'user' | 'assistant';
  createdAt: string;
  text: string;
}

/** Keeps substantive prose: no tool noise, error markers, greetings, or code-only turns. */
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
  return prose.length > MAX_MESSAGE_CHARS ? `${prose.slice(0, MAX_MESSAGE_CHARS)}…` : prose;
}

/** Consecutive chunks of at most `limit` characters; a message never spans two chunks. */
export function chunkTranscript(messages: TranscriptMessage[], limit = CHUNK_CHARS): TranscriptMessage[][] {
  const chunks: TranscriptMessage[][] = [];
  let current: TranscriptMessage[] = [];
  let size = 0;
  for (const m of messages) {
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
