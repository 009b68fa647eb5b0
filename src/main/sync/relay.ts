// The relay (`monad sync serve`, issue 30 §4): a Hocuspocus server that keeps each Yjs document's state in
// DIR/relay.sqlite, the homes and devices it serves (relay-auth-store.ts), and nothing else. The merge, the
// sync protocol and the document server are the engine's (docs/sync.md: Yjs + Hocuspocus, chosen by
// measurement); this file wires storage, the address, TLS, and who may open which document.
//
// The HTTP(S) server is ours, not Hocuspocus's `listen()`: Hocuspocus 2.15 only makes a plain http server,
// and serving wss:// with the person's certificate needs an https one. Upgrades are handed to Hocuspocus
// (`handleConnection`), other requests to the pairing API (relay-http.ts).
import { Hocuspocus } from '@hocuspocus/server';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import * as Y from 'yjs';
import { MonadError } from '../../shared/errors';
import { DocStore } from './doc-store';
import { refusalOnWire, UNPAIRED_TOKEN, type RefusalReason } from './relay-auth-reasons';
import { RelayAuthStore } from './relay-auth-store';
import { isLoopbackHost } from './relay-host';
import { changeNotice, NOTICES_HELLO, splitDocName } from './live-sync-notices';
import { relayHttp } from './relay-http';
import { HOME_DOC } from './sync-client';

export interface RelayOptions {
  dataDir: string;
  /** 0 for any free port. */
  port: number;
  host?: string;
  /** PEM files of the person's certificate and key: the relay then serves wss:// (and https for pairing). */
  tls?: { certFile: string; keyFile: string };
  /**
   * A reverse proxy (Caddy, nginx) terminates TLS in front of this relay. The relay then binds loopback
   * unless `host` says otherwise, and always requires pairing: every request arrives from the proxy's
   * address, so "this machine" no longer means the person.
   */
  behindProxy?: boolean;
}

export interface RunningRelay {
  url: string;
  port: number;
  /** Whether a space no device paired to may be synced without a credential (a plain loopback relay only). */
  allowsUnpaired: boolean;
  close(): Promise<void>;
}

// A document is written soon after it changes, and at the latest this long after a burst began: a relay
// killed in between loses nothing a device still holds (the device sends it again at its next sync).
const STORE_DEBOUNCE_MS = 250;
const STORE_MAX_DEBOUNCE_MS = 2_000;
/** WebSocket close code for "this credential was revoked" (4000-4999 are the application's own). */
export const REVOKED_CLOSE_CODE = 4403;

/** `ws` ships no types; the relay uses this much of it. */
interface Ws {
  on(event: 'close', fn: () => void): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  setMaxListeners(n: number): void;
}
interface WsServer {
  clients: Set<Ws>;
  handleUpgrade(req: IncomingMessage, socket: Socket, head: Buffer, cb: (ws: Ws) => void): void;
  close(): void;
}
const { WebSocketServer } = createRequire(import.meta.url)('ws') as { WebSocketServer: new (opts: { noServer: true; maxPayload: number }) => WsServer };
/** A whole-home push of the benchmark's 15 MB fits; a bigger single frame is not something a device sends. */
const MAX_FRAME_BYTES = 64 * 1024 * 1024;

/** A refusal: Hocuspocus sends `reason` to the device; an empty message keeps it from logging each one. */
class Refused extends Error {
  constructor(readonly reason: string) {
    super('');
  }
}

export async function startRelay(opts: RelayOptions): Promise<RunningRelay> {
  const host = opts.host ?? '127.0.0.1';
  // Off loopback, TLS is required (issue 30 §4): the person's certificate, or a proxy that terminates it.
  if (!isLoopbackHost(host) && !opts.tls && !opts.behindProxy) {
    throw new MonadError('BAD_INPUT', `The relay serves ${host} only over TLS: give --tls-cert FILE --tls-key FILE (your certificate; devices then use wss://), or --behind-proxy when a reverse proxy such as Caddy or nginx terminates TLS for it. Without either, use --host 127.0.0.1.`);
  }
  const tls = opts.tls ? { cert: readPem(opts.tls.certFile, '--tls-cert'), key: readPem(opts.tls.keyFile, '--tls-key') } : null;
  const allowsUnpaired = isLoopbackHost(host) && !tls && !opts.behindProxy;

  const store = new DocStore(join(opts.dataDir, 'relay.sqlite'));
  const auth = new RelayAuthStore(join(opts.dataDir, 'relay.sqlite'));
  // Set when closing: a message still in flight from a device must neither read nor write a closed store.
  let closed = false;
  /** The sockets of each device, to close them the moment it is revoked. */
  const socketsOf = new Map<string, Set<Ws>>();
  const socketOfRequest = new WeakMap<IncomingMessage, Ws>();

  const refuse = (reason: RefusalReason, revokedAt?: string): never => {
    throw new Refused(refusalOnWire(reason, revokedAt ?? undefined));
  };
  const spaceOf = (documentName: string): string => documentName.split('/')[0];

  const hocuspocus = new Hocuspocus({
    quiet: true,
    debounce: STORE_DEBOUNCE_MS,
    maxDebounce: STORE_MAX_DEBOUNCE_MS,
    // A space nobody paired, on a plain loopback relay, opens without a credential: that is how a relay
    // was used before pairing (`sync now --relay --space`), and only processes of this machine reach it.
    async onConnect({ documentName, connection }) {
      if (allowsUnpaired && !auth.hasHome(spaceOf(documentName))) connection.requiresAuthentication = false;
    },
    async onAuthenticate({ token, documentName, request }) {
      const space = spaceOf(documentName);
      const device = token ? auth.byToken(token) : null;
      if (!device) {
        if (allowsUnpaired && !auth.hasHome(space)) return {};
        return refuse(token && token !== UNPAIRED_TOKEN ? 'unknown-device' : 'pairing-required');
      }
      if (device.revokedAt) return refuse('revoked', device.revokedAt);
      // Documents are `<space>/<kind>/<key>`: a credential opens its own home's documents and no others.
      if (device.space !== space) return refuse('other-home');
      auth.touch(device.id);
      const ws = socketOfRequest.get(request);
      if (ws) {
        const set = socketsOf.get(device.id) ?? new Set<Ws>();
        set.add(ws);
        socketsOf.set(device.id, set);
        ws.on('close', () => set.delete(ws));
      }
      return { device: device.id };
    },
    // Live devices close idle documents and learn here which to reopen (live-sync-notices.ts): every device
    // that holds the home's root document is greeted, then told of each change to another of its documents.
    async connected({ documentName, connectionInstance }) {
      if (splitDocName(documentName)?.local === HOME_DOC) connectionInstance.sendStateless(NOTICES_HELLO);
    },
    async onChange({ documentName, transactionOrigin }) {
      const name = splitDocName(documentName);
      if (closed || !name || name.local === HOME_DOC) return;
      const root = hocuspocus.documents.get(`${name.space}/${HOME_DOC}`);
      // The socket the change came from holds the document open already: it needs no notice.
      const from = (transactionOrigin as { webSocket?: unknown } | undefined)?.webSocket;
      root?.broadcastStateless(changeNotice(name.local), (conn) => conn.webSocket !== from);
    },
    async onLoadDocument({ document, documentName }) {
      if (closed) return document;
      const state = store.load(documentName);
      if (state) Y.applyUpdate(document, state);
      return document;
    },
    async onStoreDocument({ document, documentName }) {
      if (closed) return;
      store.save(documentName, Y.encodeStateAsUpdate(document));
    },
  });

  const pairing = relayHttp({
    auth,
    onRevoked: (id) => {
      for (const ws of socketsOf.get(id) ?? []) ws.close(REVOKED_CLOSE_CODE, 'revoked');
      socketsOf.delete(id);
    },
  });
  const onRequest = (req: IncomingMessage, res: import('node:http').ServerResponse): void => {
    pairing(req, res).then(
      (handled) => {
        if (handled) return;
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('Monad sync relay\n');
      },
      (err: unknown) => {
        console.error('[relay] request failed', err);
        if (!res.headersSent) res.writeHead(500);
        res.end();
      },
    );
  };
  const http: Server = tls ? createHttpsServer(tls, onRequest) : createHttpServer(onRequest);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  http.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
    wss.handleUpgrade(req, socket, head, (ws) => {
      // One socket carries every document of a device (hundreds), and each adds its own close and pong
      // listeners to it: past Node's default of ten per event that is expected, not a leak.
      ws.setMaxListeners(0);
      socketOfRequest.set(req, ws);
      hocuspocus.handleConnection(ws as never, req);
    });
  });

  try {
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(opts.port, host, () => {
        http.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    store.close();
    auth.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new MonadError('BAD_INPUT', `Port ${opts.port} is already in use: pick another with --port, or --port 0 for any free one.`);
    throw err;
  }
  const port = (http.address() as { port: number }).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `${tls ? 'wss' : 'ws'}://${shown}:${port}`,
    port,
    allowsUnpaired,
    async close() {
      // Hocuspocus's destroy() closes the connections that hold documents and stores those documents, but
      // leaves other sockets open (a device between two documents could still ask for one): end them all.
      for (const ws of wss.clients) ws.terminate();
      wss.close();
      // …and a connection that has not sent its request yet (a device whose upgrade is still on its way) would
      // keep http.close() waiting for ever: end those too.
      const closing = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeAllConnections();
      await closing;
      await hocuspocus.destroy();
      closed = true;
      store.close();
      auth.close();
    },
  };
}

function readPem(file: string, flag: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (err) {
    throw new MonadError('BAD_INPUT', `Could not read ${flag} ${file} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}). Give the path of a PEM file readable by this user.`);
  }
}
