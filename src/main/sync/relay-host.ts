// "This machine" as an address: the relay listens without TLS only there, and a device sends ws:// only there.
import { isIP } from 'node:net';

export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || (isIP(h) === 4 && h.startsWith('127.'));
}
