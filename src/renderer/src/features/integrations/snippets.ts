// The config snippets Settings → Integrations offers to copy: how Claude Desktop, Cursor, VS Code and
// Claude Code start `monad mcp`, with this machine's real paths. Pure, so each shape is tested.
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
