// Calls that patch settings reach the engine in the order they were made. Over HTTP two calls in flight
// travel on separate connections and may arrive in either order: a half-life saved on blur and again on
// Enter landed old-after-new in a browser test under load, leaving config.json with the replaced value.
// The window's client is driven here through a stand-in bridge whose answers are released by hand.
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
  beforeEach(() => {
    sent.length = 0;
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

  it('other calls are not held back by a pending settings write', async () => {
    const write = api.invoke('config.update', { patch: {} } as never);
    const read = api.invoke('config.get');
    await flush();
    expect(sent.map((s) => s.channel).sort()).toEqual(['config.get', 'config.update']);
    const of = (channel: string) => sent.find((s) => s.channel === channel)!;
    of('config.get').answer(ok('read'));
    expect(await read).toBe('read');
    of('config.update').answer(ok('written'));
    expect(await write).toBe('written');
  });
});
