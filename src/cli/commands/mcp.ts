// monad mcp — Monad's memory as an MCP server over stdio, for Claude Desktop, Cursor, VS Code, Claude
// Code and any other MCP app: the app starts this process and talks to it on stdin/stdout. stdout carries
// nothing but the protocol; everything else (warnings, errors) goes to stderr, which apps keep as a log.
//
// The app's key (issue 26 §1) comes in the environment its config snippet sets (MONAD_MCP_KEY), never on
// the command line, where other local users could read it in the process list. It is checked at
// `initialize` and on every call: an unknown key is refused; without one the app may only read and is
// listed in Settings for approval; once the key is revoked, removed or replaced, the next call is refused
// and the process exits (it also watches the apps file, so it exits soon even if no call comes).
import { unwatchFile, watchFile } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { openCliEngine } from '../output';
import { filterOutgoing } from '../../main/secrets/egress-transport';
import { MCP_KEY_ENV } from '../../shared/mcp';
import { credentialApp } from '../../main/mcp/mcp-access';
import type { McpCaller } from '../../main/mcp/mcp-clients';
import { MonadError } from '../../shared/errors';
import { createMcpConnection } from '../../main/mcp/mcp-server';
import { globalFlags, parseCommandArgs } from '../args';

/** Time for a refusal to reach the app before the process ends. */
const EXIT_AFTER_REFUSAL_MS = 200;
/** How often the apps file is checked for a revoke while no call comes (fs.watchFile polls; it works on every platform). */
const WATCH_MS = 1000;

export async function mcpCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { agent: { type: 'string' }, 'read-only': { type: 'boolean', default: false } });
  const flags = globalFlags(values);
  // Anything a library prints with console.log would corrupt the protocol stream: send it to stderr.
  console.log = console.error;
  console.info = console.error;
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  const agentId = typeof values.agent === 'string' ? values.agent : 'default';
  engine.agents.get(agentId); // an unknown --agent is a usage problem, said before the app connects
  const key = process.env[MCP_KEY_ENV]?.trim();
  // Not passed on to anything this process might start.
  delete process.env[MCP_KEY_ENV];
  const caller: McpCaller = key ? { kind: 'app', key } : { kind: 'keyless' };
  let refused = false;
  let endNow: () => void = () => undefined;
  const closed = new Promise<void>((resolve) => {
    endNow = resolve;
    // The app closing our stdin is how it says goodbye.
    process.stdin.once('end', () => resolve());
    process.once('SIGINT', () => resolve());
    process.once('SIGTERM', () => resolve());
  });
  const refuse = () => {
    if (refused) return;
    refused = true;
    process.stderr.write(`monad mcp: this app's key was refused (unknown, replaced, removed or revoked); stopping. See Monad → Settings → Integrations.\n`);
    setTimeout(endNow, EXIT_AFTER_REFUSAL_MS);
  };
  const conn = createMcpConnection(engine, engine.mcpClients, {
    agentId,
    readOnly: values['read-only'] === true,
    transport: 'stdio',
    caller,
    log: (msg, err) => engine.log(msg, err),
    onRefused: refuse,
  });
  // Every message to the app passes the egress filter (issue 26 §2).
  const transport = filterOutgoing(new StdioServerTransport(), engine.egress);
  transport.onclose = () => endNow();
  // Revoked, removed, re-keyed, or (without a key) keyless reading turned off: refused and ended.
  watchFile(engine.mcpClients.path, { interval: WATCH_MS, persistent: false }, () => {
    try {
      credentialApp(engine.mcpClients, caller);
    } catch (err) {
      if (err instanceof MonadError && (err.code === 'UNAUTHORIZED' || err.code === 'FORBIDDEN')) refuse();
      else engine.log('[mcp] could not re-read the apps file', err);
    }
  });
  await conn.server.connect(transport);
  await closed;
  unwatchFile(engine.mcpClients.path);
  await conn.server.close().catch(() => undefined);
  engine.close();
  return 0;
}
