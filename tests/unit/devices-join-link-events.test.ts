// The renderer's side of the desktop app's monad:// handler (issue 30 §4): the `sync.joinLink` event the
// Electron main sends opens Settings → Devices and hands the Join form the link's relay and code (the
// shell's `syncJoin` intent), joining nothing; a refused link opens the same place with a toast saying why.
// The event is driven here through a stand-in for the API's `on`.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SyncJoinLinkResult } from '../../src/shared/sync-join-link';

const listeners = new Map<string, (payload: unknown) => void>();
const calls: string[] = [];
vi.mock('../../src/renderer/src/lib/api', () => ({
  on: (event: string, listener: (payload: unknown) => void) => {
    listeners.set(event, listener);
    return () => listeners.delete(event);
  },
  invoke: (channel: string) => {
    calls.push(channel);
    return Promise.resolve(null);
  },
}));

const { wireJoinLinks } = await import('../../src/renderer/src/features/devices/join-link-events');
const { useShell } = await import('../../src/renderer/src/app/shell-store');
const { useSettingsNav } = await import('../../src/renderer/src/features/settings/nav-store');
const { useToasts } = await import('../../src/renderer/src/features/toasts/store');

const send = (r: SyncJoinLinkResult) => listeners.get('sync.joinLink')!(r);

describe('sync.joinLink in the renderer', () => {
  beforeEach(() => {
    useShell.setState({ tab: 'chat', intent: null });
    useSettingsNav.setState({ section: 'models' });
    useToasts.setState({ toasts: [] });
    calls.length = 0;
  });

  it('opens Settings → Devices with the link for the Join form, and calls nothing', () => {
    const stop = wireJoinLinks();
    send({ ok: true, link: { relay: 'wss://relay.example.org', code: 'abandon-ability-able-about-above-absent' } });
    expect(useShell.getState().tab).toBe('settings');
    expect(useSettingsNav.getState().section).toBe('devices');
    expect(useShell.getState().intent).toEqual({ kind: 'syncJoin', relay: 'wss://relay.example.org', code: 'abandon-ability-able-about-above-absent' });
    expect(calls).toEqual([]); // in particular no sync.join: the person presses Join
    stop();
    expect(listeners.has('sync.joinLink')).toBe(false);
  });

  it('a refused link opens the same place and says why, with no intent to fill anything', () => {
    const stop = wireJoinLinks();
    send({ ok: false, error: 'This is not a Monad invite link: it has a #fragment.' });
    expect(useShell.getState().tab).toBe('settings');
    expect(useSettingsNav.getState().section).toBe('devices');
    expect(useShell.getState().intent).toBeNull();
    expect(JSON.stringify(useToasts.getState())).toContain('it has a #fragment');
    stop();
  });
});
