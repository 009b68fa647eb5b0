// Serves the built renderer on `monad://app/`: only files inside out/renderer (resolved and re-checked
// by the headless server's resolveStaticPath), each response carrying the CSP header.
import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { protocol } from 'electron';
import { resolveStaticPath, TYPES } from '../http/static-files';
import { APP_HOST, APP_SCHEME } from './renderer-url';

/** Must run before `app` is ready: privileges cannot be granted later. */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    {
      scheme: APP_SCHEME,
      // standard: a real origin for 'self', relative URLs and storage; secure: treated like https.
      // corsEnabled: Vite emits `<script type="module" crossorigin>`, fetched in CORS mode, which
      // Chromium refuses on schemes outside its CORS list. Responses carry no Access-Control-Allow-Origin,
      // so no other origin can read them. Never bypassCSP.
      privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true },
    },
  ]);
}

export function serveRenderer(rendererDir: string, policy: string): void {
  protocol.handle(APP_SCHEME, (request) => rendererResponse(rendererDir, request.url, request.method, policy));
}

export async function rendererResponse(rendererDir: string, url: string, method: string, policy: string): Promise<Response> {
  const notFound = () => new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  if (method !== 'GET' && method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return notFound();
  }
  if (parsed.host !== APP_HOST) return notFound();
  const pathname = parsed.pathname === '/' ? '/index.html' : parsed.pathname;
  let file: string | null;
  try {
    file = resolveStaticPath(rendererDir, pathname);
  } catch {
    // The renderer folder itself is missing: the app was not built.
    return notFound();
  }
  // Paths that look like assets 404; anything else is an app route and gets the shell.
  if (!file && extname(pathname) === '') file = join(rendererDir, 'index.html');
  if (!file) return notFound();
  let body: Buffer;
  try {
    body = await readFile(file);
  } catch {
    return notFound();
  }
  return new Response(method === 'HEAD' ? null : new Uint8Array(body), {
    status: 200,
    headers: {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-security-policy': policy,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
  });
}
