// Where the renderer is loaded from, and whether a URL is that renderer. Used by the IPC sender check,
// navigation guards and event forwarding. Pure: no `electron` import, so it is tested directly.
import { join } from 'node:path';

/** The built files, relative to the bundled main script's folder (out/main). */
export interface BuiltPaths {
  preload: string;
  rendererDir: string;
}

export function builtPaths(mainDir: string): BuiltPaths {
  return {
    // A sandboxed preload must be one CommonJS file (electron.vite.config.ts emits index.cjs).
    preload: join(mainDir, '..', 'preload', 'index.cjs'),
    rendererDir: join(mainDir, '..', 'renderer'),
  };
}

/**
 * The built renderer is served on a privileged custom scheme rather than file:// (Electron's security
 * checklist): the page gets a real origin for `'self'`, file:// stays out of reach, and the response
 * carries our CSP header, which Chromium never applies to file:// loads.
 */
export const APP_SCHEME = 'monad';
export const APP_HOST = 'app';
export const APP_INDEX_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

export type RendererTarget =
  | { kind: 'app'; rendererDir: string; url: string }
  | { kind: 'dev'; url: string; origin: string };

/**
 * The built renderer, or electron-vite's dev server (ELECTRON_RENDERER_URL) when not packaged.
 * A packaged app ignores the variable: it must never load code from a URL the environment names.
 */
export function rendererTarget(paths: BuiltPaths, devUrl: string | undefined, isPackaged: boolean): RendererTarget {
  if (devUrl && !isPackaged) {
    const parsed = new URL(devUrl);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error(`ELECTRON_RENDERER_URL must be http(s): ${devUrl}`);
    return { kind: 'dev', url: parsed.href, origin: parsed.origin };
  }
  return { kind: 'app', rendererDir: paths.rendererDir, url: APP_INDEX_URL };
}

/** True when `url` is a page of our renderer: on the app scheme's host, or the dev server's origin. */
export function isOwnRendererUrl(target: RendererTarget, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (target.kind === 'dev') return parsed.origin === target.origin;
  // WHATWG gives custom schemes an opaque origin ("null"), so compare scheme, host and port directly.
  return parsed.protocol === `${APP_SCHEME}:` && parsed.host === APP_HOST && parsed.username === '' && parsed.password === '';
}
