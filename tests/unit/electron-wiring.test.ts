// The Electron host's wiring, against a recording stand-in for the `electron` module: the real package
// cannot be required here (its binary is not installed, and requiring it would try to download it).
// What the stub cannot show, the Playwright spec in tests/e2e-electron checks where the binary exists.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const stub = vi.hoisted(() => {
  type Listener = (...args: any[]) => unknown;
  class Emitter {
    private listeners = new Map<string, Listener[]>();
    on(name: string, listener: Listener) {
      this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener]);
      return this;
    }
    once(name: string, listener: Listener) {
      const wrapped: Listener = (...args) => {
        this.off(name, wrapped);
        return listener(...args);
      };
      return this.on(name, wrapped);
    }
    off(name: string, listener: Listener) {
      this.listeners.set(name, (this.listeners.get(name) ?? []).filter((l) => l !== listener));
      return this;
    }
    emit(name: string, ...args: unknown[]) {
      for (const l of this.listeners.get(name) ?? []) l(...args);
    }
    listenerCount(name: string) {
      return (this.listeners.get(name) ?? []).length;
    }
  }
  class FakeFrame {
    constructor(
      public url: string,
      public parent: FakeFrame | null = null,
      public processId = 1,
      public routingId = 1,
    ) {}
  }
  let nextId = 1;
  class FakeWebContents extends Emitter {
    id = nextId++;
    mainFrame = new FakeFrame('', null, 1, this.id);
    destroyed = false;
    sent: Array<[string, unknown]> = [];
    windowOpenHandler: ((d: { url: string }) => { action: string }) | null = null;
    isDestroyed() {
      return this.destroyed;
    }
    getURL() {
      return this.mainFrame.url;
    }
    send(channel: string, payload: unknown) {
      this.sent.push([channel, payload]);
    }
    setWindowOpenHandler(handler: (d: { url: string }) => { action: string }) {
      this.windowOpenHandler = handler;
    }
  }
  const state = {
    windows: [] as FakeBrowserWindow[],
    handlers: new Map<string, (event: unknown, ...args: unknown[]) => unknown>(),
    opened: [] as string[],
    headerListeners: [] as Array<(details: any, cb: (r: any) => void) => void>,
    permissionRequest: null as null | ((...a: any[]) => void),
    permissionCheck: null as null | ((...a: any[]) => boolean),
    devicePermission: null as null | ((...a: any[]) => boolean),
    safe: { available: true, backend: 'gnome_libsecret' as string },
    paths: new Map<string, string>(),
    sandboxEnabled: false,
    errorBoxes: [] as string[],
    privilegedSchemes: [] as Array<{ scheme: string; privileges: Record<string, boolean> }>,
    protocolClients: [] as string[],
    protocolHandlers: new Map<string, (request: { url: string; method: string }) => Promise<Response>>(),
  };
  class FakeBrowserWindow extends Emitter {
    static getAllWindows() {
      return state.windows.filter((w) => !w.destroyed);
    }
    webContents = new FakeWebContents();
    destroyed = false;
    loadedFile: string | null = null;
    loadedURL: string | null = null;
    constructor(public options: any) {
      super();
      state.windows.push(this);
      app.emit('web-contents-created', {}, this.webContents);
    }
    isDestroyed() {
      return this.destroyed;
    }
    async loadFile(path: string) {
      this.loadedFile = path;
    }
    async loadURL(url: string) {
      this.loadedURL = url;
    }
    show() {}
    isMinimized() {
      return false;
    }
    restore() {}
    focus() {}
  }
  const defaultSession = {
    webRequest: {
      onHeadersReceived(listener: (details: any, cb: (r: any) => void) => void) {
        state.headerListeners.push(listener);
      },
    },
    setPermissionRequestHandler(h: (...a: any[]) => void) {
      state.permissionRequest = h;
    },
    setPermissionCheckHandler(h: (...a: any[]) => boolean) {
      state.permissionCheck = h;
    },
    setDevicePermissionHandler(h: (...a: any[]) => boolean) {
      state.devicePermission = h;
    },
  };
  const app = Object.assign(new Emitter(), {
    isPackaged: false,
    setPath: (name: string, value: string) => void state.paths.set(name, value),
    getPath: (name: string) => state.paths.get(name) ?? `/nonexistent/${name}`,
    enableSandbox: () => void (state.sandboxEnabled = true),
    requestSingleInstanceLock: () => true,
    setAsDefaultProtocolClient: (scheme: string) => (state.protocolClients.push(scheme), true),
    whenReady: () => Promise.resolve(),
    quit: () => {},
    exit: () => {},
  });
  const electron = {
    app,
    BrowserWindow: FakeBrowserWindow,
    session: { defaultSession },
    ipcMain: {
      handle(channel: string, fn: (event: unknown, ...args: unknown[]) => unknown) {
        // Like Electron: a second handler for one channel is an error.
        if (state.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`);
        state.handlers.set(channel, fn);
      },
      removeHandler(channel: string) {
        state.handlers.delete(channel);
      },
    },
    shell: {
      openExternal: async (url: string) => void state.opened.push(url),
    },
    safeStorage: {
      isEncryptionAvailable: () => state.safe.available,
      getSelectedStorageBackend: () => state.safe.backend,
      // A reversible stand-in that never leaves the plain text visible.
      encryptString: (plain: string) => Buffer.from(`ENC:${Buffer.from(plain).toString('hex')}`),
      decryptString: (buf: Buffer) => Buffer.from(buf.toString().slice(4), 'hex').toString(),
    },
    protocol: {
      registerSchemesAsPrivileged: (schemes: Array<{ scheme: string; privileges: Record<string, boolean> }>) =>
        void state.privilegedSchemes.push(...schemes),
      handle: (scheme: string, handler: (request: { url: string; method: string }) => Promise<Response>) => {
        if (state.protocolHandlers.has(scheme)) throw new Error(`scheme ${scheme} is already handled`);
        state.protocolHandlers.set(scheme, handler);
      },
    },
    dialog: { showErrorBox: (title: string, body: string) => void state.errorBoxes.push(`${title}: ${body}`) },
  };
  return { electron, state, FakeFrame, FakeWebContents, FakeBrowserWindow };
});

vi.mock('electron', () => ({ ...stub.electron, default: stub.electron }));

import { eventChannel, invokeChannel } from '../../src/shared/channel-names';
import { CHANNELS } from '../../src/shared/contract';
import type { Result } from '../../src/shared/errors';
import { createHandlers, type Handlers } from '../../src/main/contract/handlers';
import { forwardEvents } from '../../src/main/electron/events';
import { bindIpc } from '../../src/main/electron/ipc';
import { guardWebContents, openExternalSafely } from '../../src/main/electron/navigation';
import { denyAllPermissions } from '../../src/main/electron/permissions';
import { registerAppScheme, rendererResponse, serveRenderer } from '../../src/main/electron/protocol';
import { APP_INDEX_URL, builtPaths, isOwnRendererUrl, rendererTarget, type RendererTarget } from '../../src/main/electron/renderer-url';
import { createSafeStorageSecretStore, ENCRYPTED_PREFIX } from '../../src/main/electron/safe-storage';
import { contentSecurityPolicyFor, createMainWindow, installContentSecurityPolicy } from '../../src/main/electron/window';
import { CONTENT_SECURITY_POLICY } from '../../src/main/http/static-files';
import { openEngine, tempHome } from '../helpers/temp-home';

const ROOT = resolve(__dirname, '..', '..');
const PATHS = builtPaths(join(ROOT, 'out', 'main'));
const APP_TARGET = rendererTarget(PATHS, undefined, false);
const isOwn = (url: string) => isOwnRendererUrl(APP_TARGET, url);

beforeEach(() => {
  stub.state.windows.length = 0;
  stub.state.handlers.clear();
  stub.state.opened.length = 0;
  stub.state.headerListeners.length = 0;
  stub.state.safe = { available: true, backend: 'gnome_libsecret' };
  // Refusals are logged on purpose; keep them out of the test output (and assert on them where it matters).
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** The main window's contents, showing our renderer in its top frame. */
function mainContents(url = `${APP_INDEX_URL}#/chat`) {
  const wc = new stub.FakeWebContents();
  wc.mainFrame.url = url;
  return wc;
}

function invokeEvent(sender: InstanceType<typeof stub.FakeWebContents>, frame: InstanceType<typeof stub.FakeFrame> | null) {
  return { sender, senderFrame: frame } as unknown;
}

async function call(channel: string, event: unknown, input: unknown): Promise<Result<any>> {
  const handler = stub.state.handlers.get(invokeChannel(channel as never));
  if (!handler) throw new Error(`no handler for ${channel}`);
  return (await handler(event, input)) as Result<any>;
}

/** Handlers that record every call, so a refused call can be shown not to have reached the engine. */
function spiedHandlers(handlers: Handlers) {
  const calls: string[] = [];
  const spied = Object.fromEntries(
    Object.entries(handlers).map(([name, fn]) => [name, (input: unknown) => (calls.push(name), (fn as (i: unknown) => unknown)(input))]),
  ) as Handlers;
  return { spied, calls };
}

describe('main window', () => {
  it('uses the secure webPreferences and the built CommonJS preload', () => {
    const win = createMainWindow({ preload: PATHS.preload, target: APP_TARGET, allowDevTools: false }) as unknown as InstanceType<
      typeof stub.FakeBrowserWindow
    >;
    const prefs = win.options.webPreferences;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.webSecurity).toBe(true);
    expect(prefs.nodeIntegrationInSubFrames).not.toBe(true);
    expect(prefs.nodeIntegrationInWorker).not.toBe(true);
    expect(prefs.webviewTag).not.toBe(true);
    expect(prefs.allowRunningInsecureContent).not.toBe(true);
    expect(prefs.experimentalFeatures).not.toBe(true);
    expect(prefs.devTools).toBe(false);
    expect(prefs.preload).toBe(join(ROOT, 'out', 'preload', 'index.cjs'));
    // The built renderer comes over the app scheme, never file://.
    expect(win.loadedURL).toBe('monad://app/index.html');
    expect(win.loadedFile).toBeNull();
  });

  it('names the preload file electron-vite actually emits (one CommonJS index.cjs)', () => {
    const config = readFileSync(join(ROOT, 'electron.vite.config.ts'), 'utf8');
    expect(config).toMatch(/src\/preload\/index\.ts/);
    expect(config).toMatch(/format:\s*'cjs'/);
    expect(config).toMatch(/entryFileNames:\s*'\[name\]\.cjs'/);
    const built = join(ROOT, 'out', 'preload', 'index.cjs');
    if (existsSync(built)) {
      // A sandboxed preload can require `electron` and nothing else.
      const requires = [...readFileSync(built, 'utf8').matchAll(/require\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]);
      expect(new Set(requires)).toEqual(new Set(['electron']));
    }
  });

  it('loads the dev server only when not packaged, and only over http(s)', () => {
    expect(rendererTarget(PATHS, 'http://localhost:5173/', false)).toMatchObject({ kind: 'dev', origin: 'http://localhost:5173' });
    expect(rendererTarget(PATHS, 'http://localhost:5173/', true)).toEqual({ kind: 'app', rendererDir: PATHS.rendererDir, url: APP_INDEX_URL });
    expect(rendererTarget(PATHS, undefined, false)).toMatchObject({ kind: 'app' });
    expect(() => rendererTarget(PATHS, 'file:///tmp/evil.html', false)).toThrow(/http/);
  });

  it('recognises only our renderer page as our own URL', () => {
    const index = APP_INDEX_URL;
    expect(isOwn(index)).toBe(true);
    expect(isOwn(`${index}#/sessions/1`)).toBe(true);
    expect(isOwn('monad://app/assets/index.js')).toBe(true);
    expect(isOwn('monad://evil/index.html')).toBe(false);
    expect(isOwn('monad://app:8080/index.html')).toBe(false);
    expect(isOwn('monad://user:pw@app/index.html')).toBe(false);
    expect(isOwn(`file://${join(PATHS.rendererDir, 'index.html')}`)).toBe(false);
    expect(isOwn('file:///etc/passwd')).toBe(false);
    expect(isOwn('https://example.com/index.html')).toBe(false);
    expect(isOwn('not a url')).toBe(false);
    const dev: RendererTarget = rendererTarget(PATHS, 'http://localhost:5173', false);
    expect(isOwnRendererUrl(dev, 'http://localhost:5173/#/x')).toBe(true);
    expect(isOwnRendererUrl(dev, 'http://localhost:5174/')).toBe(false);
    expect(isOwnRendererUrl(dev, index)).toBe(false);
  });
});

describe('the monad:// app scheme', () => {
  const dir = mkdtempSync(join(tmpdir(), 'monad-renderer-'));
  const rendererDir = join(dir, 'renderer');
  mkdirSync(join(rendererDir, 'assets'), { recursive: true });
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Monad</title>');
  writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dir, 'secret.txt'), 'TOP SECRET');
  symlinkSync(join(dir, 'secret.txt'), join(rendererDir, 'assets', 'link.txt'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const get = (url: string, method = 'GET') => rendererResponse(rendererDir, url, method, CONTENT_SECURITY_POLICY);

  it('is registered as a standard, secure scheme and served by one handler', async () => {
    registerAppScheme();
    const registered = stub.state.privilegedSchemes.pop()!;
    expect(registered.scheme).toBe('monad');
    expect(registered.privileges).toMatchObject({ standard: true, secure: true });
    expect(registered.privileges.bypassCSP).not.toBe(true);
    serveRenderer(rendererDir, CONTENT_SECURITY_POLICY);
    const handler = stub.state.protocolHandlers.get('monad')!;
    stub.state.protocolHandlers.delete('monad');
    const res = await handler({ url: 'monad://app/index.html', method: 'GET' });
    expect(res.status).toBe(200);
  });

  it('serves the built files with the CSP header and their content types', async () => {
    for (const url of ['monad://app/', 'monad://app/index.html']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(await res.text()).toContain('<title>Monad</title>');
    }
    const js = await get('monad://app/assets/index-abc.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY);
    expect(await js.text()).toBe('console.log(1)');
    // App routes get the shell; missing assets do not.
    expect(await (await get('monad://app/sessions/42')).text()).toContain('<title>Monad</title>');
    expect((await get('monad://app/assets/missing.js')).status).toBe(404);
  });

  it('never serves anything outside the renderer folder, another host, or a non-GET method', async () => {
    for (const url of [
      'monad://app/../secret.txt',
      'monad://app/%2e%2e/secret.txt',
      'monad://app/..%2fsecret.txt',
      'monad://app/assets/%2e%2e%2f%2e%2e%2fsecret.txt',
      'monad://app/assets/link.txt',
      'monad://other/index.html',
      'monad://app/%00.js',
    ]) {
      const res = await get(url);
      expect(await res.text(), url).not.toContain('TOP SECRET');
      expect(res.status, url).toBe(404);
    }
    expect((await get('monad://app/index.html', 'POST')).status).toBe(405);
    expect((await rendererResponse(join(dir, 'missing'), 'monad://app/index.html', 'GET', CONTENT_SECURITY_POLICY)).status).toBe(404);
  });
});

describe('IPC binding', () => {
  function bind(handlers: Handlers, main: InstanceType<typeof stub.FakeWebContents> | null) {
    return bindIpc({ handlers, mainWebContents: () => main as never, isOwnUrl: isOwn });
  }

  it('registers exactly one handler per contract channel and nothing else', () => {
    const engine = openEngine({ host: 'electron' });
    const unbind = bind(createHandlers(engine), mainContents());
    expect([...stub.state.handlers.keys()].sort()).toEqual(CHANNELS.map((c) => `monad:invoke:${c}`).sort());
    expect(stub.state.handlers.size).toBe(CHANNELS.length);
    // Binding twice would register a second handler per channel: Electron (and the stub) refuse.
    expect(() => bind(createHandlers(engine), mainContents())).toThrow(/second handler/);
    unbind();
    expect(stub.state.handlers.size).toBe(0);
  });

  it('answers a good call from our top frame against a real engine, and validates input', async () => {
    const engine = openEngine({ host: 'electron' });
    const main = mainContents();
    bind(createHandlers(engine), main);
    const ev = invokeEvent(main, main.mainFrame);

    const agents = await call('agents.list', ev, {});
    expect(agents.ok).toBe(true);
    expect(agents.ok && agents.data.length).toBeGreaterThan(0);
    const agentId = agents.ok ? agents.data[0].id : '';

    const created = await call('sessions.create', ev, { agentId, title: 'From IPC' });
    expect(created).toMatchObject({ ok: true, data: { agentId, title: 'From IPC' } });
    expect(engine.sessions.list().map((s) => s.title)).toEqual(['From IPC']);

    const status = await call('app.status', ev, undefined);
    expect(status).toMatchObject({ ok: true, data: { host: 'electron' } });

    const bad = await call('sessions.create', ev, { agentId, title: 'x'.repeat(500) });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    const extra = await call('agents.list', ev, { sneaky: true });
    expect(extra).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(engine.sessions.list()).toHaveLength(1);
  });

  it('refuses foreign senders with FORBIDDEN and never reaches the engine', async () => {
    const engine = openEngine({ host: 'electron' });
    const { spied, calls } = spiedHandlers(createHandlers(engine));
    const main = mainContents();
    bind(spied, main);
    const agentId = engine.agents.list()[0].id;
    const index = APP_INDEX_URL;

    const other = mainContents();
    const foreignTop = new stub.FakeFrame('https://evil.example/', null, main.mainFrame.processId, main.mainFrame.routingId);
    const otherHost = new stub.FakeFrame('monad://other/index.html', null, main.mainFrame.processId, main.mainFrame.routingId);
    const fileUrl = new stub.FakeFrame(`file://${join(PATHS.rendererDir, 'index.html')}`, null, main.mainFrame.processId, main.mainFrame.routingId);
    const subframe = new stub.FakeFrame(index, main.mainFrame as never, main.mainFrame.processId, 999);
    const detachedTop = new stub.FakeFrame(index, null, 7, 7);
    const senders: Array<[string, unknown]> = [
      ['a page at another URL', invokeEvent(main, foreignTop)],
      ['another host on our scheme', invokeEvent(main, otherHost)],
      ['our index.html over file://', invokeEvent(main, fileUrl)],
      ['a subframe', invokeEvent(main, subframe)],
      ['a top frame that is not the main frame', invokeEvent(main, detachedTop)],
      ['a frame that is gone', invokeEvent(main, null)],
      ['another web contents', invokeEvent(other, other.mainFrame)],
    ];
    for (const [label, ev] of senders) {
      for (const channel of ['sessions.create', 'agents.list', 'config.get']) {
        const r = await call(channel, ev, channel === 'sessions.create' ? { agentId, title: 'nope' } : {});
        expect(r, `${label} → ${channel}`).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
      }
    }
    expect(calls).toEqual([]);
    expect(engine.sessions.list()).toEqual([]);
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/^\[ipc\] refused sessions\.create from a subframe/));
  });

  it('refuses every call while no main window is open, and after it is destroyed', async () => {
    const engine = openEngine({ host: 'electron' });
    const unbind = bind(createHandlers(engine), null);
    const main = mainContents();
    expect(await call('agents.list', invokeEvent(main, main.mainFrame), {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    unbind();
    bind(createHandlers(engine), main);
    main.destroyed = true;
    expect(await call('agents.list', invokeEvent(main, main.mainFrame), {})).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
  });
});

describe('event forwarding', () => {
  it('sends engine events to our page, one IPC channel per event', async () => {
    const engine = openEngine({ host: 'electron' });
    const main = mainContents();
    bindIpc({ handlers: createHandlers(engine), mainWebContents: () => main as never, isOwnUrl: isOwn });
    const stop = forwardEvents(engine.events, () => main as never, isOwn);
    const agentId = engine.agents.list()[0].id;
    await call('sessions.create', invokeEvent(main, main.mainFrame), { agentId });
    expect(main.sent).toContainEqual([eventChannel('sessions.changed'), { agentId }]);

    main.sent.length = 0;
    main.mainFrame.url = 'https://evil.example/';
    engine.events.emit('sessions.changed', { agentId });
    expect(main.sent).toEqual([]);

    main.mainFrame.url = APP_INDEX_URL;
    main.destroyed = true;
    engine.events.emit('sessions.changed', { agentId });
    expect(main.sent).toEqual([]);

    main.destroyed = false;
    stop();
    engine.events.emit('sessions.changed', { agentId });
    expect(main.sent).toEqual([]);
  });
});

describe('navigation and new windows', () => {
  function guarded() {
    const wc = mainContents();
    guardWebContents(wc as never, isOwn);
    return wc;
  }
  const navEvent = (url: string, isMainFrame = true) => ({ url, isMainFrame, preventDefault: vi.fn() });

  it('prevents will-navigate away from our page; only http(s) targets go to the browser', () => {
    const wc = guarded();
    for (const url of ['https://example.com/a', 'http://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'data:text/html,<script>1</script>']) {
      const ev = navEvent(url);
      wc.emit('will-navigate', ev, url);
      expect(ev.preventDefault, url).toHaveBeenCalled();
    }
    expect(stub.state.opened).toEqual(['https://example.com/a', 'http://example.com/']);

    const own = navEvent(`${APP_INDEX_URL}#/x`);
    wc.emit('will-navigate', own, own.url);
    expect(own.preventDefault).not.toHaveBeenCalled();
  });

  it('prevents subframe navigation and <webview> attachment', () => {
    const wc = guarded();
    const sub = navEvent('https://evil.example/', false);
    wc.emit('will-frame-navigate', sub);
    expect(sub.preventDefault).toHaveBeenCalled();
    const webview = { preventDefault: vi.fn() };
    wc.emit('will-attach-webview', webview, {}, {});
    expect(webview.preventDefault).toHaveBeenCalled();
  });

  it('denies every window.open; only http(s) URLs reach shell.openExternal', () => {
    const wc = guarded();
    const open = wc.windowOpenHandler!;
    const urls = [
      'https://example.com/docs',
      'HTTP://Example.COM/x',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'data:text/html,hi',
      'vbscript:msgbox',
      'smb://host/share',
      'about:blank',
      '',
      'not a url',
    ];
    for (const url of urls) expect(open({ url }), url).toEqual({ action: 'deny' });
    expect(stub.state.opened).toEqual(['https://example.com/docs', 'http://example.com/x']);
    expect(openExternalSafely('ftp://example.com')).toBe(false);
  });

  it('guards every web contents the app creates, including the main window', async () => {
    // index.ts registers guardWebContents on app 'web-contents-created'; the index.ts test below
    // checks that registration, this checks a created window's contents end up guarded.
    const { app } = stub.electron;
    const listener = (_e: unknown, contents: never) => guardWebContents(contents, isOwn);
    app.on('web-contents-created', listener);
    const win = createMainWindow({ preload: PATHS.preload, target: APP_TARGET, allowDevTools: false }) as unknown as InstanceType<
      typeof stub.FakeBrowserWindow
    >;
    app.off('web-contents-created', listener);
    expect(win.webContents.windowOpenHandler).not.toBeNull();
    expect(win.webContents.listenerCount('will-navigate')).toBe(1);
  });
});

describe('session hardening', () => {
  it('denies every permission request and check', () => {
    denyAllPermissions(stub.electron.session.defaultSession as never);
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal', 'hid']) {
      const cb = vi.fn();
      stub.state.permissionRequest!({}, permission, cb, {});
      expect(cb, permission).toHaveBeenCalledWith(false);
      expect(stub.state.permissionCheck!({}, permission, 'file://', {}), permission).toBe(false);
    }
    expect(stub.state.devicePermission!({ deviceType: 'usb' })).toBe(false);
  });

  it('injects the CSP header, replacing any the response brought', () => {
    installContentSecurityPolicy(stub.electron.session.defaultSession as never, contentSecurityPolicyFor(APP_TARGET));
    expect(stub.state.headerListeners).toHaveLength(1);
    const cb = vi.fn();
    stub.state.headerListeners[0]({ url: 'http://localhost/', responseHeaders: { 'content-security-policy': ["script-src * 'unsafe-eval'"], 'X-Keep': ['1'] } }, cb);
    const headers = cb.mock.calls[0][0].responseHeaders as Record<string, string[]>;
    expect(headers['X-Keep']).toEqual(['1']);
    const cspKeys = Object.keys(headers).filter((k) => k.toLowerCase() === 'content-security-policy');
    expect(cspKeys).toEqual(['Content-Security-Policy']);
    const policy = headers['Content-Security-Policy'][0];
    expect(policy).toBe(CONTENT_SECURITY_POLICY);
    const directives = parseCsp(policy);
    expect(directives.get('script-src')).toEqual(["'self'"]);
    for (const name of ['script-src', 'default-src']) {
      expect(directives.get(name)).not.toContain("'unsafe-inline'");
      expect(directives.get(name)).not.toContain("'unsafe-eval'");
    }
    expect(directives.get('object-src')).toEqual(["'none'"]);

    // A response without headers still gets the policy.
    const cb2 = vi.fn();
    stub.state.headerListeners[0]({ url: 'http://localhost/' }, cb2);
    expect(cb2.mock.calls[0][0].responseHeaders['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY]);
  });

  it('relaxes scripts to inline only for the development server, never eval', () => {
    const dev = parseCsp(contentSecurityPolicyFor(rendererTarget(PATHS, 'http://localhost:5173', false)));
    expect(dev.get('script-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(dev.get('connect-src')).toEqual(["'self'", 'ws://localhost:5173']);
  });
});

describe('safeStorage secret store', () => {
  const KEY = 'sk-test-very-secret-0123456789';

  it('encrypts values when the OS keychain is available', () => {
    const path = join(tempHome(), 'secrets.json');
    const store = createSafeStorageSecretStore(path, stub.electron.safeStorage as never, 'linux');
    expect(store.info()).toEqual({ kind: 'safeStorage', encrypted: true, warning: null });
    store.set('openai', KEY);
    const raw = readFileSync(path, 'utf8');
    expect(raw).not.toContain(KEY);
    expect(JSON.parse(raw).openai.startsWith(ENCRYPTED_PREFIX)).toBe(true);
    expect(createSafeStorageSecretStore(path, stub.electron.safeStorage as never, 'linux').get('openai')).toBe(KEY);
    expect(store.values()).toEqual([KEY]);
    // Decrypted once and kept: the same array until a key changes, which callers rely on (secret-store.ts).
    expect(store.values()).toBe(store.values());
    store.set('anthropic', `${KEY}-2`);
    expect(store.values()).toEqual([KEY, `${KEY}-2`]);
  });

  it('falls back to plain text with a warning when encryption is unavailable', () => {
    stub.state.safe.available = false;
    const path = join(tempHome(), 'secrets.json');
    const store = createSafeStorageSecretStore(path, stub.electron.safeStorage as never, 'darwin');
    expect(store.info().encrypted).toBe(false);
    expect(store.info().warning).toMatch(/plain text/);
    store.set('openai', KEY);
    expect(JSON.parse(readFileSync(path, 'utf8')).openai).toBe(KEY);

    // Once a keychain appears, the plain value still reads, and new values are encrypted.
    stub.state.safe.available = true;
    const later = createSafeStorageSecretStore(path, stub.electron.safeStorage as never, 'darwin');
    expect(later.get('openai')).toBe(KEY);
    later.set('anthropic', `${KEY}-2`);
    expect(readFileSync(path, 'utf8')).not.toContain(`${KEY}-2`);

    // And an encrypted value met without a keychain gives a clear error, not garbage.
    stub.state.safe.available = false;
    const locked = createSafeStorageSecretStore(path, stub.electron.safeStorage as never, 'darwin');
    expect(() => locked.get('anthropic')).toThrow(/keychain/);
    // Scrubbing (values) must keep working: it skips what it cannot read.
    expect(locked.values()).toEqual([KEY]);
    expect(locked.get('openai')).toBe(KEY);
  });

  it("treats Linux's basic_text backend as unencrypted, and the engine status shows the warning", async () => {
    stub.state.safe.backend = 'basic_text';
    const home = tempHome();
    const store = createSafeStorageSecretStore(join(home, 'secrets.json'), stub.electron.safeStorage as never, 'linux');
    expect(store.info().encrypted).toBe(false);
    expect(store.info().warning).toMatch(/plain text/);
    store.set('k', KEY);
    expect(readFileSync(join(home, 'secrets.json'), 'utf8')).toContain(KEY);
    const engine = openEngine({ home, host: 'electron', secrets: store });
    expect(engine.status().secrets).toEqual(store.info());
    // On other platforms the Linux backend name means nothing.
    expect(createSafeStorageSecretStore(join(home, 'b.json'), stub.electron.safeStorage as never, 'win32').info().encrypted).toBe(true);
  });
});

describe('src/main/index.ts wiring', () => {
  const home = mkdtempSync(join(tmpdir(), 'monad-electron-home-'));
  afterAll(() => {
    vi.unstubAllEnvs();
    rmSync(home, { recursive: true, force: true });
  });

  it('honours MONAD_HOME, enables the sandbox, hardens the session, binds IPC and opens the window', async () => {
    vi.stubEnv('MONAD_HOME', home);
    vi.stubEnv('ELECTRON_RENDERER_URL', '');
    const { app } = stub.electron;
    await import('../../src/main/index');
    await new Promise((r) => setTimeout(r, 50));

    expect(stub.state.errorBoxes).toEqual([]);
    expect(stub.state.paths.get('userData')).toBe(home);
    expect(stub.state.sandboxEnabled).toBe(true);
    expect(app.listenerCount('web-contents-created')).toBe(1);
    expect(stub.state.headerListeners).toHaveLength(1);
    expect(stub.state.permissionRequest).not.toBeNull();
    expect(stub.state.permissionCheck!({}, 'media', '', {})).toBe(false);
    expect([...stub.state.handlers.keys()].sort()).toEqual(CHANNELS.map((c) => invokeChannel(c)).sort());

    expect(stub.state.windows).toHaveLength(1);
    const win = stub.state.windows[0];
    expect(win.options.webPreferences).toMatchObject({ contextIsolation: true, sandbox: true, nodeIntegration: false });
    // From source the "bundle folder" is src/main, so the sibling paths land in src/; bundled, out/.
    expect(win.options.webPreferences.preload).toBe(join(ROOT, 'src', 'preload', 'index.cjs'));
    expect(win.loadedURL).toBe(APP_INDEX_URL);
    expect(win.webContents.windowOpenHandler).not.toBeNull();
    // The app scheme is privileged before ready and served after it.
    expect(stub.state.privilegedSchemes.map((s) => s.scheme)).toEqual(['monad']);
    expect(stub.state.protocolHandlers.has('monad')).toBe(true);
    // The OS hands invite links (monad://sync/join?…) to this app: registered once, for its own scheme.
    expect(stub.state.protocolClients).toEqual(['monad']);
    expect(app.listenerCount('open-url')).toBe(1);
    expect(app.listenerCount('second-instance')).toBe(1);

    // The real engine on MONAD_HOME answers through IPC from the window's top frame.
    win.webContents.mainFrame.url = APP_INDEX_URL;
    const status = await call('app.status', invokeEvent(win.webContents, win.webContents.mainFrame), {});
    expect(status).toMatchObject({ ok: true, data: { host: 'electron', home, secrets: { kind: 'safeStorage', encrypted: true } } });
    expect(existsSync(join(home, 'db', 'app.sqlite'))).toBe(true);

    app.emit('will-quit');
    expect(stub.state.handlers.size).toBe(0);
  });
});

function parseCsp(policy: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) out.set(name.toLowerCase(), values);
  }
  return out;
}
