// Outbound requests that carry a credential never follow a redirect (issue 26 §4). A key is bound to the
// origin it was saved for (llm/provider-keys.ts); a redirect would send the same request, headers and all,
// wherever the server names. fetch drops `Authorization` across origins but keeps every other header
// (Anthropic's `x-api-key`, qdrant's `api-key`), and SDKs on other HTTP stacks (node-fetch) keep them all.
// So the request is made with `redirect: 'manual'`: the server's 3xx comes back as a response, nothing is
// sent to the address it names, and the person is told which address that was and what to do.
//
// Generic on purpose: anything that sends a key over HTTP (providers, mem0, qdrant, tool servers) can
// wrap its fetch with `refuseRedirects`, or turn a 3xx it saw itself into the same error (`redirectRefused`).
import { MonadError, type ErrorCode } from '../../shared/errors';

export interface RedirectRefusalOptions {
  /** Who answered, as the person knows it ("OpenAI", "the qdrant server"): the message starts with it. */
  name: string;
  /** What to check, said at the end of the message. Default: the base URL. */
  fix?: string;
  /** Default PROVIDER_ERROR: every caller so far is a server Monad sends a key to. */
  code?: ErrorCode;
  /** What the request carries, in the person's words: "keys" (default) or "credentials" (a tool server's token and headers). */
  carries?: 'keys' | 'credentials';
}

export interface RefuseRedirectsOptions extends RedirectRefusalOptions {
  /** The fetch underneath (the platform's by default). */
  fetch?: typeof fetch;
}

/** A status that asks the client to go elsewhere (300–399 with a Location). 304 is not one. */
export function isRedirect(status: number, location: string | null | undefined): boolean {
  return status >= 300 && status < 400 && status !== 304 && !!location;
}

/**
 * Where a redirect points, as it is worth saying: the origin when it leaves the request's origin (the
 * path could carry anything), the whole address when it stays (then the base URL is merely off).
 */
export function redirectTarget(requestUrl: string, location: string): string {
  let target: URL;
  try {
    target = new URL(location, requestUrl);
  } catch {
    return JSON.stringify(location.slice(0, 120));
  }
  let from: string | null = null;
  try {
    from = new URL(requestUrl).origin;
  } catch {
    from = null;
  }
  if (target.origin !== from) return target.origin;
  target.username = '';
  target.password = '';
  target.search = '';
  target.hash = '';
  return target.href;
}

/** The error a person sees when a server that was to receive a key answered with a redirect. */
export function redirectRefused(opts: RedirectRefusalOptions, requestUrl: string, status: number, location: string): MonadError {
  const to = redirectTarget(requestUrl, location);
  const fix = opts.fix ?? 'Check the base URL.';
  return new MonadError(opts.code ?? 'PROVIDER_ERROR', `${opts.name} answered with a redirect to ${to}; Monad does not send ${opts.carries ?? 'keys'} to another address. ${fix}`, {
    redirect: { status, to },
    name: opts.name,
  });
}

function urlOf(input: Parameters<typeof fetch>[0]): string {
  if (typeof input === 'string') return input;
  if (input instanceof URL) return input.href;
  return input.url;
}

/**
 * A fetch that never follows a redirect: a 3xx with a Location is a MonadError naming where it pointed.
 * Any other response is returned as it came.
 */
export function refuseRedirects(opts: RefuseRedirectsOptions): typeof fetch {
  const base = opts.fetch ?? fetch;
  return async (input, init) => {
    const res = await base(input, { ...init, redirect: 'manual' });
    const location = res.headers.get('location');
    if (!isRedirect(res.status, location)) return res;
    // The body is not wanted; releasing it frees the connection.
    await res.body?.cancel().catch(() => undefined);
    throw redirectRefused(opts, urlOf(input), res.status, location!);
  };
}
