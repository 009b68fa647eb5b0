// MCP servers whose tools Monad's chat may use (issue 19 §2): their config.json entries, what the UI sees
// of them, and the per-call approval and status the chat shows. Pure zod: the renderer validates the
// Settings → Tools form with the same rules.
//
// Secret values (env values marked secret, every HTTP header value, the bearer token) are never part of
// this schema: they live in the secret store (main/mcp-client/server-secrets.ts) and only their presence
// (and last four characters) comes back to the UI.
import { z } from 'zod';
import { envNameSchema, headerNameSchema, idSchema, type McpServer } from './config';

export { mcpServerSchema, mcpTransportSchema, type McpServer, type McpServerInput, type McpTransport, type McpEnvVar } from './config';

/** Secret values sent with a save: a string sets it, null removes it, a name left out keeps what is stored. */
export const mcpSecretsInputSchema = z
  .object({
    env: z.record(envNameSchema, z.string().max(8000).nullable()).optional(),
    headers: z.record(headerNameSchema, z.string().max(8000).nullable()).optional(),
    token: z.string().max(8000).nullable().optional(),
  })
  .strict();
export type McpSecretsInput = z.infer<typeof mcpSecretsInputSchema>;

/** Where a server's process or connection stands. */
export type McpServerPhase = 'stopped' | 'starting' | 'ready' | 'backoff' | 'failed';

export interface McpServerView extends McpServer {
  /** Secret env values and header values that are stored, by name, masked ("…Ab12"). */
  secretEnv: Record<string, string>;
  secretHeaders: Record<string, string>;
  /** The bearer token's mask, or null when none is stored for the server's current address. */
  token: string | null;
  /**
   * Secrets stored for another launch or address than the server's current one (config.json changed by
   * hand or by an import): never used; Settings asks for them again. Env or header names, or "token".
   */
  staleSecrets: string[];
  status: { phase: McpServerPhase; error: string | null; restarts: number };
  /** Where its stderr goes (stdio servers), relative to the home. */
  logFile: string | null;
  /**
   * Tools of its last listing held back from the model because their text reads like instructions and the
   * person has not approved it (names as shown). Empty until the server has been started once.
   */
  heldTools: string[];
}

/**
 * A tool as Settings lists it. Name, title and description are cleaned (invisible and bidi characters
 * stripped, lengths capped): what the model is given. A tool whose text reads like instructions to the
 * assistant is held back from the model until the person approves that exact text (issue 26 §6).
 */
export interface McpToolInfo {
  name: string;
  /** The server's own name for the tool, as sent (it may hold invisible characters): what an approval names. */
  key: string;
  title: string | null;
  description: string;
  /** The description as the server sent it, invisible characters written out as ⟦U+XXXX⟧. */
  rawDescription: string;
  /** Sentences of it (or of its input schema's texts) that read like instructions on their own: marked for the person. */
  flaggedParts: string[];
  /** The description or input schema reads like instructions to the assistant (the sanitizer's injection detector). */
  warning: string | null;
  /** Flagged and not (or no longer) approved: not offered to the model. */
  held: boolean;
  /** Flagged, and the person approved this exact text. */
  approved: boolean;
  /** Digest of the text the model would be given; an approval is for this text only. */
  hash: string;
}

/** The person's approval (or withdrawal) of a flagged tool's text, after reading it in Settings → Tools. */
export const mcpToolApprovalSchema = z
  .object({
    serverId: idSchema,
    tool: z.string().min(1).max(1000),
    hash: z.string().regex(/^[0-9a-f]{64}$/, 'a tool text digest'),
    approved: z.boolean(),
  })
  .strict();
export type McpToolApprovalInput = z.infer<typeof mcpToolApprovalSchema>;

export interface McpTestResult {
  ok: boolean;
  /** The server's own name and version, from its initialize answer. */
  server: { name: string; version: string } | null;
  tools: McpToolInfo[];
  error: string | null;
}

/** "Allow once" / "Always in this chat" / "Deny". */
export const mcpDecisionSchema = z.enum(['once', 'chat', 'deny']);
export type McpDecision = z.infer<typeof mcpDecisionSchema>;

/**
 * One call of an MCP tool in a chat, as the chat shows it next to the tool call.
 * awaiting: waiting for the person's decision; running: approved (or trusted) and running;
 * done / error: finished; denied: the person said no; cancelled: Stop while it waited or ran.
 */
export type McpCallState = 'awaiting' | 'running' | 'done' | 'error' | 'denied' | 'cancelled';

export interface McpCallView {
  callId: string;
  sessionId: string;
  serverId: string;
  serverName: string;
  tool: string;
  state: McpCallState;
  /** How it came to run: the person allowed it once, for the chat, or the server is trusted. */
  approval: 'once' | 'chat' | 'trusted' | 'denied' | null;
  /** The result reads like instructions to the assistant: shown flagged, with the detector's reason. */
  flagged: string | null;
  /** The result was longer than the cap and was cut (characters kept / received). */
  truncated: { kept: number; received: number } | null;
  error: string | null;
  at: string;
  /**
   * What the model wants to pass, while the call waits (its "awaiting" event, and `mcp.calls` until it is
   * decided), so the person sees it before deciding. Not stored: the arguments are kept with the reply.
   */
  args?: unknown;
}

export { isMcpToolName, MCP_TOOL_PREFIX } from './mcp-tool-names';

// ── Monad as an MCP server (issue 19 §1): the apps that connected to it (Claude Desktop, Cursor, VS Code,
// Claude Code…), what each may see and do, and the config snippets Settings → Integrations shows.

/** How an app reached Monad: `monad mcp` over stdio, or `/mcp` on a running `monad serve`. */
export type McpTransportKind = 'stdio' | 'http';

/**
 * What one app may do. New apps may only read until the person allows more: writing at once, or writing
 * into the Inbox, where each fact waits for the person's approval.
 */
export const MCP_ACCESS_LEVELS = ['read', 'inbox', 'write'] as const;
export type McpAccess = (typeof MCP_ACCESS_LEVELS)[number];

/**
 * An app the person added or approved (issue 26 §1): it holds its own key, and everything it may do keys on
 * that credential (its id), never on the name the app gives itself in MCP's `initialize`, which any app
 * can claim. The key itself is shown once when it is made; Monad keeps only its hash.
 */
export interface McpAppView {
  /** The credential's stable id (it survives a new key and a new label). */
  id: string;
  /** The name the person gave or approved: what Settings and History show ("via <label> (MCP)"). */
  label: string;
  /** The key's last four characters ("…Ab12"); null: no key yet (an app kept from before keys: issue one). */
  keyHint: string | null;
  /** The name the app gave itself when it last connected with this key: shown as "calls itself", decides nothing. */
  calledItself: string | null;
  version: string | null;
  createdAt: string;
  lastSeen: string | null;
  transport: McpTransportKind | null;
  connections: number;
  /** The agent whose memory it sees; null: the one `monad mcp --agent` names (else the default agent). */
  agentId: string | null;
  /** The memory scopes it sees; null: all of its agent's (global, the agent's own, its projects). */
  scopes: string[] | null;
  access: McpAccess;
  /** Revoked: its key is refused (open sessions end at once) until the person allows it again. */
  revoked: boolean;
}

/** An app that connected without a key: it may only read, and waits here for the person to approve or dismiss it. */
export interface McpPendingView {
  id: string;
  /** The name it gave itself: the app's own claim, shown as such. */
  calledItself: string;
  version: string | null;
  transport: McpTransportKind;
  firstSeen: string;
  lastSeen: string;
  connections: number;
}

/**
 * What an app that connects without a key of its own may do: read (the default: it is listed for
 * approval meanwhile), or nothing at all (it is still listed, so the person can approve it).
 */
export const MCP_KEYLESS_POLICIES = ['read', 'refuse'] as const;
export type McpKeylessPolicy = (typeof MCP_KEYLESS_POLICIES)[number];

export interface McpAppsView {
  apps: McpAppView[];
  pending: McpPendingView[];
  keyless: McpKeylessPolicy;
}

/** A new key for an app, returned once: Settings puts it into the snippets and never sees it again. */
export interface McpIssuedKey {
  app: McpAppView;
  key: string;
}

/** Every app key starts with this, so a person (and a secret scanner) recognises one. */
export const MCP_APP_KEY_PREFIX = 'monad_app_';
/** The environment variable the stdio snippet sets: `monad mcp` reads the app's key from it. */
export const MCP_KEY_ENV = 'MONAD_MCP_KEY';

/** Bounds of a label as stored and shown. */
export const MCP_CLIENT_NAME_MAX = 100;
export const mcpClientName = z.string().trim().min(1).max(MCP_CLIENT_NAME_MAX);
export const mcpAppId = z.string().regex(/^app_[A-Za-z0-9_-]{8,40}$/, 'an app id as mcp.clients.list gives it');
export const mcpPendingId = z.string().regex(/^pending_[A-Za-z0-9_-]{8,40}$/, 'a pending app id as mcp.clients.list gives it');

const memoryScope = z.string().min(1).max(120).regex(/^(global|(agent|project):[A-Za-z0-9][A-Za-z0-9_-]{0,99})$/, 'not a scope');

export const mcpClientPatchSchema = z
  .object({
    label: mcpClientName.optional(),
    agentId: idSchema.nullable().optional(),
    scopes: z.array(memoryScope).max(200).nullable().optional(),
    access: z.enum(MCP_ACCESS_LEVELS).optional(),
    revoked: z.boolean().optional(),
  })
  .strict();
export type McpClientPatch = z.output<typeof mcpClientPatchSchema>;

/** What the person sets when adding or approving an app (everything but the label has a default). */
export const mcpNewAppSchema = z
  .object({
    label: mcpClientName,
    agentId: idSchema.nullable().optional(),
    scopes: z.array(memoryScope).max(200).nullable().optional(),
    access: z.enum(MCP_ACCESS_LEVELS).optional(),
  })
  .strict();
export type McpNewApp = z.output<typeof mcpNewAppSchema>;

/** Everything Settings → Integrations needs to write the config snippets with real paths. */
export interface McpSetupInfo {
  /** The command that starts `monad` on this machine (node + the CLI's entry, or the installed binary). */
  command: string;
  args: string[];
  home: string;
  /** When this host serves `/mcp` (the desktop listener): its URL; the snippets add the app's own key as its bearer. */
  httpUrl: string | null;
}

/**
 * The desktop app's MCP listener (config `integrations.mcpHttp`), as Settings → Integrations shows it.
 * off: the switch is off; listening: other apps can connect at `url`; failed: it could not listen (the
 * port is taken…), `error` says why and what to do; unhosted: this Monad (the CLI) serves no listener.
 */
export type McpHttpState = 'off' | 'listening' | 'failed' | 'unhosted';

export interface McpHttpStatus {
  enabled: boolean;
  port: number;
  state: McpHttpState;
  /** The address apps connect to, while listening. */
  url: string | null;
  error: string | null;
  /** The persistent token's last four characters ("…Ab12"); the token itself comes only from mcp.http.token. */
  tokenMask: string;
}
