// Request checks for the headless server: bearer token (constant-time), Host (DNS rebinding), Origin /
// Fetch-Metadata (cross-site requests), headers sent twice and malformed paths; and the security headers
// every response carries. Pure functions so they are tested directly.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { CONTENT_SECURITY_POLICY } from './static-files';

/**
 * Sent with every response the server makes, whatever it is (the app, an asset, API results and errors,
 * the event stream, a 404, a malformed request): a response that lacks them is the one an attacker uses.
 * no-store everywhere: the API answers carry the person's data, and over loopback caching gains nothing.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-store',
};

/**
 * Headers a check decides on, which must therefore come once. Sent twice, Node keeps the first Host,
 * Authorization, Content-Type and Content-Length and joins repeated Origin and Sec-Fetch-Site values with
 * ", "; a proxy or another parser in front may pick the other one. Whichever it picks, the request is
 * ambiguous, so it is refused rather than judged on one reading of it.
 */
export const SINGLE_VALUE_HEADERS = ['host', 'origin', 'authorization', 'sec-fetch-site', 'content-type', 'content-length'] as const;

/** The first header of SINGLE_VALUE_HEADERS that `rawHeaders` (name, value, name, value…) holds more than once. */
export function repeatedHeader(rawHeaders: readonly string[]): string | null {
  const seen = new Set<string>();
  for (let i = 0; i < rawHeaders.length; i += 2) {
    const name = rawHeaders[i].toLowerCase();
    if (!(SINGLE_VALUE_HEADERS as readonly string[]).includes(name)) continue;
    if (seen.has(name)) return name;
    seen.add(name);
  }
  return null;
}

export type PathVerdict = { ok: true; raw: string; decoded: string } | { ok: false; reason: string };

/**
 * The request target's path, raw and percent-decoded. Only origin-form targets (`/…`) are served: an
 * absolute URL or `*` names something else than this server. Malformed percent-encoding anywhere in the
 * path (`%E0%A4%A`, `%zz`, a lone `%`) is the client's error, not a reason to throw.
 */
export function parseRequestPath(url: string | undefined): PathVerdict {
  const target = url ?? '/';
  if (!target.startsWith('/')) return { ok: false, reason: 'The request target must be a path starting with /' };
  const raw = target.split('?')[0].split('#')[0];
  try {
    return { ok: true, raw, decoded: decodeURIComponent(raw) };
  } catch {
    return { ok: false, reason: 'The path has malformed percent-encoding' };
  }
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Compares digests so neither the length nor the content of the token leaks through timing. */
export function tokenMatches(presented: string | undefined, expected: string): boolean {
  if (!presented) return false;
  const a = createHash('sha256').update(presented).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function bearerFrom(headers: IncomingHttpHeaders): string | undefined {
  const h = headers.authorization;
  if (!h) return undefined;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1];
}

export function allowedHosts(port: number): Set<string> {
  return new Set([`127.0.0.1:${port}`, `localhost:${port}`]);
}

export type OriginVerdict = { ok: true } | { ok: false; status: 403; reason: string };

/**
 * A request must name our loopback host (a rebinding attacker's page sends its own hostname) and,
 * when a browser says where it comes from, come from our own origin.
 */
export function checkOrigin(headers: IncomingHttpHeaders, port: number): OriginVerdict {
  const hosts = allowedHosts(port);
  const host = headers.host?.toLowerCase();
  if (!host || !hosts.has(host)) return { ok: false, status: 403, reason: 'Host not allowed' };
  const origin = headers.origin;
  if (origin !== undefined) {
    let parsed: URL;
    try {
      parsed = new URL(origin);
    } catch {
      return { ok: false, status: 403, reason: 'Origin not allowed' };
    }
    if (parsed.protocol !== 'http:' || !hosts.has(parsed.host.toLowerCase())) {
      return { ok: false, status: 403, reason: 'Origin not allowed' };
    }
  }
  const site = headers['sec-fetch-site'];
  if (site === 'cross-site') return { ok: false, status: 403, reason: 'Cross-site request refused' };
  return { ok: true };
}
