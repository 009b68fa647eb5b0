// A device's side of the relay's pairing API (relay-http.ts): ask for an invite code, join with one, list
// and revoke the home's devices. Errors come back as the relay's own sentence, typed by its code.
//
// These requests leave through the same doors as a model request (llm/provider-factory.ts): the address is
// checked first (checkRelayUrl: wss:// anywhere, ws:// only to this machine — the relay the person typed
// when joining, or the one this home was paired with), a redirect is refused, and the body passes the
// engine's egress filter, so a stored secret that found its way into what is sent (a device name, a
// device's label) leaves as `[REDACTED:stored-secret]`. The credential itself travels in the
// Authorization header, which the filter leaves alone: it is meant for this relay, bound to its origin.
import { ERROR_CODES, MonadError, type ErrorCode } from '../../shared/errors';
import { refuseRedirects } from '../net/no-redirect-fetch';
import { EgressFilter } from '../secrets/egress-filter';
import { scrubbedRequestFetch } from '../secrets/scrubbed-request-fetch';
import { SYNC_API } from './relay-http-paths';
import { checkRelayUrl, httpBaseOf } from './relay-url';

export interface PairedDevice {
  id: string;
  name: string;
  createdAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
}

export interface Invite {
  code: string;
  space: string;
  expiresAt: string;
}

export interface Joined {
  token: string;
  space: string;
  device: PairedDevice;
}

/**
 * Pairing requests carry the device's credential or an invite code (whose answer is a new credential): a
 * redirect is refused, never followed, so neither is sent to an address the person did not give.
 */
const relayFetch = refuseRedirects({ name: 'The relay', carries: 'credentials', fix: 'Use the address `monad sync serve` printed, or your proxy\'s wss:// address, exactly.' });

const NO_FILTER = new EgressFilter(() => []);

/** Pairing requests are small and answered at once; a relay that takes longer is not answering. */
const REQUEST_TIMEOUT_MS = 15_000;

async function call<T>(egress: EgressFilter, relayUrl: string, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<T> {
  const base = httpBaseOf(checkRelayUrl(relayUrl));
  let res: Response;
  try {
    res = await scrubbedRequestFetch(egress, relayFetch)(`${base}${SYNC_API}${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    if (err instanceof MonadError) throw err; // a refused redirect, said as it is
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause?.code ?? cause?.message ?? (err as Error).message;
    const tlsHint = /CERT|SELF_SIGNED|UNABLE_TO_VERIFY/.test(why) ? ' The relay\'s certificate is not trusted here: for your own certificate authority, start Monad with NODE_EXTRA_CA_CERTS=/path/to/ca.pem (docs/sync.md §4).' : '';
    throw new MonadError('PROVIDER_ERROR', `Could not reach the relay at ${relayUrl} (${why}). Check that \`monad sync serve\` is running there and that this device can reach it.${tlsHint}`, { relay: relayUrl });
  }
  const text = await res.text();
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not the relay's JSON (another server on that port, a proxy's error page): said below.
  }
  if (!res.ok || parsed === null) {
    const e = (parsed as { error?: { code?: string; message?: string } } | null)?.error;
    if (e?.message) {
      const code = (ERROR_CODES as readonly string[]).includes(e.code ?? '') ? (e.code as ErrorCode) : 'PROVIDER_ERROR';
      throw new MonadError(code, e.message, { relay: relayUrl, status: res.status });
    }
    throw new MonadError('PROVIDER_ERROR', `${relayUrl} did not answer as a Monad relay (HTTP ${res.status}). Check the address: it is the one \`monad sync serve\` printed, or your proxy's wss:// address.`, { relay: relayUrl, status: res.status });
  }
  return parsed as T;
}

// Each takes the engine's egress filter: every product caller passes one (engine.egress; SyncDevices builds
// one over the home's secret store). Without one (tests of the relay itself) nothing is filtered.
export const requestInvite = (relayUrl: string, token: string, egress: EgressFilter = NO_FILTER): Promise<Invite> => call<Invite>(egress, relayUrl, 'POST', '/invite', token);

export const joinRelay = (relayUrl: string, code: string, name: string, egress: EgressFilter = NO_FILTER): Promise<Joined> => call<Joined>(egress, relayUrl, 'POST', '/join', null, { code, name });

export const listDevices = (relayUrl: string, token: string, egress: EgressFilter = NO_FILTER): Promise<{ space: string; self: string; devices: PairedDevice[] }> => call(egress, relayUrl, 'GET', '/devices', token);

export const revokeDevice = (relayUrl: string, token: string, device: string, egress: EgressFilter = NO_FILTER): Promise<{ device: PairedDevice }> => call(egress, relayUrl, 'POST', '/revoke', token, { device });
