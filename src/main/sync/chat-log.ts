// A chat's synced records (issue 30 §2): every change a device makes to a chat is a new, never rewritten
// record in the chat's document (`chat/<sessionId>`), keyed by a hash of its content, so the same write
// arriving twice is one record and the engine merges devices as a plain union. What stands is decided here,
// the same way on every device:
//   - the chat's state (title, agent, settings…): the latest `state` record (then the greater device id);
//   - a message: its one `message` record (a message never changes once written; an edit is a new message,
//     a branch, as the store keeps it), with its place in the chat (order time and tie, placeOf), which every
//     device sorts the chat by (src/shared/message-order.ts);
//   - a message's place on the path shown: the latest `branch` record names the set it was set aside with
//     (`<device>:<number>`, see chat-marks.ts), none (null, or no record) when it is on the path shown;
//   - a hidden message (`hidden`) and a deleted chat (`deleted`) are final: a chat deleted on one device is
//     deleted on all of them, even if another device added a message meanwhile (that device's person
//     deleted the whole chat, messages and all; the added message is still in the document).
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { canonicalTime, compareOrder } from '../../shared/message-order';
import type { ChatMessage, ChatPlace, ChatState } from './chat-ports';

interface Stamped {
  /** ISO time on the writing device. */
  at: string;
  device: string;
}

export type ChatRecord =
  | ({ type: 'state'; state: ChatState } & Stamped)
  | {
      type: 'message';
      message: ChatMessage;
      /** The writing device's order, for messages of the same instant (the tie of the message's place). */
      seq: number;
      /**
       * The message's order time (src/shared/message-order.ts). Absent from records written before it
       * existed: the message's own time stands for it then, on every device alike.
       */
      sortAt?: string;
    }
  | ({ type: 'branch'; messageId: string; group: string | null } & Stamped)
  | ({ type: 'hidden'; messageId: string } & Stamped)
  | ({ type: 'deleted' } & Stamped);

/** Content-addressed: a message by its id (made once, never rewritten), every other record by a hash of itself. */
export function recordId(r: ChatRecord): string {
  if (r.type === 'message') return `message:${r.message.id}`;
  return `${r.type}:${createHash('sha256').update(stableJson(r)).digest('hex').slice(0, 24)}`;
}

/** JSON with object keys sorted, so that the same record hashes the same on every device. */
export function stableJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(stableJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${stableJson((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

const later = <T extends Stamped>(a: T, b: T): T => (b.at > a.at || (b.at === a.at && b.device > a.device) ? b : a);

/** What the merged records of one chat say stands. */
export interface ChatStanding {
  deleted: boolean;
  state: ChatState | null;
  /** Messages in the order every device shows them: by order time, then the writing device's order, then id. */
  messages: ChatMessage[];
  /** Each message's place (the key of that order), by id. */
  places: Map<string, ChatPlace>;
  /** Per message set aside, the set it was set aside with (messages on the path shown are absent). */
  groups: Map<string, string>;
  hidden: Set<string>;
}

// The shape a record must have to be read at all. A document is written by other devices (a newer Monad, a
// damaged store): a record of another shape is skipped here, so it can neither stop a sync nor be half-read;
// what a record says is validated again, field by field, where it is written into this home (the port).
const stamped = { at: z.string().max(40), device: z.string().max(200) };
const recordShape = z.discriminatedUnion('type', [
  z.object({ type: z.literal('state'), state: z.object({}).passthrough(), ...stamped }),
  z.object({ type: z.literal('message'), message: z.object({ id: z.string().max(200), createdAt: z.string().max(40), content: z.string() }).passthrough(), seq: z.number() }),
  z.object({ type: z.literal('branch'), messageId: z.string().max(200), group: z.string().min(1).max(300).nullable(), ...stamped }),
  z.object({ type: z.literal('hidden'), messageId: z.string().max(200), ...stamped }),
  z.object({ type: z.literal('deleted'), ...stamped }),
]);

/** The records of a document that this Monad can read (see recordShape). */
export function readable(records: Iterable<unknown>): ChatRecord[] {
  const out: ChatRecord[] = [];
  for (const r of records) if (recordShape.safeParse(r).success) out.push(r as ChatRecord);
  return out;
}

export function standingOf(input: Iterable<unknown>): ChatStanding {
  const records = readable(input);
  let state: (ChatRecord & { type: 'state' }) | null = null;
  let deleted = false;
  const messages: { m: ChatMessage; place: ChatPlace }[] = [];
  const branch = new Map<string, ChatRecord & { type: 'branch' }>();
  const hidden = new Set<string>();
  for (const r of records) {
    switch (r.type) {
      case 'state':
        state = state ? later(state, r) : r;
        break;
      case 'message':
        messages.push({ m: r.message, place: placeOf(r) });
        break;
      case 'branch': {
        const b = branch.get(r.messageId);
        branch.set(r.messageId, b ? later(b, r) : r);
        break;
      }
      case 'hidden':
        hidden.add(r.messageId);
        break;
      case 'deleted':
        deleted = true;
        break;
    }
  }
  messages.sort((x, y) => compareOrder({ ...x.place, id: x.m.id }, { ...y.place, id: y.m.id }));
  const groups = new Map<string, string>();
  for (const [id, b] of branch) if (b.group !== null) groups.set(id, b.group);
  return { deleted, state: state?.state ?? null, messages: messages.map((x) => x.m), places: new Map(messages.map((x) => [x.m.id, x.place])), groups, hidden };
}

/**
 * A message record's place, the same on every device: its order time (or, in a record from before order
 * times, or one whose time is not a date, the message's own time), in canonical form; its tie.
 */
export function placeOf(r: ChatRecord & { type: 'message' }): ChatPlace {
  const at = canonicalTime(r.sortAt) ?? canonicalTime(r.message.createdAt) ?? '';
  return { at, tie: Number.isSafeInteger(r.seq) ? r.seq : 0 };
}
