// The preload bridge against stubbed contextBridge / ipcRenderer (the real `electron` cannot load in Node).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const stub = vi.hoisted(() => {
  const exposed = new Map<string, unknown>();
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const invokes: Array<[string, unknown]> = [];
  const ipcRenderer = {
    invoke: async (channel: string, input: unknown) => {
      invokes.push([channel, input]);
      return { ok: true, data: { echoed: channel } };
    },
    on(channel: string, listener: (event: unknown, ...args: unknown[]) => void) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
    send: () => {
      throw new Error('the bridge must not use send');
    },
    sendSync: () => {
      throw new Error('the bridge must not use sendSync');
    },
  };
  /** What main's webContents.send would deliver: an IPC event whose `sender` is ipcRenderer itself. */
  const deliver = (channel: string, payload: unknown) => {
    for (const l of listeners.get(channel) ?? []) l({ sender: ipcRenderer, ports: [] }, payload);
  };
  const contextBridge = {
    exposeInMainWorld: (key: string, api: unknown) => {
      exposed.set(key, api);
    },
  };
  return { exposed, listeners, invokes, ipcRenderer, contextBridge, deliver };
});

vi.mock('electron', () => {
  const mod = { contextBridge: stub.contextBridge, ipcRenderer: stub.ipcRenderer };
  return { ...mod, default: mod };
});

import type { MonadBridge } from '../../src/shared/bridge';
import { CHANNEL_NAMES, EVENT_NAME_LIST, isKnownChannel, isKnownEvent } from '../../src/shared/channel-names';
import { CHANNELS } from '../../src/shared/contract';

async function loadBridge(): Promise<MonadBridge> {
  await import('../../src/preload/index');
  return stub.exposed.get('monad') as MonadBridge;
}

beforeEach(() => {
  stub.invokes.length = 0;
});

describe('preload bridge', () => {
  it('exposes exactly { invoke, on, host: "electron" } under window.monad, and nothing else', async () => {
    const bridge = await loadBridge();
    expect([...stub.exposed.keys()]).toEqual(['monad']);
    expect(Object.keys(bridge).sort()).toEqual(['host', 'invoke', 'on']);
    expect(bridge.host).toBe('electron');
    expect(typeof bridge.invoke).toBe('function');
    expect(typeof bridge.on).toBe('function');
    // No path to the raw IPC object.
    expect(Object.values(bridge)).not.toContain(stub.ipcRenderer);
  });

  it('invokes a known channel on its own IPC channel with the input unchanged', async () => {
    const bridge = await loadBridge();
    const r = await bridge.invoke('sessions.list', { agentId: 'default' });
    expect(r).toEqual({ ok: true, data: { echoed: 'monad:invoke:sessions.list' } });
    expect(stub.invokes).toEqual([['monad:invoke:sessions.list', { agentId: 'default' }]]);
  });

  it('rejects unknown channel names with UNKNOWN_CHANNEL and makes no IPC call', async () => {
    const bridge = await loadBridge();
    const invoke = bridge.invoke as (channel: unknown, input: unknown) => Promise<unknown>;
    for (const name of ['nope', 'monad:invoke:agents.list', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '', 42, null, {}]) {
      expect(await invoke(name, {}), String(name)).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    }
    expect(stub.invokes).toEqual([]);
  });

  it('turns an IPC failure into an error Result instead of a rejection', async () => {
    const bridge = await loadBridge();
    const spy = vi.spyOn(stub.ipcRenderer, 'invoke').mockRejectedValueOnce(new Error("No handler registered for 'x'"));
    await expect(bridge.invoke('agents.list', {})).resolves.toMatchObject({ ok: false, error: { code: 'INTERNAL', message: /No handler/ } });
    spy.mockRestore();
  });

  it('on() delivers only the payload (never the IPC event) and returns an unsubscribe', async () => {
    const bridge = await loadBridge();
    const got: unknown[][] = [];
    const off = bridge.on('sessions.changed', (...args: unknown[]) => got.push(args));
    expect(stub.listeners.get('monad:event:sessions.changed')?.size).toBe(1);
    stub.deliver('monad:event:sessions.changed', { agentId: 'a' });
    expect(got).toEqual([[{ agentId: 'a' }]]);

    expect(typeof off).toBe('function');
    off();
    expect(stub.listeners.get('monad:event:sessions.changed')?.size).toBe(0);
    stub.deliver('monad:event:sessions.changed', { agentId: 'b' });
    expect(got).toHaveLength(1);
    off(); // twice is harmless
  });

  it('refuses to subscribe to unknown events or with a non-function listener', async () => {
    const bridge = await loadBridge();
    const on = bridge.on as (event: unknown, listener: unknown) => () => void;
    const before = [...stub.listeners.values()].reduce((n, s) => n + s.size, 0);
    expect(() => on('monad:event:x', () => {})).toThrow(/Unknown event/);
    expect(() => on('__proto__', () => {})).toThrow(/Unknown event/);
    expect(() => on('sessions.changed', 'not a function')).toThrow(/function/);
    expect([...stub.listeners.values()].reduce((n, s) => n + s.size, 0)).toBe(before);
  });
});

describe('zod-free channel names', () => {
  it('list exactly the contract channels and events', () => {
    expect([...CHANNEL_NAMES].sort()).toEqual([...CHANNELS].sort());
    // The event list is checked against EventMap at compile time (`satisfies` in channel-names.ts).
    expect(EVENT_NAME_LIST.length).toBeGreaterThan(0);
    for (const c of CHANNELS) expect(isKnownChannel(c)).toBe(true);
    for (const e of EVENT_NAME_LIST) expect(isKnownEvent(e)).toBe(true);
  });

  it('import nothing at run time (types only), so the sandboxed preload bundle stays zod-free', () => {
    const src = readFileSync(join(resolve(__dirname, '..', '..'), 'src', 'shared', 'channel-names.ts'), 'utf8');
    const imports = [...src.matchAll(/^\s*import\s+(type\s+)?[^'"]*from\s+['"]([^'"]+)['"]/gm)];
    expect(imports.length).toBeGreaterThan(0);
    for (const m of imports) expect(m[1], `import of ${m[2]} must be type-only`).toBeTruthy();
  });
});
