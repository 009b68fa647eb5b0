// The contract's channels for MCP both ways: the MCP tool servers a chat uses, and the apps that use
// Monad's memory over MCP (their keys, permissions, the listener). Joined into `contract` in contract.ts.
import { z } from 'zod';
import { idSchema } from './config';
import { mcpDecisionSchema, mcpSecretsInputSchema, mcpServerSchema, mcpToolApprovalSchema, type McpCallView, type McpServerView, type McpTestResult, MCP_KEYLESS_POLICIES, mcpAppId, mcpClientPatchSchema, mcpNewAppSchema, mcpPendingId, type McpAppView, type McpKeylessPolicy, type McpAppsView, type McpHttpStatus, type McpIssuedKey, type McpSetupInfo } from './mcp';
import { channel, empty, sessionId } from './contract-base';

export const mcpChannels = {
  // MCP servers' tools in the chat (issue 19 §2): Settings → Tools, and the person's decision on each call.
  // Secret values go in (a string sets, null removes, left out keeps); only masks come out.
  'mcp.servers.list': channel<McpServerView[]>()(empty),
  'mcp.servers.save': channel<McpServerView>()(z.object({ server: mcpServerSchema, secrets: mcpSecretsInputSchema.optional() }).strict()),
  'mcp.servers.delete': channel<{ id: string }>()(z.object({ id: idSchema }).strict()),
  /** Starts the server (a saved one by id, or a draft from the form with the secrets typed in it) and lists its tools. */
  'mcp.servers.test': channel<McpTestResult>()(
    z.object({ id: idSchema.optional(), server: mcpServerSchema.optional(), secrets: mcpSecretsInputSchema.optional() }).strict(),
  ),
  /**
   * Approves (or withdraws the approval of) a tool whose text reads like instructions to the assistant, for
   * the exact text the person read (its digest); answers with the server's tools as Test lists them.
   */
  'mcp.tools.approve': channel<McpTestResult>()(mcpToolApprovalSchema),
  /** How each MCP tool call of a chat went (waiting, allowed, denied, flagged result). */
  'mcp.calls': channel<McpCallView[]>()(z.object({ sessionId }).strict()),
  /** "Allow once" / "Always in this chat" / "Deny" for a call waiting in a running turn. */
  'mcp.decide': channel<{ decided: true }>()(z.object({ sessionId, callId: z.string().min(1).max(200), decision: mcpDecisionSchema }).strict()),

  // MCP server (issue 19): the apps that use Monad's memory over MCP, their permissions, and how to connect one.
  // Each app holds its own key (issue 26 §1); everything below names an app by its credential id.
  'mcp.clients.list': channel<McpAppsView>()(empty),
  /** A new app with its own key: the key comes back once, for the snippet, and is never shown again. */
  'mcp.clients.add': channel<McpIssuedKey>()(mcpNewAppSchema),
  /** A keyless app the person approves: it gets a key of its own (shown once) and leaves the pending list. */
  'mcp.clients.approve': channel<McpIssuedKey>()(z.object({ pendingId: mcpPendingId, app: mcpNewAppSchema }).strict()),
  /** Forgets a keyless app's request (listed again if it connects again). */
  'mcp.clients.dismiss': channel<{ removed: boolean }>()(z.object({ pendingId: mcpPendingId }).strict()),
  /** A new key for an app: the old one is refused at once and its open sessions end. */
  'mcp.clients.regenerate': channel<McpIssuedKey>()(z.object({ id: mcpAppId }).strict()),
  /** Label, agent, scopes, access, revoked. Revoking ends the app's open sessions at once. */
  'mcp.clients.update': channel<McpAppView>()(z.object({ id: mcpAppId, patch: mcpClientPatchSchema }).strict()),
  'mcp.clients.remove': channel<{ removed: boolean }>()(z.object({ id: mcpAppId }).strict()),
  /** Whether apps without a key of their own may read ('read', listed for approval) or are refused ('refuse'). */
  'mcp.clients.keyless': channel<{ keyless: McpKeylessPolicy }>()(z.object({ keyless: z.enum(MCP_KEYLESS_POLICIES) }).strict()),
  'mcp.setup': channel<McpSetupInfo>()(empty),
  /** The desktop app's MCP listener: whether it listens, where, and why not (waits for a change in progress). */
  'mcp.http.status': channel<McpHttpStatus>()(empty),
  /** The persistent shared token itself: with it an app without a key of its own may only read (and is listed for approval). */
  'mcp.http.token': channel<{ token: string }>()(empty),
  /** A new persistent token; the old one is refused from the next request on. */
  'mcp.http.regenerate': channel<{ token: string }>()(empty),
} as const;
