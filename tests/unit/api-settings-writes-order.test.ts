// Calls that patch settings reach the engine in the order they were made. Over HTTP two calls in flight
// travel on separate connections and may arrive in either order: a half-life saved on blur and again on
// Enter landed old-after-new in a browser test under load, leaving config.json with the replaced value.
// Any other call made after a settings write waits for it (a message sent right after picking the chat's
// model must be answered by that model). The window's client is driven here through a stand-in bridge
// whose answers are released by hand.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../src/shared/errors';

type Sent = { channel: string; input: unknown; answer: (r: Result<unknown>) => void; fail: (e: Error) => void };
const sent: Sent[] = [];

(globalThis as { window?: unknown }).window = {
  monad: {
    invoke: (channel: string, input: unknown) =>
      new Promise<Result<unknown>>((answer, fail) => sent.push({ channel, input, answer, fail })),
    on: () => () => undefined,
  },
};

const api = await import('../../src/renderer/src/lib/api');
const flush = () => new Promise((r) => setTimeout(r, 0));
const ok = (data: unknown): Result<unknown> => ({ ok: true, data });

describe('the window client: settings writes in order', () => {
  beforeAll(() => {
    expect(api.initApi()).toBe('ok');
  });
  beforeEach(async () => {
    // A test that failed half-way leaves calls unanswered: answer them, so no write holds the next test.
    while (sent.length) {
      for (const s of sent.splice(0)) s.answer(ok(null));
      await flush();
    }
  });

  it('a second config.update is sent only once the first is answered, and each caller gets its own answer', async () => {
    const first = api.invoke('config.update', { patch: { memory: { decay: { halfLifeDays: 365, floor: 0.2 } } } });
    const second = api.invoke('config.update', { patch: { memory: { decay: { halfLifeDays: 180, floor: 0.2 } } } });
    await flush();
    expect(sent.map((s) => s.channel)).toEqual(['config.update']);
    expect(sent[0].input).toMatchObject({ patch: { memory: { decay: { halfLifeDays: 365 } } } });

    sent[0].answer(ok('config 1'));
    await flush();
    expect(sent).toHaveLength(2);
    expect(sent[1].input).toMatchObject({ patch: { memory: { decay: { halfLifeDays: 180 } } } });
    sent[1].answer(ok('config 2'));
    expect(await first).toBe('config 1');
    expect(await second).toBe('config 2');
  });

  it('different settings channels share the order (agents and config live in one file)', async () => {
    const a = api.invoke('agents.update', { id: 'default', patch: { name: 'Ada' } } as never);
    const b = api.invoke('config.update', { patch: {} } as never);
    await flush();
    expect(sent.map((s) => s.channel)).toEqual(['agents.update']);
    sent[0].answer(ok(1));
    await flush();
    expect(sent.map((s) => s.channel)).toEqual(['agents.update', 'config.update']);
    sent[1].answer(ok(2));
    expect([await a, await b]).toEqual([1, 2]);
  });

  it('a write that fails does not hold back the next one', async () => {
    const failed = api.invoke('config.update', { patch: {} } as never);
    const next = api.invoke('config.update', { patch: {} } as never);
    await flush();
    sent[0].answer({ ok: false, error: { code: 'BAD_INPUT', message: 'half-life must be positive' } });
    await expect(failed).rejects.toThrow('half-life must be positive');
    await flush();
    expect(sent).toHaveLength(2);
    sent[1].fail(new Error('bridge gone'));
    await expect(next).rejects.toThrow(/could not reach Monad's engine/);
    const after = api.invoke('config.update', { patch: {} } as never);
    await flush();
    expect(sent).toHaveLength(3);
    sent[2].answer(ok('fine'));
    expect(await after).toBe('fine');
  });

  it('a call made after a settings write waits for its answer, so it sees the change', async () => {
    const pick = api.invoke('sessions.setModel', { id: 's1', model: { provider: 'p', model: 'm2' } } as never);
    const sendMessage = api.invoke('chat.send', { sessionId: 's1', text: 'hello' } as never);
    await flush();
    expect(sent.map((s) => s.channel)).toEqual(['sessions.setModel']);
    sent[0].answer(ok('model set'));
    await flush();
    expect(sent.map((s) => s.channel)).toEqual(['sessions.setModel', 'chat.send']);
    sent[1].answer(ok('answered by m2'));
    expect([await pick, await sendMessage]).toEqual(['model set', 'answered by m2']);
  });

  it('with no settings write pending, calls go at once and are not held back by each other', async () => {
    const a = api.invoke('config.get');
    const b = api.invoke('search.query', { query: 'tea' } as never);
    expect(sent.map((s) => s.channel)).toEqual(['config.get', 'search.query']); // sent synchronously
    sent[1].answer(ok('found'));
    expect(await b).toBe('found');
    sent[0].answer(ok('config'));
    expect(await a).toBe('config');
  });

  it('a call made before a settings write is not held back by it', async () => {
    const read = api.invoke('config.get');
    const write = api.invoke('config.update', { patch: {} } as never);
    await flush();
    expect(sent.map((s) => s.channel)).toEqual(['config.get', 'config.update']);
    sent[1].answer(ok('written'));
    expect(await write).toBe('written');
    sent[0].answer(ok('read'));
    expect(await read).toBe('read');
  });
});
