// MCP servers whose tools Monad's chat may use (issue 19 §2): their config.json entries, what the UI sees
// of them, and the per-call approval and status the chat shows. Pure zod: the renderer validates the
// Settings → Tools form with the same rules.
//
// Secret values (env values marked secret, every HTTP header value, the bearer token) are never part of
// this schema: they live in the secret store (main/mcp-client/server-secrets.ts) and only their presence
// (and last four characters) comes back to the UI.
import { z } from 'zod';
import { envNameSchema, headerNameSchema, type McpServer } from './config';

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
  status: { phase: McpServerPhase; error: string | null; restarts: number };
  /** Where its stderr goes (stdio servers), relative to the home. */
  logFile: string | null;
}

export interface McpToolInfo {
  name: string;
  title: string | null;
  description: string;
  /** The description reads like instructions to the assistant (the sanitizer's injection detector). */
  warning: string | null;
}

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
   * What the model wants to pass, on the "awaiting" event only, so the person sees it before deciding
   * (not stored here: the call's arguments are kept with the reply that made it).
   */
  args?: unknown;
}

/** Every MCP tool's name in the chat starts with this; none of Monad's own tools does (main/mcp-client/tool-names.ts). */
export const MCP_TOOL_PREFIX = 'mcp__';

export function isMcpToolName(name: string): boolean {
  return name.startsWith(MCP_TOOL_PREFIX);
}
