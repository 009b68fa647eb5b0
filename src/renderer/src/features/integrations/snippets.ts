// The config snippets Settings → Integrations offers to copy: how Claude Desktop, Cursor, VS Code and
// Claude Code start `monad mcp`, with this machine's real paths; or, when the desktop app serves MCP over
// HTTP, how they reach its URL with the persistent token. Pure, so each shape is tested.
import type { McpSetupInfo } from '../../../../shared/mcp';

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

export function mcpSnippets(setup: McpSetupInfo): Snippet[] {
  const stdio = { command: setup.command, args: setup.args };
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
      text: ['claude', 'mcp', 'add', '--scope', 'user', SERVER_NAME, '--', setup.command, ...setup.args].map(shellWord).join(' '),
    },
  ];
}

/** Where the desktop app's MCP listener answers and the token apps send (mcp.http.status / mcp.http.token). */
export interface HttpTarget {
  url: string;
  token: string;
}

/**
 * The same apps over HTTP: each sends the token as a bearer header. Claude Desktop's config file only
 * starts local programs, so it keeps the `monad mcp` snippet (which needs no running app).
 */
export function mcpHttpSnippets(setup: McpSetupInfo, http: HttpTarget): Snippet[] {
  const json = (v: unknown) => JSON.stringify(v, null, 2);
  const headers = { Authorization: `Bearer ${http.token}` };
  const stdio = mcpSnippets(setup).find((s) => s.id === 'claude-desktop')!;
  return [
    { ...stdio, where: `${stdio.where} Claude Desktop starts its tools itself from this file, so it uses monad mcp, which works whether or not Monad is open.` },
    {
      id: 'cursor',
      app: 'Cursor',
      where: '~/.cursor/mcp.json (every project) or .cursor/mcp.json in one project. Monad must be open with this switch on.',
      text: json({ mcpServers: { [SERVER_NAME]: { url: http.url, headers } } }),
    },
    {
      id: 'vscode',
      app: 'VS Code',
      where: '.vscode/mcp.json in a workspace, or "MCP: Open User Configuration" from the command palette. Monad must be open with this switch on.',
      text: json({ servers: { [SERVER_NAME]: { type: 'http', url: http.url, headers } } }),
    },
    {
      id: 'claude-code',
      app: 'Claude Code',
      where: 'Run once in a terminal. Monad must be open with this switch on.',
      text: ['claude', 'mcp', 'add', '--scope', 'user', '--transport', 'http', SERVER_NAME, http.url, '--header', `Authorization: Bearer ${http.token}`].map(shellWord).join(' '),
    },
  ];
}
