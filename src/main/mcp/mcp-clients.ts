// The apps that connected to Monad over MCP and what each may do, kept in db/mcp-clients.json. Several
// processes share it (every `monad mcp` an app launches, `monad serve`, the desktop app), so every change
// is a read-change-write under the file lock, and every call re-reads it: a permission changed in
// Settings applies to an app that is already connected, on its next call.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { MonadError } from '../../shared/errors';
import { MCP_ACCESS_LEVELS, MCP_CLIENT_NAME_MAX, type McpClientPatch, type McpClientView, type McpTransportKind } from '../../shared/mcp';
import { writeFileAtomic } from '../fs/atomic-write';
import { withFileLock } from '../fs/file-lock';

/** A bound on the file: an app that invents a new name on every start must not grow it forever. */
const MAX_CLIENTS = 200;

const recordSchema = z.object({
  name: z.string().min(1).max(MCP_CLIENT_NAME_MAX),
  version: z.string().max(100).nullable(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  transport: z.enum(['stdio', 'http']),
  connections: z.number().int().min(0),
  agentId: z.string().nullable(),
  scopes: z.array(z.string()).nullable(),
  access: z.enum(MCP_ACCESS_LEVELS),
  revoked: z.boolean(),
});
const fileSchema = z.object({ version: z.literal(1), clients: z.array(recordSchema) });

/** An app's self-chosen name, made safe to store and show: one line, printable, bounded. */
export function cleanClientName(raw: string | undefined | null): string {
  const one = (raw ?? '').replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/\s+/g, ' ').trim();
  return one.slice(0, MCP_CLIENT_NAME_MAX) || 'unnamed app';
}

export class McpClients {
  readonly path: string;

  constructor(
    dbDir: string,
    private readonly now: () => Date,
  ) {
    this.path = join(dbDir, 'mcp-clients.json');
  }

  list(): McpClientView[] {
    return this.read().sort((a, b) => b.lastSeen.localeCompare(a.lastSeen));
  }

  get(name: string): McpClientView | null {
    return this.read().find((c) => c.name === name) ?? null;
  }

  /** An app finished MCP's initialize: recorded (read-only when new) with when and how it came. */
  connected(rawName: string, version: string | null, transport: McpTransportKind): McpClientView {
    const name = cleanClientName(rawName);
    const at = this.now().toISOString();
    return this.change((clients) => {
      let c = clients.find((x) => x.name === name);
      if (!c) {
        c = { name, version: null, firstSeen: at, lastSeen: at, transport, connections: 0, agentId: null, scopes: null, access: 'read', revoked: false };
        clients.push(c);
      }
      c.version = version ? cleanClientName(version).slice(0, 100) : null;
      c.lastSeen = at;
      c.transport = transport;
      c.connections += 1;
      return { ...c };
    });
  }

  /**
   * The person's choices for one app. An app not seen yet may be set up ahead of its first connection
   * (`monad mcp` is often configured before the app is started).
   */
  update(rawName: string, patch: McpClientPatch): McpClientView {
    const name = cleanClientName(rawName);
    const at = this.now().toISOString();
    return this.change((clients) => {
      let c = clients.find((x) => x.name === name);
      if (!c) {
        c = { name, version: null, firstSeen: at, lastSeen: at, transport: 'stdio', connections: 0, agentId: null, scopes: null, access: 'read', revoked: false };
        clients.push(c);
      }
      if (patch.agentId !== undefined) c.agentId = patch.agentId;
      if (patch.scopes !== undefined) c.scopes = patch.scopes === null ? null : [...new Set(patch.scopes)];
      if (patch.access !== undefined) c.access = patch.access;
      if (patch.revoked !== undefined) c.revoked = patch.revoked;
      return { ...c };
    });
  }

  /** Forgets an app entirely: its next connection starts again from read-only. */
  remove(rawName: string): boolean {
    const name = cleanClientName(rawName);
    return this.change((clients) => {
      const i = clients.findIndex((x) => x.name === name);
      if (i < 0) return false;
      clients.splice(i, 1);
      return true;
    });
  }

  private change<T>(fn: (clients: McpClientView[]) => T): T {
    return withFileLock(this.path, () => {
      const clients = this.read();
      const out = fn(clients);
      // The apps not seen for longest go first when the bound is reached.
      clients.sort((a, b) => b.lastSeen.localeCompare(a.lastSeen));
      writeFileAtomic(this.path, `${JSON.stringify({ version: 1, clients: clients.slice(0, MAX_CLIENTS) }, null, 2)}\n`);
      return out;
    });
  }

  private read(): McpClientView[] {
    if (!existsSync(this.path)) return [];
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch (err) {
      throw new MonadError('CONFIG_INVALID', `${this.path} is not valid JSON (${(err as Error).message}); fix or delete it to reset the apps' permissions`);
    }
    const parsed = fileSchema.safeParse(raw);
    if (!parsed.success) throw new MonadError('CONFIG_INVALID', `${this.path} does not hold a list of MCP apps; fix or delete it to reset their permissions`);
    return parsed.data.clients;
  }
}
