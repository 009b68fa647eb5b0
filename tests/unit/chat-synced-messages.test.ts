// The open chat redraws messages another device wrote (issue 30): on `messages.changed` the chat store's
// list is reloaded from the engine in the engine's order — a message written apart lands at its place, not at
// the end; a reply hidden elsewhere leaves — but never under a reply being written (it waits for the turn's
// end) nor from a page read before the chat finished opening. The API is a stand-in released by hand.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../src/shared/domain';

type Call = { input: { sessionId: string; limit?: number; before?: string }; resolve: (v: { items: Message[]; nextCursor: string | null }) => void };
const calls: Call[] = [];

vi.mock('../../src/renderer/src/lib/api', () => ({
  invoke: (channel: string, input: Call['input']) => {
    if (channel !== 'messages.list') throw new Error(`unexpected call ${channel}`);
    return new Promise((resolve) => calls.push({ input, resolve }));
  },
  attempt: <T>(run: () => Promise<T>) => run(),
  ApiError: class extends Error {},
}));
vi.mock('../../src/renderer/src/features/toasts/store', () => ({ toast: { info: () => undefined, error: () => undefined } }));

const { useChat } = await import('../../src/renderer/src/features/chat/store');
const { messagesChanged, overlayPage, reloadWhenQuiet } = await import('../../src/renderer/src/features/chat/synced-messages');

const msg = (id: string, minute: number): Message =>
  ({ id, sessionId: 's1', role: 'user', content: id, toolCalls: null, toolCallId: null, usage: null, error: null, origin: null, createdAt: new Date(Date.UTC(2026, 5, 1, 9, minute)).toISOString() }) as Message;
const ids = () => useChat.getState().messages.map((m) => m.id);
const flush = () => new Promise((r) => setTimeout(r, 0));

let unsubscribe: () => void = () => undefined;
beforeEach(() => {
  calls.length = 0;
  unsubscribe();
  useChat.setState({ sessionId: 's1', messages: [msg('a', 1), msg('b', 2)], nextCursor: null, loading: false, live: {} });
  unsubscribe = useChat.subscribe(reloadWhenQuiet); // as events.ts wires it
});

describe('the open chat reloads what another device wrote', () => {
  it('a message written apart lands at its place in the engine\'s order; a reply hidden elsewhere leaves', async () => {
    messagesChanged('s1');
    expect(calls).toHaveLength(1);
    expect(calls[0].input).toMatchObject({ sessionId: 's1' });
    calls[0].resolve({ items: [msg('a', 1), msg('x', 1), msg('b', 2), msg('y', 3)], nextCursor: null });
    await flush();
    expect(ids()).toEqual(['a', 'x', 'b', 'y']);

    messagesChanged('s1');
    calls[1].resolve({ items: [msg('a', 1), msg('x', 1), msg('b', 2)], nextCursor: null }); // y hidden on the other device
    await flush();
    expect(ids()).toEqual(['a', 'x', 'b']);
  });

  it('waits while a reply is being written in that chat, and reloads when the turn ends', async () => {
    useChat.setState({ live: { s1: { turnId: 't1', drafts: [] } } });
    messagesChanged('s1');
    expect(calls).toHaveLength(0);
    useChat.getState().applyTurn({ sessionId: 's1', turnId: 't1', phase: 'done' });
    expect(calls).toHaveLength(1);
    calls[0].resolve({ items: [msg('a', 1), msg('b', 2), msg('z', 4)], nextCursor: null });
    await flush();
    expect(ids()).toEqual(['a', 'b', 'z']);
  });

  it('a change announced while the chat is opening reloads after its first page, which may predate it', async () => {
    useChat.setState({ loading: true, messages: [] });
    messagesChanged('s1');
    expect(calls).toHaveLength(0);
    useChat.setState({ loading: false, messages: [msg('a', 1)] }); // open()'s page, read before the change
    expect(calls).toHaveLength(1);
    calls[0].resolve({ items: [msg('a', 1), msg('b', 2)], nextCursor: null });
    await flush();
    expect(ids()).toEqual(['a', 'b']);
  });

  it('a chat that is not open is not read (opening it reads it whole)', () => {
    messagesChanged('s2');
    useChat.setState({ messages: [msg('c', 5)] });
    expect(calls).toHaveLength(0);
  });

  it('reads at least every loaded message, so a message placed among older ones is not missed', async () => {
    const many = Array.from({ length: 150 }, (_, i) => msg(`m${i}`, i));
    useChat.setState({ messages: many });
    messagesChanged('s1');
    expect(calls[0].input.limit).toBeGreaterThanOrEqual(150);
    calls[0].resolve({ items: many, nextCursor: null }); // done: the next case's reload is not held behind it
    await flush();
  });
});

describe('a chat with more loaded messages than one page holds', () => {
  // 1,500 loaded (the person scrolled back through older pages); another device placed x after m200, far
  // before the newest 1,000 the engine serves in one page.
  const loaded = Array.from({ length: 1500 }, (_, i) => msg(`m${i}`, i));
  const engine = [...loaded.slice(0, 201), msg('x', 200), ...loaded.slice(201)];
  /** The engine's messages.list: the newest `limit` before the cursor (an index into `engine`). */
  const serve = (call: Call, list: Message[] = engine) => {
    const end = call.input.before === undefined ? list.length : Number(call.input.before);
    const start = Math.max(0, end - (call.input.limit ?? 100));
    call.resolve({ items: list.slice(start, end), nextCursor: start > 0 ? String(start) : null });
  };
  const answer = async (list?: Message[]) => {
    for (let i = 0; i < calls.length; i++) {
      if ((calls[i] as Call & { done?: true }).done) continue;
      (calls[i] as Call & { done?: true }).done = true;
      serve(calls[i], list);
      await flush();
    }
  };

  it('shows a synced message placed before the newest 1,000 in its place, the rest of the list as it was', async () => {
    useChat.setState({ messages: loaded, nextCursor: null });
    messagesChanged('s1');
    await answer();
    expect(calls.length).toBeGreaterThan(1);
    for (const c of calls) expect(c.input.limit).toBeLessThanOrEqual(1000);
    expect(ids()).toEqual(engine.map((m) => m.id));
    expect(useChat.getState().nextCursor).toBeNull();
  });

  it('reads back only to the page holding the oldest loaded message: the list stays an unbroken tail of the chat, with its cursor', async () => {
    const older = Array.from({ length: 3000 }, (_, i) => msg(`old${i}`, 0));
    const whole = [...older, ...engine];
    useChat.setState({ messages: loaded, nextCursor: String(older.length) });
    messagesChanged('s1');
    await answer(whole);
    const cursor = useChat.getState().nextCursor;
    expect(cursor).not.toBeNull();
    // Everything from the cursor on, in order: nothing skipped, older pages still to be loaded by scrolling.
    expect(ids()).toEqual(whole.slice(Number(cursor)).map((m) => m.id));
    expect(Number(cursor)).toBeGreaterThan(older.length - 1000);
    expect(ids()).toContain('x');
  });

  it('when the oldest loaded message is gone, stops one page past what was loaded', async () => {
    const older = Array.from({ length: 5000 }, (_, i) => msg(`old${i}`, 0));
    const whole = [...older, ...engine.slice(1)]; // m0 hidden on the other device
    useChat.setState({ messages: loaded, nextCursor: 'c' });
    messagesChanged('s1');
    await answer(whole);
    const read = calls.reduce((n, c) => n + (c.input.limit ?? 0), 0);
    expect(read).toBeLessThanOrEqual(loaded.length + 1000 + 100);
    expect(ids()).toContain('x');
  });
});

describe('one request when it is enough', () => {
  it('a few messages arrived at the end of a loaded chat: one page still reaches the oldest loaded message', async () => {
    const loaded = Array.from({ length: 100 }, (_, i) => msg(`m${i}`, i));
    const engine = [...loaded, msg('n1', 200), msg('n2', 201), msg('n3', 202)];
    useChat.setState({ messages: loaded, nextCursor: 'c' });
    messagesChanged('s1');
    const limit = calls[0].input.limit ?? 0;
    calls[0].resolve({ items: engine.slice(-limit), nextCursor: limit < engine.length ? 'c0' : null });
    await flush();
    expect(calls).toHaveLength(1);
    expect(ids()).toEqual(engine.map((m) => m.id));
  });
});

describe('overlayPage', () => {
  it('keeps older pages before the page, and a message that arrived during the request after it', () => {
    const current = [msg('o1', 0), msg('a', 1), msg('b', 2), msg('live', 5)];
    const out = overlayPage(current, [msg('a', 1), msg('x', 1), msg('b', 2)], 'm10', new Set(['o1', 'a', 'b']));
    expect(out).toEqual({ messages: [msg('o1', 0), msg('a', 1), msg('x', 1), msg('b', 2), msg('live', 5)], replaced: false });
  });

  it('a page that reaches past everything loaded replaces the list with its cursor', () => {
    const out = overlayPage([msg('a', 1), msg('b', 2)], [msg('n', 0), msg('a', 1), msg('b', 2)], 'm3', new Set(['a', 'b']));
    expect(out).toEqual({ messages: [msg('n', 0), msg('a', 1), msg('b', 2)], replaced: true });
  });
});
