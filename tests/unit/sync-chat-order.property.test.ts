// Issue 30 §6: one chat, three devices (real homes: the message store, the chats kind's port and bridge),
// messages written on random devices with random clock skews, documents delivered in random pairwise
// meetings (partitions: the others stay apart), then everyone meets twice. Every device must list the chat
// in the same order, with every message, and each message after everything its writer had when writing it.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { chatSyncPort } from '../../src/main/engine-sync-chats';
import { chatsKind } from '../../src/main/sync/chat-bridge';
import { canonicalTime, compareOrder } from '../../src/shared/message-order';
import { device, exchange, syncKind, type Device } from '../helpers/sync-devices';
import { openEngine } from '../helpers/temp-home';

const engines: Engine[] = [];
afterAll(() => {
  for (const e of engines.splice(0)) e.close();
});

type Op = { kind: 'write'; who: number; role: 'user' | 'assistant' } | { kind: 'meet'; who: [number, number] };
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('write' as const), who: fc.integer({ min: 0, max: 2 }), role: fc.constantFrom('user' as const, 'assistant' as const) }),
  fc.record({ kind: fc.constant('meet' as const), who: fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 })) }),
);
// A device's clock may be up to an hour off; two writes can fall in the same millisecond (step 0).
const skewArb = fc.tuple(...[0, 1, 2].map(() => fc.integer({ min: -3_600_000, max: 3_600_000 })));

describe('one order for a chat on every device, whatever the delivery order', () => {
  it('three devices, random writes, skews and meetings → the same ordered list everywhere, causal per writer', () => {
    const devices: Device[] = ['device-a', 'device-b', 'device-c'].map((name) => {
      const e = openEngine();
      engines.push(e);
      return device(e, name);
    });
    const kinds = devices.map((d) => chatsKind(chatSyncPort(d.engine)));
    const syncOne = (i: number): void => void syncKind(devices[i], kinds[i]);
    const ids = (i: number, chat: string): string[] => devices[i].engine.messages.list(chat, { limit: 1000 }).items.map((m) => m.id);
    let run = 0;

    fc.assert(
      fc.property(fc.array(opArb, { minLength: 2, maxLength: 14 }), skewArb, fc.array(fc.constantFrom(0, 1, 1000), { minLength: 14, maxLength: 14 }), (ops, skew, steps) => {
        run++;
        const t0 = Date.UTC(2026, 2, 1, 9) + run * 86_400_000;
        // The chat begins on A and reaches everyone.
        const a = devices[0].engine;
        const chat = a.sessions.create({ agentId: 'default', createdAt: new Date(t0).toISOString() }).id;
        a.messages.append({ sessionId: chat, role: 'user', content: `run ${run}: the first question`, createdAt: new Date(t0).toISOString() });
        for (let round = 0; round < 2; round++) {
          for (let i = 0; i < 3; i++) syncOne(i);
          exchange(...devices);
        }
        for (let i = 0; i < 3; i++) syncOne(i);

        const seenBy = new Map<string, string[]>();
        let t = t0;
        ops.forEach((op, n) => {
          if (op.kind === 'meet') {
            const [x, y] = op.who;
            syncOne(x);
            if (y !== x) syncOne(y);
            exchange(...new Set([devices[x], devices[y]]));
            syncOne(x);
            if (y !== x) syncOne(y);
            return;
          }
          t += steps[n];
          const before = ids(op.who, chat);
          const m = devices[op.who].engine.messages.append({ sessionId: chat, role: op.role, content: `run ${run}: message ${n} on ${devices[op.who].name}`, createdAt: new Date(t + skew[op.who]).toISOString() });
          seenBy.set(m.id, before);
        });
        // Everyone meets, twice.
        for (let round = 0; round < 2; round++) {
          for (let i = 0; i < 3; i++) syncOne(i);
          exchange(...devices);
        }
        for (let i = 0; i < 3; i++) syncOne(i);

        const lists = [0, 1, 2].map((i) => ids(i, chat));
        expect(lists[1]).toEqual(lists[0]);
        expect(lists[2]).toEqual(lists[0]);
        expect(lists[0]).toHaveLength(1 + seenBy.size);
        const place = new Map(lists[0].map((id, i) => [id, i]));
        for (const [id, before] of seenBy) for (const earlier of before) expect(place.get(earlier)!).toBeLessThan(place.get(id)!);
      }),
      { numRuns: 25, seed: 30_6 },
    );
  }, 240_000);
});

describe('the order key', () => {
  it('a message written here goes after everything the chat holds, even when this clock is behind or in the same millisecond', () => {
    const e = openEngine();
    engines.push(e);
    const chat = e.sessions.create({ agentId: 'default' }).id;
    const at = (iso: string) => e.messages.append({ sessionId: chat, role: 'user', content: iso, createdAt: iso }).id;
    const written = [at('2026-03-01T10:00:00.000Z'), at('2026-03-01T09:00:00.000Z'), at('2026-03-01T09:00:00.000Z'), at('2026-03-01T10:00:00.500Z'), at('2026-03-01T11:00:00+01:00')];
    expect(e.messages.inOrder(chat).map((m) => [m.message.id, m.order.at])).toEqual([
      [written[0], '2026-03-01T10:00:00.000Z'],
      [written[1], '2026-03-01T10:00:00.001Z'],
      [written[2], '2026-03-01T10:00:00.002Z'],
      [written[3], '2026-03-01T10:00:00.500Z'],
      [written[4], '2026-03-01T10:00:00.501Z'],
    ]);
  });

  it('times from another device compare as strings only in one canonical form; others are refused', () => {
    expect(canonicalTime('2026-03-01T11:00:00+01:00')).toBe('2026-03-01T10:00:00.000Z');
    expect(canonicalTime('+010000-01-01T00:00:00.000Z')).toBeNull();
    expect(canonicalTime('not a date')).toBeNull();
    expect(canonicalTime(42)).toBeNull();
    expect(canonicalTime('x'.repeat(65))).toBeNull();
  });

  it('sorts by order time, then the writer tie, then id', () => {
    const keys = [
      { at: '2026-03-01T10:00:00.001Z', tie: 0, id: 'a' },
      { at: '2026-03-01T10:00:00.000Z', tie: 7, id: 'b' },
      { at: '2026-03-01T10:00:00.000Z', tie: 3, id: 'c' },
      { at: '2026-03-01T10:00:00.000Z', tie: 3, id: 'b' },
    ];
    expect([...keys].sort(compareOrder).map((k) => `${k.tie}${k.id}`)).toEqual(['3b', '3c', '7b', '0a']);
  });
});
