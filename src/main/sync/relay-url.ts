// Which relay addresses a device will talk to (issue 30 §4): wss:// anywhere, ws:// only to this machine.
// A credential and the home's memory must never cross a network in clear text.
import { MonadError } from '../../shared/errors';
import { isLoopbackHost } from './relay-host';

/** Checks a relay URL a person gave or a home remembers; returns it normalised (no trailing slash). */
export function checkRelayUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new MonadError('BAD_INPUT', `"${url}" is not a relay address: it looks like wss://sync.example.org or ws://127.0.0.1:PORT (what \`monad sync serve\` printed).`);
  }
  if (u.protocol !== 'ws:' && u.protocol !== 'wss:') throw new MonadError('BAD_INPUT', `A relay address starts with wss:// (or ws:// on this machine), not ${u.protocol}//.`);
  if (u.protocol === 'ws:' && !isLoopbackHost(u.hostname)) {
    throw new MonadError('BAD_INPUT', `Refusing ws://${u.host}: without TLS, this device's credential and memory would cross the network in clear text. Use the relay's wss:// address (serve it with --tls-cert/--tls-key, or behind a TLS reverse proxy).`);
  }
  return url.replace(/\/+$/, '');
}

/** The http(s) base of the relay's pairing API, from its ws(s) address. */
export function httpBaseOf(relayUrl: string): string {
  const u = new URL(relayUrl);
  return `${u.protocol === 'wss:' ? 'https:' : 'http:'}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}
