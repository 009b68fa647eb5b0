// The relay's small HTTP API for pairing (issue 30 §4), beside the WebSocket that carries documents:
//   POST /monad/sync/invite  (a paired device's credential)  → a one-time code for its home
//   POST /monad/sync/join    { code, name }                  → this device's own credential
//   GET  /monad/sync/devices (credential)                     → the home's devices
//   POST /monad/sync/revoke  (credential) { device }          → revoked, its connections closed at once
// Every answer is JSON; an error is { error: { code, message } } with a sentence a person can act on.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { MonadError, type ErrorCode } from '../../shared/errors';
import { revokedSentence } from './relay-auth-reasons';
import { newInviteCode, normaliseInviteCode } from './pairing-code';
import type { RelayAuthStore, RelayDevice } from './relay-auth-store';
import { SYNC_API } from './relay-http-paths';


/** Wrong invite codes the relay accepts per minute, from everyone together (a proxy hides who asks). */
export const MAX_FAILED_JOINS_PER_MINUTE = 10;
const WINDOW_MS = 60_000;
/** Pairing requests are a few dozen bytes; anything much larger is not one. */
const MAX_BODY_BYTES = 4_096;

/**
 * A device's name is shown on every device of the home and printed in terminals: control characters (a
 * terminal's escape sequences), bidirectional overrides and zero-width characters are dropped.
 */
const UNSHOWABLE = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;
const deviceName = z
  .string()
  .max(200)
  .transform((s) => s.replace(UNSHOWABLE, '').trim().slice(0, 80))
  .pipe(z.string().min(1, 'a device needs a name'));
const JoinBody = z.object({ code: z.string().max(400), name: deviceName });
const RevokeBody = z.object({ device: z.string().min(1).max(80) });

export interface RelayHttpDeps {
  auth: RelayAuthStore;
  /** Closes every connection of a device the moment it is revoked. */
  onRevoked(deviceId: string): void;
  now?: () => number;
}

const STATUS: Partial<Record<ErrorCode, number>> = { BAD_INPUT: 400, UNAUTHORIZED: 401, FORBIDDEN: 403, NOT_FOUND: 404, CONFLICT: 409, PAYLOAD_TOO_LARGE: 413, BUSY: 429 };

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY_BYTES) {
        reject(new MonadError('PAYLOAD_TOO_LARGE', 'A pairing request is a few dozen bytes; this one is too large.'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      try {
        resolve(chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {});
      } catch {
        reject(new MonadError('BAD_INPUT', 'The request is not JSON.'));
      }
    });
    req.on('error', reject);
  });
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw new MonadError('BAD_INPUT', `The request is not valid: ${r.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; ')}`);
  return r.data;
}

export const publicDevice = (d: RelayDevice) => ({ id: d.id, name: d.name, createdAt: d.createdAt, lastSeenAt: d.lastSeenAt, revokedAt: d.revokedAt });

/** Returns a request handler, or false from it when the path is not the pairing API's. */
export function relayHttp(deps: RelayHttpDeps): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const now = deps.now ?? Date.now;
  const failures: number[] = [];
  const recentFailures = (): number => {
    const since = now() - WINDOW_MS;
    while (failures.length && failures[0] <= since) failures.shift();
    return failures.length;
  };

  /** The paired, not revoked, device whose credential the request carries. */
  const caller = (req: IncomingMessage): RelayDevice => {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const d = m ? deps.auth.byToken(m[1]) : null;
    if (!d) throw new MonadError('UNAUTHORIZED', 'This device is not paired with this relay: join with an invite code first (`monad sync join CODE --relay URL`).');
    if (d.revokedAt) throw new MonadError('FORBIDDEN', revokedSentence(d.revokedAt), { revokedAt: d.revokedAt });
    deps.auth.touch(d.id);
    return d;
  };

  return async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (!path.startsWith(`${SYNC_API}/`)) return false;
    const route = `${req.method ?? 'GET'} ${path.slice(SYNC_API.length)}`;
    try {
      switch (route) {
        case 'POST /invite': {
          const d = caller(req);
          const code = newInviteCode();
          const { expiresAt } = deps.auth.createInvite(d.space, code, d.id);
          send(res, 200, { code, space: d.space, expiresAt });
          return true;
        }
        case 'POST /join': {
          if (recentFailures() >= MAX_FAILED_JOINS_PER_MINUTE) throw new MonadError('BUSY', 'Too many wrong invite codes were tried on this relay in the last minute. Wait a minute, then try again with the code exactly as shown.');
          const body = parse(JoinBody, await readJson(req));
          const code = normaliseInviteCode(body.code);
          const joined = code ? deps.auth.redeemInvite(code, body.name) : null;
          if (!joined) {
            failures.push(now());
            throw new MonadError('NOT_FOUND', 'This invite code is not valid: it may be mistyped, already used, or older than 15 minutes. Make a new one with `monad sync invite` (or Settings → Devices) on a paired device.');
          }
          send(res, 200, { token: joined.token, space: joined.device.space, device: publicDevice(joined.device) });
          return true;
        }
        case 'GET /devices': {
          const d = caller(req);
          send(res, 200, { space: d.space, self: d.id, devices: deps.auth.devices(d.space).map(publicDevice) });
          return true;
        }
        case 'POST /revoke': {
          const d = caller(req);
          const body = parse(RevokeBody, await readJson(req));
          const target = deps.auth.find(d.space, body.device);
          const revoked = deps.auth.revoke(target.id);
          deps.onRevoked(target.id);
          send(res, 200, { device: publicDevice(revoked) });
          return true;
        }
        default:
          throw new MonadError('NOT_FOUND', `The relay has no ${route}.`);
      }
    } catch (err) {
      if (err instanceof MonadError) send(res, STATUS[err.code] ?? 500, { error: { code: err.code, message: err.message } });
      else send(res, 500, { error: { code: 'INTERNAL', message: 'The relay failed to answer; its log says why.' } });
      if (!(err instanceof MonadError)) console.error('[relay] pairing request failed', err);
      return true;
    }
  };
}
