// Loopback servers for the "no credential follows a redirect" tests (issue 26 §4). Test-only.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** Answers every request with `status` and a Location on `target` (same path): the address a key must not reach. */
export async function startRedirector(target: string, status: number): Promise<{ url: string; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    res.statusCode = status;
    res.setHeader('location', `${target}${req.url ?? '/'}`);
    res.end();
  });
  const url = await listen(server);
  return { url, hits, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Records every request it receives (headers included) and answers 200 `{}`: a stand-in for "anywhere else". */
export async function startRecorder(): Promise<{ url: string; seen: { url: string; headers: IncomingHttpHeaders }[]; close: () => Promise<void> }> {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', headers: req.headers });
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end('{"result":{"collections":[]},"status":"ok","time":0}');
  });
  const url = await listen(server);
  return { url, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Whether any recorded request carried a credential header. */
export function credentialHeaders(headers: Record<string, unknown>): string[] {
  return Object.keys(headers).filter((h) => ['authorization', 'x-api-key', 'api-key'].includes(h.toLowerCase()));
}
