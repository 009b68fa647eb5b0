import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { localServersFromEnv } from '../../main/llm/local-servers';
import { openCliEngine } from '../output';
import { startLiveSyncWhenPaired } from '../../main/engine-sync-start';
import { startServer } from '../../main/server/http-server';
import { globalFlags, parseCommandArgs, UsageError } from '../args';

/** The package root: the folder holding package.json above this file (src/cli/… or out/cli/…). */
export function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    dir = dirname(dir);
  }
  throw new Error('cannot locate the Monad package root');
}

export async function serveCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { port: { type: 'string' } });
  const flags = globalFlags(values);
  let port: number | undefined;
  if (typeof values.port === 'string') {
    port = Number(values.port);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, got ${values.port}`);
  }
  const engine = openCliEngine({ home: flags.home, host: 'server', watchConfig: true, localServers: localServersFromEnv(process.env) });
  const staticDir = process.env.MONAD_RENDERER_DIR ?? join(packageRoot(), 'out', 'renderer');
  let server;
  try {
    server = await startServer({ engine, port, staticDir });
  } catch (err) {
    engine.close();
    if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
      process.stderr.write(`monad serve: port ${port} is already in use; pick another with --port, or --port 0 for any free one\n`);
      return 1;
    }
    throw err;
  }
  const health = engine.config.getHealth();
  if (!health.ok) process.stderr.write(`warning: ${health.error}\n`);
  process.stdout.write(`Monad listening on ${server.openUrl}\n`);
  // A paired home keeps syncing with its relay while it is served (issue 30 §5; MONAD_SYNC=off disables it).
  if (await startLiveSyncWhenPaired(engine)) process.stdout.write(`Syncing with ${engine.sync.status().relay}\n`);
  // The MCP listener of Settings → Integrations, as in the desktop app (its own port and persistent token).
  await engine.mcpHttp.start();
  const mcpHttp = await engine.mcpHttp.status();
  if (mcpHttp.state === 'listening') process.stdout.write(`MCP for other apps on ${mcpHttp.url}\n`);
  else if (mcpHttp.state === 'failed') process.stderr.write(`warning: ${mcpHttp.error}\n`);

  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await server.close();
  await engine.sync.stop();
  await engine.mcpHttp.stop();
  // Let queued mem0 observations finish and stop a managed qdrant gracefully before closing.
  await engine.mem0.stop().catch((err: unknown) => process.stderr.write(`warning: stopping memory services failed: ${String(err)}\n`));
  await engine.mcp.close(); // stops the MCP tool servers it started (issue 19 §2)
  engine.close();
  return 0;
}
