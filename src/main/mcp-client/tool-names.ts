// The names an MCP server's tools get in the chat. Providers accept [A-Za-z0-9_-]{1,64}; Monad's own tools
// (memory, graph_explore, …) never start with "mcp__", so a server's tool can neither collide with nor
// shadow them, and two servers' tools cannot collide with each other: the server id is part of the name,
// and a clash left after cleaning and cutting to length gets a short hash of the original pair.
import { createHash } from 'node:crypto';
import { MCP_TOOL_PREFIX } from '../../shared/mcp';

export { isMcpToolName, MCP_TOOL_PREFIX } from '../../shared/mcp';
const MAX_NAME = 64;

export interface NamedTool {
  serverId: string;
  tool: string;
}

function clean(s: string): string {
  return s.replace(/[^A-Za-z0-9_-]/g, '_');
}

function hash(serverId: string, tool: string): string {
  return createHash('sha256').update(`${serverId}\u0000${tool}`).digest('hex').slice(0, 8);
}

/**
 * Assigns each (server, tool) a unique chat name, deterministically (the same servers and tools give the
 * same names on every turn, so replayed history still matches). `taken`: names already in use (Monad's own).
 */
export function assignToolNames(tools: readonly NamedTool[], taken: ReadonlySet<string> = new Set()): Map<string, NamedTool> {
  const out = new Map<string, NamedTool>();
  const sorted = [...tools].sort((a, b) => (a.serverId + '\u0000' + a.tool < b.serverId + '\u0000' + b.tool ? -1 : 1));
  for (const t of sorted) {
    let name = `${MCP_TOOL_PREFIX}${clean(t.serverId)}__${clean(t.tool)}`;
    const exact = name.length <= MAX_NAME && name === `${MCP_TOOL_PREFIX}${t.serverId}__${t.tool}`;
    if (!exact || out.has(name) || taken.has(name)) {
      const suffix = `_${hash(t.serverId, t.tool)}`;
      name = `${name.slice(0, MAX_NAME - suffix.length)}${suffix}`;
    }
    if (out.has(name) || taken.has(name)) continue; // a hash clash: vanishingly rare; the later tool is left out
    out.set(name, t);
  }
  return out;
}
