// The apps that use Monad over MCP and what each may do, kept in db/mcp-clients.json (issue 26 §1): each
// app the person added or approved holds its own key, and its permissions, agent, scopes, revocation and
// the label History shows all hang on that credential. The name an app gives itself in `initialize` is
// recorded as "calls itself" and decides nothing. Apps that connect without a key may only read; they are
// listed as pending until the person approves (a key is made) or dismisses them.
//
// Several processes share the file (every `monad mcp` an app launches, `monad serve`, the desktop app), so
// every change is a read-change-write under the file lock, and every call re-reads it: a permission
// changed in Settings applies to an app that is already connected, on its next call.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MonadError } from '../../shared/errors';
import { MCP_CLIENT_NAME_MAX, type McpAppView, type McpAppsView, type McpClientPatch, type McpIssuedKey, type McpKeylessPolicy, type McpNewApp, type McpTransportKind } from '../../shared/mcp';
import { writeFileAtomic } from '../fs/atomic-write';
import { withFileLock } from '../fs/file-lock';
import { PRIVATE_FILE_MODE } from '../fs/private-mode';
import { hashAppKey, keyHint, matchKey, newAppKey, newRecordId } from './mcp-app-keys';
import { CLIENTS_FILE_VERSION, parseClientsFile, type AppRecord, type ClientsFile, type PendingRecord } from './mcp-clients-file';

/** Bounds on the file: apps the person made are few; keyless apps can invent a new name on every start. */
const MAX_APPS = 200;
const MAX_PENDING = 50;

/** Who is on the other end of a connection, as its credential says (never as it names itself). */
export type McpCaller = { kind: 'app'; key: string } | { kind: 'keyless' };

/** What listeners get for a change of what apps without a key may do (and the owner of their sessions). */
export const KEYLESS = 'keyless';

/** Called with an app's id (or KEYLESS) whose live sessions may have to end now: revoked, removed, new key, keyless refused. */
export type McpCredentialListener = (appId: string) => void;

/** An app's self-chosen name, made safe to store and show: one line, printable, bounded. */
export function cleanClientName(raw: string | undefined | null): string {
  const one = (raw ?? '').replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return one.slice(0, MCP_CLIENT_NAME_MAX) || 'unnamed app';
}

function view(r: AppRecord): McpAppView {
  const { keyHash: _hash, ...rest } = r;
  return { ...rest };
}

export class McpClients {
  readonly path: string;
  private readonly listeners = new Set<McpCredentialListener>();

  constructor(
    dbDir: string,
    private readonly now: () => Date,
  ) {
    this.path = join(dbDir, 'mcp-clients.json');
  }

  list(): McpAppsView {
    const f = this.read();
    const byRecent = (a: { lastSeen: string | null; createdAt?: string }, b: { lastSeen: string | null; createdAt?: string }) =>
      (b.lastSeen ?? b.createdAt ?? '').localeCompare(a.lastSeen ?? a.createdAt ?? '');
    return { apps: f.apps.map(view).sort(byRecent), pending: [...f.pending].sort(byRecent), keyless: f.keyless };
  }

  get(id: string): McpAppView | null {
    const r = this.read().apps.find((a) => a.id === id);
    return r ? view(r) : null;
  }

  /** The app a key belongs to (revoked ones too: the caller says why it refuses), or null for an unknown key. */
  byKey(key: string): McpAppView | null {
    const apps = this.read().apps;
    const i = matchKey(key, apps.map((a) => a.keyHash));
    return i < 0 ? null : view(apps[i]);
  }

  /** What an app without a key may do (Settings → Integrations). */
  keylessPolicy(): McpKeylessPolicy {
    return this.read().keyless;
  }

  /** Turning keyless reading off ends the open keyless sessions in this process at once (listeners get "keyless"). */
  setKeylessPolicy(policy: McpKeylessPolicy): McpKeylessPolicy {
    this.change((f) => (f.keyless = policy));
    this.emit(KEYLESS);
    return policy;
  }

  /** The app the person names in Settings, with a fresh key shown to them once. */
  add(input: McpNewApp): McpIssuedKey {
    const key = newAppKey();
    const app = this.change((f) => view(this.insert(f, input, key)));
    return { app, key };
  }

  /** A keyless app the person approves: it becomes an app of its own with a key (the pending entry goes). */
  approve(pendingId: string, input: McpNewApp): McpIssuedKey {
    const key = newAppKey();
    const app = this.change((f) => {
      const p = f.pending.find((x) => x.id === pendingId);
      if (!p) throw new MonadError('NOT_FOUND', 'That app is no longer waiting for approval (it was dismissed or approved already). Reload Settings → Integrations.');
      const a = this.insert(f, input, key);
      a.calledItself = p.calledItself;
      a.version = p.version;
      f.pending = f.pending.filter((x) => x.id !== pendingId);
      return view(a);
    });
    return { app, key };
  }

  /** Forgets a keyless app's request; it is listed again if it connects again. */
  dismiss(pendingId: string): boolean {
    return this.change((f) => {
      const before = f.pending.length;
      f.pending = f.pending.filter((x) => x.id !== pendingId);
      return f.pending.length < before;
    });
  }

  /** A new key for an app (also the way to give a key to an app kept from before keys); the old one stops at once. */
  regenerate(id: string): McpIssuedKey {
    const key = newAppKey();
    const app = this.change((f) => {
      const a = this.must(f, id);
      a.keyHash = hashAppKey(key);
      a.keyHint = keyHint(key);
      return view(a);
    });
    this.emit(id);
    return { app, key };
  }

  /** The person's choices for one app. Revoking ends its open sessions in this process at once. */
  update(id: string, patch: McpClientPatch): McpAppView {
    const app = this.change((f) => {
      const a = this.must(f, id);
      if (patch.label !== undefined) a.label = this.freeLabel(f, patch.label, id);
      if (patch.agentId !== undefined) a.agentId = patch.agentId;
      if (patch.scopes !== undefined) a.scopes = patch.scopes === null ? null : [...new Set(patch.scopes)];
      if (patch.access !== undefined) a.access = patch.access;
      if (patch.revoked !== undefined) a.revoked = patch.revoked;
      return view(a);
    });
    // Any change may narrow what an open session may do; listeners re-check the credential and end what
    // it no longer allows (a revoke ends them all). Permissions are re-read on every call either way.
    this.emit(id);
    return app;
  }

  /** Forgets an app and its key: anything still using the key is refused from now on. */
  remove(id: string): boolean {
    const removed = this.change((f) => {
      const before = f.apps.length;
      f.apps = f.apps.filter((a) => a.id !== id);
      return f.apps.length < before;
    });
    if (removed) this.emit(id);
    return removed;
  }

  /**
   * An app finished MCP's initialize. With a key: when and how it came, and what it calls itself, on its
   * own record. Without: listed as pending under the name it claims (one entry per name and transport).
   */
  connected(caller: McpCaller, rawName: string | null, version: string | null, transport: McpTransportKind): void {
    const name = cleanClientName(rawName);
    const ver = version ? cleanClientName(version).slice(0, 100) : null;
    const at = this.now().toISOString();
    this.change((f) => {
      if (caller.kind === 'app') {
        const i = matchKey(caller.key, f.apps.map((a) => a.keyHash));
        if (i < 0) return;
        const a = f.apps[i];
        Object.assign(a, { calledItself: name, version: ver, lastSeen: at, transport, connections: a.connections + 1 });
        return;
      }
      let p = f.pending.find((x) => x.calledItself === name && x.transport === transport);
      if (!p) {
        p = { id: newRecordId('pending'), calledItself: name, version: ver, transport, firstSeen: at, lastSeen: at, connections: 0 } satisfies PendingRecord;
        f.pending.push(p);
      }
      Object.assign(p, { version: ver, lastSeen: at, connections: p.connections + 1 });
    });
  }

  /** Called with an app's id whenever its credential changes in this process (revoked, removed, new key, new rights). */
  onCredentialChange(listener: McpCredentialListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(id: string): void {
    for (const l of this.listeners) l(id);
  }

  private insert(f: ClientsFile, input: McpNewApp, key: string): AppRecord {
    if (f.apps.length >= MAX_APPS) throw new MonadError('CONFLICT', `Monad keeps at most ${MAX_APPS} apps. Remove ones you no longer use in Settings → Integrations first.`);
    const r: AppRecord = {
      id: newRecordId('app'),
      label: this.freeLabel(f, input.label),
      keyHash: hashAppKey(key),
      keyHint: keyHint(key),
      calledItself: null,
      version: null,
      createdAt: this.now().toISOString(),
      lastSeen: null,
      transport: null,
      connections: 0,
      agentId: input.agentId ?? null,
      scopes: input.scopes === undefined || input.scopes === null ? null : [...new Set(input.scopes)],
      access: input.access ?? 'read',
      revoked: false,
    };
    f.apps.push(r);
    return r;
  }

  private must(f: ClientsFile, id: string): AppRecord {
    const a = f.apps.find((x) => x.id === id);
    if (!a) throw new MonadError('NOT_FOUND', 'Monad has no such app any more (it was removed). Reload Settings → Integrations.');
    return a;
  }

  /** Labels are what History shows ("via <label> (MCP)"): two apps may not share one. */
  private freeLabel(f: ClientsFile, raw: string, self?: string): string {
    const label = cleanClientName(raw);
    const taken = f.apps.find((a) => a.id !== self && a.label.toLowerCase() === label.toLowerCase());
    if (taken) throw new MonadError('CONFLICT', `Another app is already called "${label}". Give this one a name of its own, so History tells them apart.`);
    return label;
  }

  private change<T>(fn: (f: ClientsFile) => T): T {
    return withFileLock(this.path, () => {
      const f = this.load().file;
      const out = fn(f);
      this.write(f);
      return out;
    });
  }

  private write(f: ClientsFile): void {
    // The keyless apps not seen for longest go first when the bound is reached.
    f.pending.sort((a, b) => b.lastSeen.localeCompare(a.lastSeen));
    const out: ClientsFile = { version: CLIENTS_FILE_VERSION, apps: f.apps.slice(0, MAX_APPS), pending: f.pending.slice(0, MAX_PENDING), keyless: f.keyless };
    // Owner-only: it holds key hashes (not keys) and the person's choices.
    writeFileAtomic(this.path, `${JSON.stringify(out, null, 2)}\n`, { mode: PRIVATE_FILE_MODE });
  }

  private read(): ClientsFile {
    const { file, migrated } = this.load();
    if (!migrated) return file;
    // A version-1 file is migrated once, under the lock, so every reader sees the same new ids.
    return this.change((f) => f);
  }

  private load(): { file: ClientsFile; migrated: boolean } {
    if (!existsSync(this.path)) return { file: { version: CLIENTS_FILE_VERSION, apps: [], pending: [], keyless: 'read' }, migrated: false };
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (err) {
      throw new MonadError('CONFIG_INVALID', `${this.path} is not valid JSON (${(err as Error).message}); fix or delete it to reset the apps' permissions`);
    }
    const parsed = parseClientsFile(raw);
    if (!parsed) throw new MonadError('CONFIG_INVALID', `${this.path} does not hold a list of MCP apps; fix or delete it to reset their permissions`);
    return { file: parsed, migrated: (raw as { version?: unknown }).version !== CLIENTS_FILE_VERSION };
  }
}
