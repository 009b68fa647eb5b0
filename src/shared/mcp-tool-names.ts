// How an MCP tool is told from Monad's own in the chat (mcp.ts has the schemas). A module of its own, with
// no zod, so the chat (the renderer's first screen) can mark MCP tool calls without loading the schema library.

/** Every MCP tool's name in the chat starts with this; none of Monad's own tools does (main/mcp-client/tool-names.ts). */
export const MCP_TOOL_PREFIX = 'mcp__';

export function isMcpToolName(name: string): boolean {
  return name.startsWith(MCP_TOOL_PREFIX);
}
