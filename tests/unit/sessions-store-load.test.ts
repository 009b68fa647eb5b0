// The sidebar's session list must not lose a change announced while a load is on its way: the load's
// answer may have been computed before the change. Found as a flaky e2e ("changes made elsewhere
// arrive as events"): a chat created right after start-up never appeared. The store is driven here
// with a stand-in for the API call whose answers are released by hand, in any order.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '../../src/shared/domain';

type Pending = { resolve: (v: Session[]) => void };
const calls: Pending[] = [];

vi.mock('../../src/renderer/src/lib/api', () => ({
  invoke: (channel: string) => {
    if (channel !== 'sessions.list') throw new Error(`unexpected call ${channel}`);
    return new Promise<Session[]>((resolve) => calls.push({ resolve }));
  },
  attempt: <T>(run: () => Promise<T>) => run(),
}));

const { useSessions } = await import('../../src/renderer/src/features/sessions/store');

const session = (id: string) => ({ id, agentId: 'default', title: id }) as unknown as Session;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('sessions store: load', () => {
  beforeEach(() => {
    calls.length = 0;
    useSessions.setState({ byAgent: {}, selectedId: null });
  });

  it('a change announced during a load is fetched once more after it, never dropped', async () => {
    const first = useSessions.getState().load('default');
    expect(useSessions.getState().isTracked('default')).toBe(true); // an event now must not be ignored
    const second = useSessions.getState().load('default'); // the event for a chat created meanwhile
    const third = useSessions.getState().load('default');
    expect(calls).toHaveLength(1); // folded: one on its way, one more after it
    calls[0].resolve([]); // computed before the chat was created
    await flush();
    expect(calls).toHaveLength(2);
    calls[1].resolve([session('created-elsewhere')]);
    await Promise.all([first, second, third]);
    expect(useSessions.getState().byAgent.default.map((s) => s.id)).toEqual(['created-elsewhere']);
    expect(calls).toHaveLength(2);
  });

  it('an agent neither loaded nor loading is not tracked; a finished load is', async () => {
    expect(useSessions.getState().isTracked('default')).toBe(false);
    const done = useSessions.getState().load('default');
    calls[0].resolve([session('a')]);
    await done;
    expect(useSessions.getState().isTracked('default')).toBe(true);
    expect(useSessions.getState().byAgent.default.map((s) => s.id)).toEqual(['a']);
  });
});
