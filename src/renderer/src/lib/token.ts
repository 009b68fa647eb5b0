// The headless host's access token. `monad serve` prints `http://127.0.0.1:PORT/#token=…`: the fragment
// never reaches the server's logs or a Referer. On first load we take it from the fragment, keep it in
// sessionStorage (so a reload of this tab still works, and it dies with the tab), and clear the address bar.

const STORAGE_KEY = 'monad.token';

export function takeToken(): string | null {
  const fromHash = tokenFromHash(window.location.hash);
  if (fromHash) {
    try {
      sessionStorage.setItem(STORAGE_KEY, fromHash);
    } catch {
      // Storage can be disabled; the token still works for this page load.
    }
    const { pathname, search } = window.location;
    window.history.replaceState(window.history.state, '', `${pathname}${search}`);
    return fromHash;
  }
  try {
    return sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function forgetToken(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored, nothing to forget.
  }
}

export function tokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const token = params.get('token');
  return token && token.trim() !== '' ? token.trim() : null;
}

/**
 * A person pasting a fresh link into the address bar of an open tab only changes the fragment, which
 * does not reload the page: adopt the new token and start over with it.
 */
export function watchForNewToken(): void {
  window.addEventListener('hashchange', () => {
    if (!tokenFromHash(window.location.hash)) return;
    takeToken();
    window.location.reload();
  });
}
