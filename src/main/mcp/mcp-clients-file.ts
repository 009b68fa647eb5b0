// db/mcp-clients.json on disk: version 2 holds apps by credential (issue 26 §1) and the keyless apps
// waiting for approval. Version 1 held apps by the name they claimed in `initialize`; it is read once and
// carried over without handing anyone its permissions: each old entry becomes an app with no key yet,
// which no connection can match (a keyless app claiming the same name is only listed as pending). The
// person sees it in Settings → Integrations with its old access level and issues a key for the real app.
import { z } from 'zod';
import { MCP_ACCESS_LEVELS, MCP_CLIENT_NAME_MAX, MCP_KEYLESS_POLICIES } from '../../shared/mcp';
import { newRecordId } from './mcp-app-keys';

const transport = z.enum(['stdio', 'http']);

export const appRecordSchema = z.object({
  id: z.string().min(1).max(60),
  label: z.string().min(1).max(MCP_CLIENT_NAME_MAX),
  /** SHA-256 (hex) of the key; null: no key issued yet. */
  keyHash: z.string().regex(/^[0-9a-f]{64}$/).nullable(),
  keyHint: z.string().max(10).nullable(),
  calledItself: z.string().max(MCP_CLIENT_NAME_MAX).nullable(),
  version: z.string().max(100).nullable(),
  createdAt: z.string(),
  lastSeen: z.string().nullable(),
  transport: transport.nullable(),
  connections: z.number().int().min(0),
  agentId: z.string().nullable(),
  scopes: z.array(z.string()).nullable(),
  access: z.enum(MCP_ACCESS_LEVELS),
  revoked: z.boolean(),
});
export type AppRecord = z.infer<typeof appRecordSchema>;

export const pendingRecordSchema = z.object({
  id: z.string().min(1).max(60),
  calledItself: z.string().min(1).max(MCP_CLIENT_NAME_MAX),
  version: z.string().max(100).nullable(),
  transport,
  firstSeen: z.string(),
  lastSeen: z.string(),
  connections: z.number().int().min(0),
});
export type PendingRecord = z.infer<typeof pendingRecordSchema>;

export const CLIENTS_FILE_VERSION = 2;
const fileV2 = z.object({ version: z.literal(2), apps: z.array(appRecordSchema), pending: z.array(pendingRecordSchema), keyless: z.enum(MCP_KEYLESS_POLICIES).default('read') });
export type ClientsFile = z.infer<typeof fileV2>;

const recordV1 = z.object({
  name: z.string().min(1).max(MCP_CLIENT_NAME_MAX),
  version: z.string().max(100).nullable(),
  firstSeen: z.string(),
  lastSeen: z.string(),
  transport,
  connections: z.number().int().min(0),
  agentId: z.string().nullable(),
  scopes: z.array(z.string()).nullable(),
  access: z.enum(MCP_ACCESS_LEVELS),
  revoked: z.boolean(),
});
const fileV1 = z.object({ version: z.literal(1), clients: z.array(recordV1) });

/** The file's content as version 2, migrating version 1; null when it is neither. */
export function parseClientsFile(raw: unknown): ClientsFile | null {
  const v2 = fileV2.safeParse(raw);
  if (v2.success) return v2.data;
  const v1 = fileV1.safeParse(raw);
  if (!v1.success) return null;
  return {
    version: 2,
    // No key: the entry keeps the person's choices (agent, scopes, access, revoked) for the app they
    // meant, but nothing can connect as it until they issue a key and put it in that app's settings.
    apps: v1.data.clients.map((c) => ({
      id: newRecordId('app'),
      label: c.name,
      keyHash: null,
      keyHint: null,
      calledItself: c.name,
      version: c.version,
      createdAt: c.firstSeen,
      lastSeen: c.lastSeen,
      transport: c.transport,
      connections: c.connections,
      agentId: c.agentId,
      scopes: c.scopes,
      access: c.access,
      revoked: c.revoked,
    })),
    pending: [],
    keyless: 'read',
  };
}
