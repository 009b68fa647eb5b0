// The help line of `monad mcp`, apart from the command so the CLI lists it without loading the MCP SDK.
export const mcpHelp = 'monad mcp [--home DIR] [--agent ID] [--read-only]   serve Monad memory to other apps over MCP (stdio; the app\'s key in MONAD_MCP_KEY)';
