// The main window with Electron's security checklist applied, and the CSP header for its session.
import { BrowserWindow, dialog, type Session, type WebPreferences } from 'electron';
import { CONTENT_SECURITY_POLICY } from '../http/static-files';
import type { RendererTarget } from './renderer-url';

export function secureWebPreferences(preload: string, allowDevTools: boolean): WebPreferences {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    spellcheck: true,
    devTools: allowDevTools,
  };
}

export interface MainWindowOptions {
  preload: string;
  target: RendererTarget;
  /** DevTools only in development; a packaged app has no use for them. */
  allowDevTools: boolean;
}

export function createMainWindow(opts: MainWindowOptions): BrowserWindow {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 720,
    minHeight: 480,
    title: 'Monad',
    // Shown on ready-to-show so the person never sees a blank white frame.
    show: false,
    webPreferences: secureWebPreferences(opts.preload, opts.allowDevTools),
  });
  win.once('ready-to-show', () => win.show());
  // The renderer guards unsaved edits with `beforeunload`; Electron would cancel the close silently,
  // so ask the person instead.
  win.webContents.on('will-prevent-unload', (event) => {
    const choice = dialog.showMessageBoxSync(win, {
      type: 'question',
      buttons: ['Leave', 'Stay'],
      defaultId: 1,
      cancelId: 1,
      message: 'You have unsaved changes.',
      detail: 'Leave and discard them?',
    });
    if (choice === 0) event.preventDefault();
  });
  win.loadURL(opts.target.url).catch((err: unknown) => {
    console.error('[window] failed to load the renderer:', err);
  });
  return win;
}

/**
 * The dev server's React Fast Refresh preamble is an inline script, so development alone allows
 * inline scripts; the built app gets exactly the headless server's policy.
 */
export function contentSecurityPolicyFor(target: RendererTarget): string {
  if (target.kind === 'app') return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'").replace(
    "connect-src 'self'",
    // Vite's HMR socket.
    `connect-src 'self' ${target.origin.replace(/^http/, 'ws')}`,
  );
}

/**
 * Adds the CSP header to every http(s) response in the session (the dev server's pages). The built
 * renderer's monad:// responses carry it from protocol.ts; nothing is ever loaded from file://.
 */
export function installContentSecurityPolicy(session: Session, policy: string): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    const headers = { ...(details.responseHeaders ?? {}) };
    // Drop any policy a response brought, whatever its casing: ours is the only one.
    for (const key of Object.keys(headers)) {
      if (key.toLowerCase() === 'content-security-policy') delete headers[key];
    }
    headers['Content-Security-Policy'] = [policy];
    callback({ responseHeaders: headers });
  });
}
