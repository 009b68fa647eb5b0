// The fetch an HTTP tool server's transport uses. Its requests carry the server's bearer token and header
// values, which were saved for one address: a redirect is never followed (to another port, host or path
// alike), so nothing the server answers can send them anywhere else (issue 26 §4). The SDK's own default
// follows redirects within the origin; this is stricter and does not depend on the SDK version's default.
// (Another part of Monad has the same rule for providers; the two are to be unified in src/main/net.)
import { MonadError } from '../../shared/errors';

type Fetch = typeof fetch;

/** Is this status one that asks the client to go elsewhere? (304 Not Modified does not.) */
function isRedirect(status: number): boolean {
  return status >= 300 && status < 400 && status !== 304;
}

export function redirectRefusal(serverName: string, from: string, location: string | null): string {
  const to = location ? (() => {
    try {
      return new URL(location, from).href;
    } catch {
      return location;
    }
  })() : 'another address';
  return `The tool server "${serverName}" answered with a redirect to ${to}; Monad does not send credentials to another address. If the server has moved, put its new address in Settings → Tools and enter its token again.`;
}

/** A fetch that refuses every redirect with a clear error, for the server named `serverName`. */
export function noRedirectFetch(serverName: string, base: Fetch = fetch): Fetch {
  return async (input, init) => {
    const res = await base(input, { ...init, redirect: 'manual' });
    // Node's fetch hands a manual redirect back as the 3xx response itself; a browser-like fetch as an
    // "opaqueredirect" with status 0. Either way it goes no further.
    if (isRedirect(res.status) || res.type === 'opaqueredirect') {
      await res.body?.cancel().catch(() => undefined);
      const from = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      throw new MonadError('CONFLICT', redirectRefusal(serverName, from, res.headers.get('location')));
    }
    return res;
  };
}
