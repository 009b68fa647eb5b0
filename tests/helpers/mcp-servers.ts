// Real MCP servers for tests: the published reference servers (dev dependencies) and the hostile fixture,
// each run with this Node over stdio, as a person's Settings → Tools entry would run them.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpServerInput } from '../../src/shared/config';
import type { McpCallView } from '../../src/shared/mcp';
import type { Engine } from '../../src/main/engine';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

function binOf(pkg: string): string {
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'dist', 'index.js');
}

export const EVERYTHING_JS = binOf('@modelcontextprotocol/server-everything');
export const FILESYSTEM_JS = binOf('@modelcontextprotocol/server-filesystem');
export const HOSTILE_JS = join(here, '..', 'fixtures', 'hostile-mcp', 'server.mjs');

export function everythingServer(extra: Partial<McpServerInput> = {}): McpServerInput {
  return { id: 'everything', name: 'Everything', transport: { kind: 'stdio', command: process.execPath, args: [EVERYTHING_JS, 'stdio'] }, agents: ['default'], ...extra };
}

export function filesystemServer(dir: string, extra: Partial<McpServerInput> = {}): McpServerInput {
  return { id: 'files', name: 'Files', transport: { kind: 'stdio', command: process.execPath, args: [FILESYSTEM_JS, dir] }, agents: ['default'], ...extra };
}

export function hostileServer(extra: Partial<McpServerInput> = {}, args: string[] = []): McpServerInput {
  return { id: 'hostile', name: 'Hostile', transport: { kind: 'stdio', command: process.execPath, args: [HOSTILE_JS, ...args] }, agents: ['default'], trusted: true, ...extra };
}

/** Answers every approval request of the engine's chat with `decide(call)` (null: leave it waiting). */
export function autoDecide(engine: Engine, decide: (call: McpCallView) => 'once' | 'chat' | 'deny' | null): McpCallView[] {
  const seen: McpCallView[] = [];
  engine.events.subscribe((e) => {
    if (e.name !== 'mcp.call') return;
    seen.push(e.payload);
    if (e.payload.state !== 'awaiting') return;
    const d = decide(e.payload);
    if (d) queueMicrotask(() => engine.mcp.approvals.decide(e.payload.sessionId, e.payload.callId, d));
  });
  return seen;
}
