// How another app starts `monad mcp` on this machine: the real paths Settings → Integrations puts in the
// config snippets, so the person pastes them as they are.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { McpSetupInfo } from '../../shared/mcp';

/** The folder holding Monad's package.json, above this file (src/main/mcp/… or out/<host>/…). */
function packageRoot(): string | null {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'bin', 'monad.mjs'))) return dir;
    dir = dirname(dir);
  }
  return null;
}

/** `httpUrl`: where this host's MCP listener answers now (null when it does not). */
export function mcpSetupInfo(home: string, httpUrl: string | null = null): McpSetupInfo {
  const root = packageRoot();
  // Inside Electron, execPath is the app, not Node: the snippet names Node from the PATH instead.
  const node = process.versions.electron ? 'node' : process.execPath;
  const entry = root ? join(root, 'bin', 'monad.mjs') : 'monad';
  return root ? { command: node, args: [entry, 'mcp', '--home', home], home, httpUrl } : { command: 'monad', args: ['mcp', '--home', home], home, httpUrl };
}
