// The keys apps hold (issue 26 §1). A key is made when the person adds or approves an app, shown once in
// the snippet, and from then on only its SHA-256 is kept in db/mcp-clients.json. A key is 256 random bits,
// so a plain hash is enough (no slow KDF: nothing to guess), and the comparison runs in constant time over
// every stored hash, so neither which app matched nor how much of a hash matched shows in the timing.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MCP_APP_KEY_PREFIX } from '../../shared/mcp';

/** 32 random bytes: the key's secret part, base64url (43 characters). */
const KEY_BYTES = 32;
const KEY_SHAPE = new RegExp(`^${MCP_APP_KEY_PREFIX}[A-Za-z0-9_-]{43}$`);

export function newAppKey(): string {
  return `${MCP_APP_KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
}

/** Looks like a key Monad makes (says nothing about whether it is a known one). */
export function isAppKeyShape(value: string | undefined | null): value is string {
  return typeof value === 'string' && KEY_SHAPE.test(value);
}

export function hashAppKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

/** "…Ab12": enough for the person to tell two keys apart, far too little to guess the rest. */
export function keyHint(key: string): string {
  return `…${key.slice(-4)}`;
}

/** A stable id for a credential or a pending app; not a secret. */
export function newRecordId(kind: 'app' | 'pending'): string {
  return `${kind}_${randomBytes(9).toString('base64url')}`;
}

/**
 * The index of the stored hash the key matches, or -1. Every hash is compared (no early exit), each in
 * constant time; a malformed key is hashed all the same, so a wrong shape costs as long as a wrong key.
 */
export function matchKey(key: string, hashes: readonly (string | null)[]): number {
  const presented = Buffer.from(hashAppKey(key), 'hex');
  const wellFormed = isAppKeyShape(key);
  let found = -1;
  for (let i = 0; i < hashes.length; i++) {
    const h = hashes[i];
    if (!h || h.length !== 64) continue;
    if (timingSafeEqual(presented, Buffer.from(h, 'hex')) && found < 0) found = i;
  }
  return wellFormed ? found : -1;
}
