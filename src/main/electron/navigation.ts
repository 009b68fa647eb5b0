// The renderer never navigates away and never opens windows. Links to the web open in the person's
// browser, and only http(s) ones: javascript:, file:, data:, custom schemes and the like go nowhere.
import { shell, type WebContents } from 'electron';

export const EXTERNAL_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:']);

/** Opens an http(s) URL in the default browser; anything else is refused. Returns whether it opened. */
export function openExternalSafely(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!EXTERNAL_PROTOCOLS.has(parsed.protocol)) {
    console.warn(`[navigation] refused to open ${parsed.protocol} URL externally`);
    return false;
  }
  shell.openExternal(parsed.href).catch((err: unknown) => {
    console.error('[navigation] openExternal failed:', err);
  });
  return true;
}

/** Applied to every WebContents the app creates (`app.on('web-contents-created')`). */
export function guardWebContents(contents: WebContents, isOwnUrl: (url: string) => boolean): void {
  contents.on('will-navigate', (event) => {
    const url = event.url;
    if (isOwnUrl(url)) return;
    event.preventDefault();
    openExternalSafely(url);
  });
  // Subframes: Monad has none of its own, so none may load anything but our page.
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame || isOwnUrl(event.url)) return;
    event.preventDefault();
  });
  contents.on('will-attach-webview', (event) => {
    event.preventDefault();
  });
  contents.setWindowOpenHandler(({ url }) => {
    openExternalSafely(url);
    return { action: 'deny' };
  });
}
