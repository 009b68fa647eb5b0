// Monad as an MCP server (issue 19 §1): the apps that connected to it (Claude Desktop, Cursor, VS Code,
// Claude Code…), what each may see and do, and the config snippets Settings → Integrations shows.
import { z } from 'zod';
import { idSchema } from './config';

/** How an app reached Monad: `monad mcp` over stdio, or `/mcp` on a running `monad serve`. */
export type McpTransportKind = 'stdio' | 'http';

/** What one app may do. New apps may only read until the person allows writing. */
export type McpAccess = 'read' | 'write';

/**
 * An app as Monad knows it: by the name it gives in MCP's `initialize` (clientInfo.name). That name is
 * the app's own claim: over stdio the person launched the app themselves, over HTTP the token is the guard.
 */
export interface McpClientView {
  name: string;
  version: string | null;
  firstSeen: string;
  lastSeen: string;
  transport: McpTransportKind;
  connections: number;
  /** The agent whose memory it sees; null: the one `monad mcp --agent` names (else the default agent). */
  agentId: string | null;
  /** The memory scopes it sees; null: all of its agent's (global, the agent's own, its projects). */
  scopes: string[] | null;
  access: McpAccess;
  /** Revoked: every call is refused until the person allows it again. */
  revoked: boolean;
}

/** Bounds of a client's name as stored and shown (it is an app's self-chosen label). */
export const MCP_CLIENT_NAME_MAX = 100;
export const mcpClientName = z.string().trim().min(1).max(MCP_CLIENT_NAME_MAX);

const memoryScope = z.string().min(1).max(120).regex(/^(global|(agent|project):[A-Za-z0-9][A-Za-z0-9_-]{0,99})$/, 'not a scope');

export const mcpClientPatchSchema = z
  .object({
    agentId: idSchema.nullable().optional(),
    scopes: z.array(memoryScope).max(200).nullable().optional(),
    access: z.enum(['read', 'write']).optional(),
    revoked: z.boolean().optional(),
  })
  .strict();
export type McpClientPatch = z.output<typeof mcpClientPatchSchema>;

/** Everything Settings → Integrations needs to write the config snippets with real paths. */
export interface McpSetupInfo {
  /** The command that starts `monad` on this machine (node + the CLI's entry, or the installed binary). */
  command: string;
  args: string[];
  home: string;
  /** When this host serves `/mcp`: its URL (the token is shown separately, never inside snippets). */
  httpUrl: string | null;
}
