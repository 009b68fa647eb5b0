// Issue 30 §6, a message's place as it travels (src/shared/message-order.ts, sync/chat-log.ts): records
// written before places existed (no order time; `seq` the writer's index) are placed by their own time and
// the writer's order; an order time that is not a date in the canonical range falls back the same way on
// every device; and a home upgraded with its chats in arrival order takes the records' places at its next
// sync, without renumbering anything the search index holds.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { chatSyncPort } from '../../src/main/engine-sync-chats';
import { chatRecordsOf, chatsKind } from '../../src/main/sync/chat-bridge';
import { recordId, standingOf, type ChatRecord } from '../../src/main/sync/chat-log';
import type { ChatMessage } from '../../src/main/sync/chat-ports';
import { device, syncKind } from '../helpers/sync-devices';
import { openEngine } from '../helpers/temp-home';

const ID = 'c0ffee00-0000-4000-8000-00000000aaaa';
const state = { agentId: 'default', title: 'Garden', titleSource: 'person', projectKey: null, incognito: false, createdAt: '2026-03-01T09:00:00.000Z', chatModel: null, settings: {} };
const message = (id: string, createdAt: string): ChatMessage => ({ id, role: 'user', content: `message ${id}`, toolCalls: null, toolCallId: null, usage: null, error: null, createdAt, origin: 'typed', editRoot: null, writtenBy: null, files: [] });
const put = (doc: Y.Doc, r: ChatRecord) => chatRecordsOf(doc).set(recordId(r), r);

/** A chat's document as an older Monad wrote it, plus one record from a device sending odd order times. */
function olderDocument(doc: Y.Doc): void {
  put(doc, { type: 'state', state: state as never, at: '2026-03-01T09:00:00.000Z', device: 'device-x' });
  // Two messages of one instant (a reply's tool call and its result): the writer's order decides.
  put(doc, { type: 'message', message: message('m-late', '2026-03-01T09:00:02.000Z'), seq: 1 });
  put(doc, { type: 'message', message: message('m-first', '2026-03-01T09:00:01.000Z'), seq: 0 });
  put(doc, { type: 'message', message: message('m-same-b', '2026-03-01T09:00:02.000Z'), seq: 2 });
  // An order time out of the canonical range: the message's own time stands for it, everywhere alike; one in
  // another form (an offset) is read as the same instant.
  put(doc, { type: 'message', message: message('m-odd', '2026-03-01T09:00:03.000Z'), seq: 3, sortAt: '+099999-01-01T00:00:00.000Z' });
  put(doc, { type: 'message', message: message('m-offset', '2026-03-01T09:00:00.000Z'), seq: 4, sortAt: '2026-03-01T10:00:04+01:00' });
}

describe('places of synced messages', () => {
  it('records without an order time are placed by their time, then the writer’s order; odd order times are read alike', () => {
    const doc = new Y.Doc();
    olderDocument(doc);
    expect(standingOf(chatRecordsOf(doc).values()).messages.map((m) => m.id)).toEqual(['m-first', 'm-late', 'm-same-b', 'm-odd', 'm-offset']);
    const B = device(openEngine(), 'device-b');
    Y.applyUpdate(B.docOf(`chat/${ID}`), Y.encodeStateAsUpdate(doc));
    syncKind(B, chatsKind(chatSyncPort(B.engine)));
    expect(B.engine.messages.list(ID).items.map((m) => m.id)).toEqual(['m-first', 'm-late', 'm-same-b', 'm-odd', 'm-offset']);
    // A message written here next goes after them all.
    const next = B.engine.messages.append({ sessionId: ID, role: 'user', content: 'and now', createdAt: '2026-03-01T08:00:00.000Z' });
    expect(B.engine.messages.list(ID).items.at(-1)!.id).toBe(next.id);
  });

  it('a home upgraded with a synced chat in arrival order takes the records’ places at its next sync; seq is untouched', () => {
    const B = device(openEngine(), 'device-b');
    const kind = chatsKind(chatSyncPort(B.engine));
    const doc = B.docOf(`chat/${ID}`);
    olderDocument(doc);
    syncKind(B, kind);
    const db = B.engine.appDb;
    const seqs = db.prepare(`SELECT id, seq FROM messages WHERE session_id = ? ORDER BY seq`).all(ID);
    // What app migration 14 leaves for a chat whose messages arrived in another order: places in seq order.
    const reversed = [...B.engine.messages.list(ID).items].reverse();
    reversed.forEach((m, i) => db.prepare(`UPDATE messages SET sort_at = ?, sort_tie = ? WHERE id = ?`).run(`2026-03-01T09:00:0${i}.000Z`, i, m.id));
    expect(B.engine.messages.list(ID).items.map((m) => m.id)).toEqual(reversed.map((m) => m.id));

    syncKind(B, kind);
    expect(B.engine.messages.list(ID).items.map((m) => m.id)).toEqual(['m-first', 'm-late', 'm-same-b', 'm-odd', 'm-offset']);
    expect(db.prepare(`SELECT id, seq FROM messages WHERE session_id = ? ORDER BY seq`).all(ID)).toEqual(seqs);
    // Nothing is sent back: the places came from the records.
    expect(syncKind(B, kind).sent).toBe(0);
  });
});
