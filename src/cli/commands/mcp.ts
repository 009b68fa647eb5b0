// monad mcp — Monad's memory as an MCP server over stdio, for Claude Desktop, Cursor, VS Code, Claude
// Code and any other MCP app: the app starts this process and talks to it on stdin/stdout. stdout carries
// nothing but the protocol; everything else (warnings, errors) goes to stderr, which apps keep as a log.
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openCliEngine } from '../output';
import { filterOutgoing } from '../../main/secrets/egress-transport';
import { createMcpConnection } from '../../main/mcp/mcp-server';
import { globalFlags, parseCommandArgs } from '../args';


export async function mcpCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { agent: { type: 'string' }, 'read-only': { type: 'boolean', default: false } });
  const flags = globalFlags(values);
  // Anything a library prints with console.log would corrupt the protocol stream: send it to stderr.
  console.log = console.error;
  console.info = console.error;
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  const agentId = typeof values.agent === 'string' ? values.agent : 'default';
  engine.agents.get(agentId); // an unknown --agent is a usage problem, said before the app connects
  const conn = createMcpConnection(engine, engine.mcpClients, {
    agentId,
    readOnly: values['read-only'] === true,
    transport: 'stdio',
    log: (msg, err) => engine.log(msg, err),
  });
  // Every message to the app passes the egress filter (issue 26 §2).
  const transport = filterOutgoing(new StdioServerTransport(), engine.egress);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    // The app closing our stdin is how it says goodbye.
    process.stdin.once('end', () => resolve());
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  await conn.server.connect(transport);
  await closed;
  await conn.server.close().catch(() => undefined);
  engine.close();
  return 0;
}
