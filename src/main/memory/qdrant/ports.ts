// Local ports. The managed qdrant listens on loopback at a port chosen when it starts: the setting
// memory.mem0.qdrantPort when given, else the first free port from qdrant's own 6333 (issue 18 §5: a fixed
// port collided with whatever held it).
import { createServer } from 'node:net';

/** The app's base port. Chosen outside common dev-server ranges and away from qdrant's own 6333/6334. */
export const MONAD_BASE_PORT = 5317;
/** qdrant's own default port: where a person looks for it first. */
export { DEFAULT_QDRANT_PORT } from '../../../shared/cost-guards';
/** How many ports above the first choice are tried before asking the OS for any free one. */
export const QDRANT_PORT_TRIES = 100;

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
