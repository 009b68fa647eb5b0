// The sidebar's sync line must not be put back to an older status by a call's answer: the engine computes
// `sync.status` (or `sync.now`, `sync.pick`) at one moment, and a `sync.changed` it pushes just after may
// reach the window first, on the event stream. Found as a flaky e2e (sync-chat-redraw: "N pending" for
// 30 s while the engine said synced): the stale answer overwrote the last event, and with nothing left to
// send the engine had no further change to announce. The store is driven here with stand-ins for the API
// call, whose answers are released by hand, and for the event stream.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncNowResult, SyncStatus } from '../../src/shared/contract-sync';

type Pending = { channel: string; resolve: (v: unknown) => void };
const calls: Pending[] = [];
const listeners = new Map<string, (payload: unknown) => void>();

vi.mock('../../src/renderer/src/lib/api', () => ({
  invoke: (channel: string) => new Promise((resolve) => calls.push({ channel, resolve })),
  attempt: <T>(run: () => Promise<T>) => run(),
  on: (event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  },
}));

const { useSync, wireSync } = await import('../../src/renderer/src/features/sync/store');

const status = (state: SyncStatus['state'], pending = 0): SyncStatus => ({ state, relay: 'ws://127.0.0.1:1', pending, conflicts: 0, refused: 0, lastSyncedAt: null, lastError: null });
const push = (s: SyncStatus) => listeners.get('sync.changed')!(s);
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('sync store: a call answered after a newer event', () => {
  let stop: () => void;
  beforeEach(() => {
    calls.length = 0;
    stop?.();
    useSync.setState({ status: null, running: false, conflicts: [], picking: null });
    stop = wireSync();
  });

  it('sync.status computed while 3 were pending, read after the "synced" event: the line says synced', async () => {
    const loading = useSync.getState().load();
    expect(calls.map((c) => c.channel)).toEqual(['sync.status']);
    push(status('synced')); // the last acknowledgement, pushed after the engine answered the call
    calls[0].resolve(status('pending', 3)); // the answer, read here only now
    await loading;
    expect(useSync.getState().status?.state).toBe('synced');
    expect(useSync.getState().status?.pending).toBe(0);
  });

  it('with no event meanwhile the answer is shown (a window opened after the last change learns it so)', async () => {
    push(status('connecting'));
    const loading = useSync.getState().load();
    calls[0].resolve(status('pending', 2));
    await loading;
    expect(useSync.getState().status).toMatchObject({ state: 'pending', pending: 2 });
    // …and the events after it still move the line on.
    push(status('synced'));
    expect(useSync.getState().status?.state).toBe('synced');
  });

  it('sync now: its answer does not undo a newer event either', async () => {
    const running = useSync.getState().syncNow();
    await flush();
    expect(calls.map((c) => c.channel)).toEqual(['sync.now']);
    push(status('synced'));
    const answer: SyncNowResult = { status: status('pending', 1), sent: 1, received: 0 };
    calls[0].resolve(answer);
    await running;
    expect(useSync.getState().status?.state).toBe('synced');
    expect(useSync.getState().running).toBe(false);
  });
});
