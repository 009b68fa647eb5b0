// Local ports. Everything Monad listens on derives from one base port, so a person who moves it moves
// everything together; the managed qdrant sits at base + 1000 (the spec's "daemon port + 1000").
import { createServer } from 'node:net';

/** The app's base port. Chosen outside common dev-server ranges and away from qdrant's own 6333/6334. */
export const MONAD_BASE_PORT = 5317;
/** The managed qdrant's offset from the base port. */
export const QDRANT_PORT_OFFSET = 1000;
export const DEFAULT_QDRANT_PORT = MONAD_BASE_PORT + QDRANT_PORT_OFFSET;

/** Loopback only: the managed qdrant is never reachable from another machine. */
export const LOOPBACK = '127.0.0.1';

/** True when nothing listens on host:port (we could bind it). */
export function isPortFree(port: number, host = LOOPBACK): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen({ port, host, exclusive: true }, () => srv.close(() => resolve(true)));
  });
}

/** A port the OS says is free right now. */
export function ephemeralPort(host = LOOPBACK): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen({ port: 0, host, exclusive: true }, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/**
 * The preferred port when free; otherwise the next few above it, then any free one. Never "shares" a
 * port with whatever holds it: the caller reports the move.
 */
export async function choosePort(preferred: number, host = LOOPBACK, tries = 10): Promise<number> {
  for (let p = preferred; p < preferred + tries && p <= 65535; p++) {
    if (await isPortFree(p, host)) return p;
  }
  return ephemeralPort(host);
}
