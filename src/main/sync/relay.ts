// The relay (`monad sync serve`, issue 30 §4): a Hocuspocus server that keeps each Yjs document's state in
// DIR/relay.sqlite and nothing else. The merge, the sync protocol and the server are the engine's
// (docs/sync.md: Yjs + Hocuspocus, chosen by measurement); this file only wires storage and the address.
import { Hocuspocus } from '@hocuspocus/server';
import { isIP } from 'node:net';
import { join } from 'node:path';
import * as Y from 'yjs';
import { MonadError } from '../../shared/errors';
import { DocStore } from './doc-store';

export interface RelayOptions {
  dataDir: string;
  /** 0 for any free port. */
  port: number;
  host?: string;
}

export interface RunningRelay {
  url: string;
  port: number;
  close(): Promise<void>;
}

// A document is written soon after it changes, and at the latest this long after a burst began: a relay
// killed in between loses nothing a device still holds (the device sends it again at its next sync).
const STORE_DEBOUNCE_MS = 250;
const STORE_MAX_DEBOUNCE_MS = 2_000;

function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

export async function startRelay(opts: RelayOptions): Promise<RunningRelay> {
  const host = opts.host ?? '127.0.0.1';
  // Without TLS a relay is reachable only from this machine (issue 30 §4: off loopback, TLS is required;
  // serving wss:// with the person's certificate, or behind a TLS proxy, is still to come).
  if (!isLoopback(host)) {
    throw new MonadError('BAD_INPUT', `The relay can listen only on this machine (127.0.0.1) for now: serving ${host} needs TLS, which is not available yet. Use --host 127.0.0.1, or put a TLS reverse proxy in front of a loopback relay.`);
  }
  const store = new DocStore(join(opts.dataDir, 'relay.sqlite'));
  // Set when closing: a message still in flight from a device must neither read nor write a closed store.
  let closed = false;
  const server = new Hocuspocus({
    address: host,
    port: opts.port,
    quiet: true,
    debounce: STORE_DEBOUNCE_MS,
    maxDebounce: STORE_MAX_DEBOUNCE_MS,
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
  try {
    await server.listen();
  } catch (err) {
    store.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new MonadError('BAD_INPUT', `Port ${opts.port} is already in use: pick another with --port, or --port 0 for any free one.`);
    throw err;
  }
  // One socket carries every document of a device (hundreds), and each adds its own close and pong
  // listeners to it: past Node's default of ten per event that is expected, not a leak.
  server.server!.webSocketServer.on('connection', (ws: { setMaxListeners(n: number): void }) => ws.setMaxListeners(0));
  const port = (server.server!.httpServer.address() as { port: number }).port;
  const shown = host.includes(':') ? `[${host}]` : host;
  return {
    url: `ws://${shown}:${port}`,
    port,
    async close() {
      // Hocuspocus's destroy() closes the connections that hold documents and stores those documents, but
      // leaves other sockets open (a device between two documents could still ask for one): end them all.
      type Ws = { terminate(): void };
      for (const ws of (server.server!.webSocketServer as unknown as { clients: Set<Ws> }).clients) ws.terminate();
      await server.destroy();
      closed = true;
      store.close();
    },
  };
}
