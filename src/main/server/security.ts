// Request checks for the headless server: bearer token (constant-time), Host (DNS rebinding) and
// Origin / Fetch-Metadata (cross-site requests). Pure functions so they are tested directly.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

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
