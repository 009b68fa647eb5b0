// The chat kind's keys are every chat's id, read as ids: the live sync asks for them at every chat event it
// hears (each chat a first sync writes is one), and sessions.list() also counts each chat's turns, a pass over
// every message (docs/sync.md, session 14's regressions).
import { describe, expect, it, vi } from 'vitest';
import { chatSyncPort } from '../../src/main/engine-sync-chats';
import { openEngine } from '../helpers/temp-home';

describe('the chat sync port', () => {
  it('lists every chat, an empty one too, most recently updated first, without listing sessions with their counts', () => {
    const e = openEngine();
    const first = e.sessions.create({ agentId: 'default', title: 'first', createdAt: '2026-01-01T00:00:00.000Z' });
    const empty = e.sessions.create({ agentId: 'default', title: 'empty', createdAt: '2026-01-02T00:00:00.000Z' });
    const busy = e.sessions.create({ agentId: 'default', title: 'busy', createdAt: '2026-01-03T00:00:00.000Z' });
    e.messages.append({ sessionId: first.id, role: 'user', content: 'hello' });
    e.messages.append({ sessionId: busy.id, role: 'user', content: 'hi' });
    const list = vi.spyOn(e.sessions, 'list');
    const ids = chatSyncPort(e).sessionIds();
    expect(list).not.toHaveBeenCalled();
    list.mockRestore();
    expect(ids).toEqual(e.sessions.list().map((s) => s.id));
    expect(new Set(ids)).toEqual(new Set([first.id, empty.id, busy.id]));
    e.close();
  });
});
