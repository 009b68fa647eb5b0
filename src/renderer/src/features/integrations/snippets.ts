// The config snippets Settings → Integrations offers to copy when the person adds or approves an app
// (issue 26 §1): how Claude Desktop, Cursor, VS Code and Claude Code start `monad mcp`, with this
// machine's real paths and the app's own key in MONAD_MCP_KEY; or, when the desktop app serves MCP over
// HTTP, how they reach its URL with that key as their bearer. Pure, so each shape is tested.
import { MCP_KEY_ENV, type McpSetupInfo } from '../../../../shared/mcp';

export interface Snippet {
  id: 'claude-desktop' | 'cursor' | 'vscode' | 'claude-code';
  app: string;
  /** Where it goes, in words. */
  where: string;
  text: string;
}

const SERVER_NAME = 'monad';

/** A shell word: left alone when plain, else single-quoted (POSIX), with embedded quotes escaped. */
export function shellWord(s: string): string {
  return /^[A-Za-z0-9_./:@%+=,-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/** `key`: the app's own key; it goes in the environment, never in the arguments other users could list. */
export function mcpSnippets(setup: McpSetupInfo, key: string): Snippet[] {
  const stdio = { command: setup.command, args: setup.args, env: { [MCP_KEY_ENV]: key } };
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  return [
    {
      id: 'claude-desktop',
      app: 'Claude Desktop',
      where: 'Settings → Developer → Edit Config (claude_desktop_config.json), inside "mcpServers"; then restart Claude Desktop.',
      text: json({ mcpServers: { [SERVER_NAME]: stdio } }),
    },
    {
      id: 'cursor',
      app: 'Cursor',
      where: '~/.cursor/mcp.json (every project) or .cursor/mcp.json in one project.',
      text: json({ mcpServers: { [SERVER_NAME]: stdio } }),
    },
    {
      id: 'vscode',
      app: 'VS Code',
      where: '.vscode/mcp.json in a workspace, or "MCP: Open User Configuration" from the command palette.',
      text: json({ servers: { [SERVER_NAME]: { type: 'stdio', ...stdio } } }),
    },
    {
      id: 'claude-code',
      app: 'Claude Code',
      where: 'Run once in a terminal.',
      text: ['claude', 'mcp', 'add', '--scope', 'user', '--env', `${MCP_KEY_ENV}=${key}`, SERVER_NAME, '--', setup.command, ...setup.args].map(shellWord).join(' '),
    },
  ];
}

/** Where the desktop app's MCP listener answers (mcp.http.status), and the app's own key it sends. */
export interface HttpTarget {
  url: string;
  key: string;
}

/**
 * The same apps over HTTP: each sends its key as a bearer header. Claude Desktop's config file only
 * starts local programs, so it keeps the `monad mcp` snippet (which needs no running app).
 */
export function mcpHttpSnippets(setup: McpSetupInfo, http: HttpTarget): Snippet[] {
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const headers = { Authorization: `Bearer ${http.key}` };
  const stdio = mcpSnippets(setup, http.key).find((s) => s.id === 'claude-desktop')!;
  return [
    { ...stdio, where: `${stdio.where} Claude Desktop starts its tools itself from this file, so it uses monad mcp, which works whether or not Monad is open.` },
    {
      id: 'cursor',
      app: 'Cursor',
      where: '~/.cursor/mcp.json (every project) or .cursor/mcp.json in one project. Monad must be open with "Let other apps use Monad\'s memory" on.',
      text: json({ mcpServers: { [SERVER_NAME]: { url: http.url, headers } } }),
    },
    {
      id: 'vscode',
      app: 'VS Code',
      where: '.vscode/mcp.json in a workspace, or "MCP: Open User Configuration" from the command palette. Monad must be open with "Let other apps use Monad\'s memory" on.',
      text: json({ servers: { [SERVER_NAME]: { type: 'http', url: http.url, headers } } }),
    },
    {
      id: 'claude-code',
      app: 'Claude Code',
      where: 'Run once in a terminal. Monad must be open with "Let other apps use Monad\'s memory" on.',
      text: ['claude', 'mcp', 'add', '--scope', 'user', '--transport', 'http', SERVER_NAME, http.url, '--header', `Authorization: Bearer ${http.key}`].map(shellWord).join(' '),
    },
  ];
}
