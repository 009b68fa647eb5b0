// What the MCP server takes from the rest of Monad (issue 28 §1): the few parts of the engine each of its
// files uses, named here so that nothing under mcp/ imports engine.ts. The Engine satisfies these
// interfaces structurally; engine.ts (and the hosts) hand it over, and only they know the whole of it.
import type { AppStatus, Session } from '../../shared/domain';
import type { AgentService } from '../agents/agent-service';
import type { EgressFilter } from '../secrets/egress-filter';
import type { ConfigStore } from '../config/store';
import type { FactsLayer } from '../memory/facts-layer';
import type { GraphLayer } from '../memory/graph-layer';
import type { LawsLayer } from '../memory/laws-layer';
import type { SearchService } from '../search/search-service';
import type { McpClients } from './mcp-clients';

/** Scrubbed logging: error text passes the egress filter before it is written. */
export type McpLog = (msg: string, err?: unknown) => void;

/** Which agent a connection acts for and which scopes it may see (mcp-access.ts). */
export interface McpAccessPorts {
  agents: Pick<AgentService, 'get'>;
  search: Pick<SearchService, 'scopesFor'>;
}

/** What of the graph and of a rule's evidence an app may see (mcp-visible.ts). */
export interface McpVisiblePorts {
  graph: Pick<GraphLayer, 'store'>;
  sessions: { get(id: string): Session };
}

/** The tools and resources an MCP connection offers (mcp-tools.ts, mcp-server.ts). */
export interface McpConnectionPorts extends McpAccessPorts, McpVisiblePorts {
  search: Pick<SearchService, 'scopesFor' | 'query'>;
  facts: Pick<FactsLayer, 'chatProposals' | 'forget' | 'list' | 'memory' | 'record' | 'identity' | 'recall'>;
  laws: Pick<LawsLayer, 'views' | 'why'>;
  status(): AppStatus;
}

/** The streamable-HTTP endpoint (mcp-http.ts): connections plus the registry of apps and the egress filter. */
export interface McpEndpointPorts extends McpConnectionPorts {
  mcpClients: McpClients;
  egress: EgressFilter;
  log: McpLog;
}

/** The desktop app's own MCP port (mcp-http-listener.ts): follows the config, builds the endpoint lazily. */
export interface McpListenerPorts extends McpEndpointPorts {
  config: Pick<ConfigStore, 'get' | 'onChange'>;
}
