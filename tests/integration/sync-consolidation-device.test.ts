// Issue 30 §3: scheduled consolidation runs on one device of a home (default the first to sync); the others
// skip their schedule and say where it runs; the person moves it; on-demand runs work everywhere. Two real
// homes on a loopback relay, synced with `syncNow`; the scheduler's tick is driven with a fake clock.
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { chooseConsolidationDevice, consolidationDeviceOf, thisDevice } from '../../src/main/sync/consolidation-device';
import { DocStore } from '../../src/main/sync/doc-store';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { tempHome, waitFor } from '../helpers/temp-home';
import { relayHomes } from '../helpers/sync-devices';
import { createHandlers } from '../../src/main/contract/handlers';
import { dispatch } from '../../src/main/contract/dispatch';
import { readPairing } from '../../src/main/sync/device-pairing';
import { RelayAuthStore } from '../../src/main/sync/relay-auth-store';
import { newInviteCode } from '../../src/main/sync/pairing-code';
import type { SyncDevicesView } from '../../src/shared/contract-sync-devices';
import { startLiveSync } from '../../src/main/engine-sync-live';
import { runCliAsync } from '../helpers/cli';

const SPACE = 'consolidation-device-home';
const homes = relayHomes(SPACE);
const { sync } = homes;

function device(name: string): Engine {
  const home = tempHome();
  // The name pairing keeps for this device (`monad sync join --name`), which the status line shows.
  const store = new DocStore(syncStoreFile(home));
  store.set('device-name', name);
  store.close();
  return homes.home({ home, backgroundJobs: false });
}
const withStore = <T>(engine: Engine, fn: (s: DocStore) => T): T => {
  const s = new DocStore(syncStoreFile(engine.paths.root));
  try {
    return fn(s);
  } finally {
    s.close();
  }
};
const HOUR = 3_600_000;

/** One scheduler pass far in the future (every opted-in agent is due); waits for a started run to end. */
async function tick(engine: Engine, at: number): Promise<string[]> {
  const started = engine.consolidation.scheduler.tick(at);
  await waitFor(() => started.every((id) => !engine.consolidation.pipeline.isRunning(id)), 30_000, 'the scheduled run to end');
  return started;
}

describe('scheduled consolidation on one device of a synced home', () => {
  it('the first device to sync runs the schedule; another skips it and says where it runs; moving it travels', async () => {
    const relay = await homes.relay();
    const a = device('laptop');
    const b = device('desktop');
    // Before any sync a home is unchanged: it runs its own schedule, and no sync store is made for it.
    a.agents.update('default', { memory: { autoConsolidate: true, intervalMinutes: 60 } });
    expect(a.consolidation.scheduler.scheduledOn()).toBeNull();
    const fresh = homes.home({ backgroundJobs: false });
    expect(fresh.consolidation.scheduler.scheduledOn()).toBeNull();
    expect(existsSync(syncStoreFile(fresh.paths.root))).toBe(false);

    await sync(a, relay.url); // A is first: it becomes the consolidation device
    await sync(b, relay.url); // B learns the device
    // Both opted in to auto-consolidation, so the only thing that tells them apart is the device.
    b.agents.update('default', { memory: { autoConsolidate: true, intervalMinutes: 60 } });
    expect(withStore(a, consolidationDeviceOf)).toMatchObject({ name: 'laptop', thisDevice: true });
    expect(withStore(b, consolidationDeviceOf)).toMatchObject({ name: 'laptop', thisDevice: false });

    const t = Date.now() + 10 * HOUR;
    expect(await tick(b, t)).toEqual([]); // due, but scheduled on A
    expect(await tick(a, t)).toEqual(['default']);
    const onB = b.consolidation.status().agents.find((x) => x.agentId === 'default')!;
    expect(onB).toMatchObject({ scheduledOn: 'laptop', nextRunAt: null });
    expect(a.consolidation.status().agents.find((x) => x.agentId === 'default')).toMatchObject({ scheduledOn: null });
    expect((await b.commands.run('/memory status', { agentId: 'default' })).output).toMatch(/scheduled on laptop \(run it here on demand\)/);
    // On demand it runs on B all the same.
    const manual = await b.consolidation.run('default', { trigger: 'command' });
    expect(manual.trigger).toBe('command');

    // The person moves it to B (CLI `consolidation-device this`, or Settings → Devices): B at once…
    withStore(b, (s) => chooseConsolidationDevice(s, thisDevice(s)));
    expect(b.consolidation.scheduler.scheduledOn()).toBeNull();
    // …A only once the choice has travelled: until then A keeps the schedule it last saw.
    expect(a.consolidation.scheduler.scheduledOn()).toBeNull();
    await sync(b, relay.url);
    await sync(a, relay.url);
    expect(withStore(a, consolidationDeviceOf)).toMatchObject({ name: 'desktop', thisDevice: false, pending: false });
    expect(withStore(b, consolidationDeviceOf)).toMatchObject({ name: 'desktop', thisDevice: true, pending: false });
    const later = t + 10 * HOUR;
    expect(await tick(a, later)).toEqual([]);
    expect(await tick(b, later)).toEqual(['default']);
    expect(a.consolidation.status().agents.find((x) => x.agentId === 'default')).toMatchObject({ scheduledOn: 'desktop', nextRunAt: null });
  }, 120_000);
});

describe('Settings → Devices: "Scheduled consolidation runs on" and "Run it on this device"', () => {
  it('paired devices show the device; the button moves it here and the other device learns it at its sync', async () => {
    const relay = await homes.relay();
    const data = relay.dataDir;
    // The home's first invite, as `monad sync invite --data DIR` makes it on the relay's machine.
    const auth = new RelayAuthStore(join(data, 'relay.sqlite'));
    auth.ensureHome('settings-home');
    const first = newInviteCode();
    auth.createInvite('settings-home', first, null);
    auth.close();

    const a = homes.home({ backgroundJobs: false });
    const b = homes.home({ backgroundJobs: false });
    const call = async (e: Engine, ch: 'sync.devices' | 'sync.consolidateHere' | 'sync.invite' | 'sync.join', input: object = {}) => {
      const r = await dispatch(createHandlers(e), ch, input);
      if (!r.ok) throw new Error(JSON.stringify(r));
      return r.data as SyncDevicesView & { code: string };
    };
    const pairedSync = (e: Engine) => {
      const p = withStore(e, (s) => readPairing(s, e.secrets));
      return syncNow({ relayUrl: p.relay!, space: p.space!, token: p.token!, storeFile: syncStoreFile(e.paths.root), kinds: syncKinds(e) });
    };
    await call(a, 'sync.join', { code: first, relay: relay.url, name: 'laptop' });
    expect((await call(a, 'sync.devices')).consolidation).toBeNull(); // never synced yet
    await pairedSync(a);
    const invite = await call(a, 'sync.invite');
    await call(b, 'sync.join', { code: invite.code, relay: relay.url, name: 'desktop' });
    await pairedSync(b);
    expect((await call(a, 'sync.devices')).consolidation).toEqual({ name: 'laptop', thisDevice: true, pending: false });
    expect((await call(b, 'sync.devices')).consolidation).toEqual({ name: 'laptop', thisDevice: false, pending: false });
    expect(b.consolidation.scheduler.scheduledOn()).toBe('laptop');

    expect((await call(b, 'sync.consolidateHere')).consolidation).toEqual({ name: 'desktop', thisDevice: true, pending: true });
    expect(b.consolidation.scheduler.scheduledOn()).toBeNull();
    await pairedSync(b);
    await pairedSync(a);
    expect((await call(b, 'sync.devices')).consolidation).toEqual({ name: 'desktop', thisDevice: true, pending: false });
    expect((await call(a, 'sync.devices')).consolidation).toEqual({ name: 'desktop', thisDevice: false, pending: false });
    expect(a.consolidation.scheduler.scheduledOn()).toBe('desktop');
  }, 120_000);
});

describe('the live sync and the CLI carry the choice too', () => {
  it('a choice made while the app syncs reaches the other device with no command; the CLI shows and moves it', async () => {
    const relay = await homes.relay();
    const live = (name: string): Engine => {
      const e = device(name);
      withStore(e, (s) => {
        s.set('relay', relay.url);
        s.set('space', SPACE);
      });
      expect(startLiveSync(e, { env: {}, tuning: { debounceMs: 50, reconnect: { minDelayMs: 100, maxDelayMs: 500 } } })).toBe(true);
      return e;
    };
    const a = live('laptop');
    await waitFor(() => a.sync.status().state === 'synced' && withStore(a, consolidationDeviceOf) !== null, 30_000, 'A synced');
    const b = live('desktop');
    await waitFor(() => b.consolidation.scheduler.scheduledOn() === 'laptop', 30_000, 'B learns the laptop runs it');

    // What Settings → Devices' button does (sync.consolidateHere), here on B while both sync live.
    withStore(b, (s) => chooseConsolidationDevice(s, thisDevice(s)));
    b.sync.localChange(['home']);
    await waitFor(() => a.consolidation.scheduler.scheduledOn() === 'desktop', 30_000, 'A learns the desktop runs it');
    expect(withStore(b, consolidationDeviceOf)).toMatchObject({ name: 'desktop', thisDevice: true, pending: false });

    // The CLI on A (its own process, the same home): shows the device, then moves it back to A.
    await a.sync.stop();
    const shown = await runCliAsync(['sync', 'consolidation-device', '--home', a.paths.root, '--json']);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ consolidationDevice: { name: 'desktop', thisDevice: false }, changed: false });
    const moved = await runCliAsync(['sync', 'consolidation-device', 'this', '--home', a.paths.root]);
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/scheduled consolidation runs on this device, "laptop"/);
    expect(a.consolidation.scheduler.scheduledOn()).toBeNull();
    await sync(a, relay.url);
    await waitFor(() => b.consolidation.scheduler.scheduledOn() === 'laptop', 30_000, 'B learns the laptop runs it again');
  }, 180_000);
});
