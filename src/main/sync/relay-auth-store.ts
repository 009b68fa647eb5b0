// What the relay knows about homes and devices (issue 30 §4): each home (its space on the relay), each
// device paired to it (name, the sha256 of its credential, created, last seen, revoked), and the invite
// codes not yet used (their hash). Kept in DIR/relay.sqlite beside the documents.
//
// Why its own migration list: DocStore's `PRAGMA user_version` numbers the document store that relay and
// devices share, and others add to it; these tables are the relay's alone. They carry their own version in
// their own one-row table, so each list grows without renumbering the other, and a device's store never
// holds empty relay tables.
import Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import { dirname } from 'node:path';
import { MonadError } from '../../shared/errors';
import type { Migration } from '../db/migrate';
import { mkdirPrivate } from '../fs/private-mode';
import { hashSecret, newDeviceToken } from './pairing-code';

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'homes, devices, invites',
    up: `CREATE TABLE relay_homes (space TEXT PRIMARY KEY, created_at TEXT NOT NULL);
         CREATE TABLE relay_devices (
           id TEXT PRIMARY KEY,
           space TEXT NOT NULL REFERENCES relay_homes(space),
           name TEXT NOT NULL,
           token_hash TEXT NOT NULL UNIQUE,
           created_at TEXT NOT NULL,
           last_seen_at TEXT,
           revoked_at TEXT
         );
         CREATE TABLE relay_invites (
           code_hash TEXT PRIMARY KEY,
           space TEXT NOT NULL REFERENCES relay_homes(space),
           created_by TEXT,
           created_at TEXT NOT NULL,
           expires_at TEXT NOT NULL,
           used_at TEXT
         );`,
  },
];

/** How long an invite code can be used (docs/sync.md §4). */
export const INVITE_TTL_MS = 15 * 60_000;
/** Last seen is written at most this often per device: every document a sync opens authenticates. */
const TOUCH_EVERY_MS = 30_000;

export interface RelayDevice {
  id: string;
  space: string;
  name: string;
  createdAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
}

interface DeviceRow {
  id: string;
  space: string;
  name: string;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
}

const toDevice = (r: DeviceRow): RelayDevice => ({ id: r.id, space: r.space, name: r.name, createdAt: r.created_at, lastSeenAt: r.last_seen_at, revokedAt: r.revoked_at });

/** A home's name on the relay: the first part of every document name, so it may hold no slash. */
export const SPACE_RE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export class RelayAuthStore {
  private readonly db: Database.Database;
  private readonly touched = new Map<string, number>();

  constructor(file: string, private readonly now: () => Date = () => new Date()) {
    mkdirPrivate(dirname(file));
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    // `monad sync invite --data DIR` on the relay's machine writes while the relay runs: wait, do not fail.
    this.db.pragma('busy_timeout = 5000');
    this.migrate();
  }

  private migrate(): void {
    this.db.exec('CREATE TABLE IF NOT EXISTS relay_schema (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL)');
    const from = (this.db.prepare('SELECT version FROM relay_schema WHERE id = 1').pluck().get() as number | undefined) ?? 0;
    const latest = MIGRATIONS[MIGRATIONS.length - 1].version;
    if (from > latest) throw new MonadError('DB_TOO_NEW', `The relay's device list was written by a newer Monad (schema ${from}; this one knows up to ${latest}). Update Monad on the relay's machine; nothing was changed.`, { from, latest });
    for (const m of MIGRATIONS) {
      if (m.version <= from) continue;
      this.db.transaction(() => {
        if (typeof m.up === 'string') this.db.exec(m.up);
        else m.up(this.db);
        this.db.prepare('INSERT INTO relay_schema (id, version) VALUES (1, ?) ON CONFLICT(id) DO UPDATE SET version = excluded.version').run(m.version);
      })();
    }
  }

  hasHome(space: string): boolean {
    return this.db.prepare('SELECT 1 FROM relay_homes WHERE space = ?').get(space) !== undefined;
  }

  /** Makes the home if it is new (its first invite, written on the relay's machine). */
  ensureHome(space: string): void {
    if (!SPACE_RE.test(space)) throw new MonadError('BAD_INPUT', `"${space}" cannot be a home's name on the relay: use letters, digits, dots, hyphens or underscores (up to 64).`);
    this.db.prepare('INSERT INTO relay_homes (space, created_at) VALUES (?, ?) ON CONFLICT(space) DO NOTHING').run(space, this.now().toISOString());
  }

  createInvite(space: string, code: string, createdBy: string | null): { expiresAt: string } {
    const at = this.now();
    const expiresAt = new Date(at.getTime() + INVITE_TTL_MS).toISOString();
    this.db.prepare('INSERT INTO relay_invites (code_hash, space, created_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?)').run(hashSecret(code), space, createdBy, at.toISOString(), expiresAt);
    return { expiresAt };
  }

  /**
   * Uses an invite code once: a new device of the code's home with a fresh credential (returned once, kept
   * here only as its hash). Null when the code is unknown, used or expired — the caller does not say which,
   * so a guesser learns nothing.
   */
  redeemInvite(code: string, name: string): { device: RelayDevice; token: string } | null {
    return this.db.transaction(() => {
      const at = this.now().toISOString();
      const inv = this.db.prepare('SELECT space, expires_at FROM relay_invites WHERE code_hash = ? AND used_at IS NULL').get(hashSecret(code)) as { space: string; expires_at: string } | undefined;
      if (!inv || inv.expires_at <= at) return null;
      this.db.prepare('UPDATE relay_invites SET used_at = ? WHERE code_hash = ?').run(at, hashSecret(code));
      const token = newDeviceToken();
      const id = `dev-${randomBytes(5).toString('hex')}`;
      this.db.prepare('INSERT INTO relay_devices (id, space, name, token_hash, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?, ?)').run(id, inv.space, name, hashSecret(token), at, at);
      return { device: this.device(id)!, token };
    })();
  }

  byToken(token: string): RelayDevice | null {
    const r = this.db.prepare('SELECT * FROM relay_devices WHERE token_hash = ?').get(hashSecret(token)) as DeviceRow | undefined;
    return r ? toDevice(r) : null;
  }

  device(id: string): RelayDevice | null {
    const r = this.db.prepare('SELECT * FROM relay_devices WHERE id = ?').get(id) as DeviceRow | undefined;
    return r ? toDevice(r) : null;
  }

  devices(space: string): RelayDevice[] {
    return (this.db.prepare('SELECT * FROM relay_devices WHERE space = ? ORDER BY created_at, id').all(space) as DeviceRow[]).map(toDevice);
  }

  /** A device of `space` by id or by name; a name two devices share is refused (say the id instead). */
  find(space: string, idOrName: string): RelayDevice {
    const all = this.devices(space);
    const byId = all.find((d) => d.id === idOrName);
    if (byId) return byId;
    const named = all.filter((d) => d.name === idOrName);
    if (named.length === 1) return named[0];
    if (named.length > 1) throw new MonadError('CONFLICT', `${named.length} devices are named "${idOrName}": revoke one by its id (${named.map((d) => d.id).join(', ')}).`);
    throw new MonadError('NOT_FOUND', `No device "${idOrName}" in this home: \`monad sync devices\` lists them.`);
  }

  revoke(id: string): RelayDevice {
    this.db.prepare('UPDATE relay_devices SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL').run(this.now().toISOString(), id);
    return this.device(id)!;
  }

  touch(id: string): void {
    const t = this.now().getTime();
    if (t - (this.touched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    this.touched.set(id, t);
    this.db.prepare('UPDATE relay_devices SET last_seen_at = ? WHERE id = ?').run(new Date(t).toISOString(), id);
  }

  close(): void {
    this.db.close();
  }
}
