import type { Migration } from '../migrate';

// MCP writes into the Inbox (issue 19 §1): a fact another app (Claude Desktop, Cursor…) recorded or forgot
// over MCP waits in memory_proposal like an agent's "Ask me first" write, when the person set that app to
// "Writes go to the Inbox" or the agent it sees asks first.
//   memory_proposal.client   the app's name from MCP's initialize (null: an agent's write in a chat), so
//                            the Inbox says who asks, and approving it records the fact as written by
//                            that app (provenance and history "via <app> (MCP)").
export const memory0013McpProposals: Migration = {
  version: 13,
  name: 'mcp-proposals',
  up: `
    ALTER TABLE memory_proposal ADD COLUMN client TEXT;
  `,
};
