// Serves the built renderer. Only files under `root`, resolved and re-checked after decoding, so no
// `..`, encoded slash or symlink trick can reach outside it.
import { createReadStream, realpathSync, statSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';

/** Content types by extension; the Electron host serves the same files on its monad:// scheme. */
export const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

/** The same policy the Electron window enforces: no inline or eval'd script. Styles may be inline
 *  because Cytoscape and CodeMirror set element styles at run time. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function resolveStaticPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath.split('?')[0]);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  const rootReal = realpathSync(root);
  const candidate = resolve(rootReal, `.${decoded.startsWith('/') ? decoded : `/${decoded}`}`);
  if (candidate !== rootReal && !candidate.startsWith(rootReal + sep)) return null;
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch {
    return null;
  }
  if (real !== rootReal && !real.startsWith(rootReal + sep)) return null;
  return real;
}

/** Only the content type is set here: the server has already set its security headers (security.ts). */
export function serveStatic(root: string, urlPath: string, res: ServerResponse): void {
  let file = resolveStaticPath(root, urlPath === '/' ? '/index.html' : urlPath);
  let isFile = false;
  if (file) {
    try {
      isFile = statSync(file).isFile();
    } catch {
      isFile = false;
    }
  }
  if (!file || !isFile) {
    // Paths that look like assets 404; anything else is an app route and gets the shell.
    if (extname(urlPath.split('?')[0]) !== '') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    file = join(realpathSync(root), 'index.html');
  }
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file)
    .on('error', () => res.destroy())
    .pipe(res);
}
