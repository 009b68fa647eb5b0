// The Electron host: lifecycle and wiring only. Security options, IPC, navigation and secrets live in
// src/main/electron/; everything else is the engine, shared with `monad serve` and the CLI.
import { app, BrowserWindow, dialog, session, type WebContents } from 'electron';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHandlers } from './contract/handlers';
import { forwardEvents } from './electron/events';
import { bindIpc } from './electron/ipc';
import { guardWebContents } from './electron/navigation';
import { denyAllPermissions } from './electron/permissions';
import { registerAppScheme, serveRenderer } from './electron/protocol';
import { JoinLinkInbox, linkFromArgv } from './electron/join-links';
import { APP_SCHEME, builtPaths, isOwnRendererUrl, rendererTarget } from './electron/renderer-url';
import { createSafeStorageSecretStore } from './electron/safe-storage';
import { contentSecurityPolicyFor, createMainWindow, installContentSecurityPolicy } from './electron/window';
import { startDesktopServices, type DesktopServices } from './desktop-services';
import { startLiveSyncWhenPaired } from './engine-sync-start';
import { Engine } from './engine';
import { homePaths } from './home';

// MONAD_HOME puts the whole app (Monad's files and Chromium's profile) in one folder: tests use a temp one.
if (process.env.MONAD_HOME) app.setPath('userData', resolve(process.env.MONAD_HOME));
app.enableSandbox();
registerAppScheme();

// Two processes writing one home's SQLite files and config would corrupt each other's view.
if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  const paths = builtPaths(dirname(fileURLToPath(import.meta.url)));
  const target = rendererTarget(paths, process.env.ELECTRON_RENDERER_URL, app.isPackaged);
  const isOwnUrl = (url: string) => isOwnRendererUrl(target, url);
  let engine: Engine | null = null;
  let services: DesktopServices | null = null;
  let win: BrowserWindow | null = null;
  const mainWebContents = (): WebContents | null => (win && !win.isDestroyed() ? win.webContents : null);
  const cleanups: Array<() => void> = [];
  // Invite links the OS opens Monad with (issue 30 §4): held until the page can take them (join-links.ts).
  const joinLinks = new JoinLinkInbox();
  const initialLink = linkFromArgv(process.argv);
  if (initialLink) joinLinks.receive(initialLink);
  // Run from sources (`electron .`), the OS must be told the script as well as the binary.
  if (process.defaultApp && process.argv[1]) app.setAsDefaultProtocolClient(APP_SCHEME, process.execPath, [resolve(process.argv[1])]);
  else app.setAsDefaultProtocolClient(APP_SCHEME);

  const openWindow = () => {
    const opened = createMainWindow({ preload: paths.preload, target, allowDevTools: !app.isPackaged });
    win = opened;
    opened.webContents.on('did-finish-load', () => joinLinks.attach((r) => engine?.events.emit('sync.joinLink', r)));
    opened.on('closed', () => {
      win = null;
      joinLinks.attach(null);
    });
  };
  const focusWindow = () => {
    // macOS keeps running with no window: a link opened then gets one.
    if (!win) {
      if (app.isReady() && engine) openWindow();
      return;
    }
    if (win.isMinimized()) win.restore();
    win.focus();
  };

  app.on('web-contents-created', (_event, contents) => guardWebContents(contents, isOwnUrl));
  // Windows and Linux open a link by starting a second instance with it in argv; macOS sends open-url.
  app.on('second-instance', (_event, argv) => {
    const link = linkFromArgv(argv);
    if (link) joinLinks.receive(link);
    focusWindow();
  });
  app.on('open-url', (event, url) => {
    event.preventDefault();
    joinLinks.receive(url);
    focusWindow();
  });

  app.whenReady().then(() => {
    const home = app.getPath('userData');
    try {
      engine = Engine.open({
        home,
        host: 'electron',
        secrets: createSafeStorageSecretStore(homePaths(home).secrets),
        versions: { electron: process.versions.electron ?? null, chrome: process.versions.chrome ?? null },
        watchConfig: true,
      });
    } catch (err) {
      dialog.showErrorBox('Monad cannot start', `${(err as Error).message}\n\nHome: ${home}`);
      app.exit(1);
      return;
    }
    const live = engine;
    // The MCP listener for other apps (Settings → Integrations), when switched on; it follows config changes.
    services = startDesktopServices(live);
    // A paired home syncs with its other devices while the app runs (issue 30 §5); the sync stack loads only for one.
    startLiveSyncWhenPaired(live).catch((err: unknown) => live.log('[sync] the live sync could not start', err));
    const policy = contentSecurityPolicyFor(target);
    if (target.kind === 'app') serveRenderer(target.rendererDir, policy);
    installContentSecurityPolicy(session.defaultSession, policy);
    denyAllPermissions(session.defaultSession);
    cleanups.push(
      bindIpc({
        handlers: createHandlers(live),
        mainWebContents,
        isOwnUrl,
        ctx: { egress: live.egress, log: (msg, err) => live.log(msg, err) },
      }),
      forwardEvents(live.events, mainWebContents, isOwnUrl),
    );
    openWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  }).catch((err: unknown) => {
    console.error('[main] startup failed:', err);
    app.exit(1);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // Stop the managed qdrant gracefully (SIGTERM, then SIGKILL) before the engine closes.
  let stopping = false;
  app.on('before-quit', (event) => {
    if (stopping || !engine) return;
    stopping = true;
    event.preventDefault();
    // …and the MCP tool servers (issue 19 §2), and close the MCP listener's port (issue 19 §1).
    const closing = engine;
    closing.sync
      .stop()
      .then(async () => void (await (services ? services.stop() : Promise.all([closing.mem0.stop(), closing.mcp.close()]))))
      .catch((err: unknown) => console.error('[main] stopping memory services failed:', err))
      .finally(() => app.quit());
  });
  app.on('will-quit', () => {
    for (const cleanup of cleanups.splice(0)) cleanup();
    engine?.close();
    engine = null;
  });
}

