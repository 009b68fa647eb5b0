// The qdrant client sends its `api-key` header on every request through the platform's fetch, which
// follows redirects and keeps custom headers across origins: a qdrant address that answers with a 307
// would hand the key to wherever it points (issue 26 §4). @qdrant/js-client-rest 1.19 takes no fetch of
// ours, but every request it makes goes through one generated API object (`_openApiClient`) whose
// operations each take a per-request RequestInit, merged over the client's own (headers, dispatcher). So
// each operation is asked with `redirect: 'manual'`, and a 3xx it gets back is the same refusal providers
// give (net/no-redirect-fetch.ts). Scoped to the clients built here: no global is touched.
import { MonadError } from '../../../shared/errors';
import { isRedirect, redirectRefused } from '../../net/no-redirect-fetch';

const WHO = { name: 'The qdrant server', fix: 'Check the vector store address in Settings → Memory.' };

type Operation = (payload?: unknown, init?: RequestInit) => Promise<unknown>;

/** The shape of the client's failed-response error (@qdrant/openapi-typescript-fetch ApiError). */
function redirectOf(err: unknown): { status: number; location: string; url: string } | null {
  const e = err as { status?: unknown; headers?: { get?: (name: string) => string | null }; url?: unknown } | null;
  if (!e || typeof e.status !== 'number' || typeof e.headers?.get !== 'function') return null;
  const location = e.headers.get('location');
  return isRedirect(e.status, location) ? { status: e.status, location: location!, url: typeof e.url === 'string' ? e.url : '' } : null;
}

/**
 * Makes `client` refuse redirects. A client of another shape is refused outright when it would carry a
 * key (better no vector store than a key that can be forwarded); without a key it is left as it is.
 */
export function refuseQdrantRedirects<C extends object>(client: C, baseUrl: string, hasKey: boolean): C {
  const c = client as unknown as { _openApiClient?: Record<PropertyKey, unknown> };
  const api = c._openApiClient;
  if (!api || typeof api !== 'object') {
    if (!hasKey) return client;
    throw new MonadError('INTERNAL', 'This version of the qdrant client cannot be kept from following redirects, so Monad does not give it the vector store key. Reinstall Monad, or use a vector store without a key.');
  }
  c._openApiClient = new Proxy(api, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function') return value;
      const op = value as Operation;
      return async (payload?: unknown, init?: RequestInit) => {
        try {
          return await op.call(target, payload, { ...init, redirect: 'manual' });
        } catch (err) {
          const r = redirectOf(err);
          if (r) throw redirectRefused(WHO, r.url || baseUrl, r.status, r.location);
          throw err;
        }
      };
    },
  });
  return client;
}
