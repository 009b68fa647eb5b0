// The pieces of Settings → Integrations that need no server: the config snippets each app expects, and
// the file of connected apps shared by every Monad process.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanClientName, McpClients } from '../../src/main/mcp/mcp-clients';
import { mcpHttpSnippets, mcpSnippets, shellWord } from '../../src/renderer/src/features/integrations/snippets';
import { tempHome } from '../helpers/temp-home';

const SETUP = { command: '/usr/bin/node', args: ['/opt/monad/bin/monad.mjs', 'mcp', '--home', "/home/ana/My Monad's home"], home: "/home/ana/My Monad's home", httpUrl: null };

describe('MCP config snippets', () => {
  it('gives each app the shape it reads, with the real command and home', () => {
    const byId = Object.fromEntries(mcpSnippets(SETUP).map((s) => [s.id, s.text]));
    expect(JSON.parse(byId['claude-desktop'])).toEqual({ mcpServers: { monad: { command: '/usr/bin/node', args: SETUP.args } } });
    expect(JSON.parse(byId.cursor)).toEqual({ mcpServers: { monad: { command: '/usr/bin/node', args: SETUP.args } } });
    expect(JSON.parse(byId.vscode)).toEqual({ servers: { monad: { type: 'stdio', command: '/usr/bin/node', args: SETUP.args } } });
    // A path with a space and a quote survives the shell as one word.
    expect(byId['claude-code']).toBe(`claude mcp add --scope user monad -- /usr/bin/node /opt/monad/bin/monad.mjs mcp --home '/home/ana/My Monad'\\''s home'`);
  });

  it('quotes only what the shell would split or interpret', () => {
    expect(shellWord('/a/b-c_d.e')).toBe('/a/b-c_d.e');
    expect(shellWord('a b')).toBe(`'a b'`);
    expect(shellWord('$(rm -rf ~)')).toBe(`'$(rm -rf ~)'`);
  });
});

describe('McpClients (db/mcp-clients.json)', () => {
  it('records a new app read-only, counts its connections, keeps the person’s choices across processes', () => {
    const dir = tempHome();
    let t = Date.parse('2026-12-01T10:00:00Z');
    const a = new McpClients(dir, () => new Date(t));
    expect(a.connected('Claude Desktop', '0.14', 'stdio')).toMatchObject({ access: 'read', revoked: false, connections: 1, agentId: null, scopes: null });
    a.update('Claude Desktop', { access: 'write', scopes: ['global', 'global'] });
    t += 60_000;
    // Another process (a second instance on the same file) sees the choice and adds its connection.
    const b = new McpClients(dir, () => new Date(t));
    expect(b.connected('Claude Desktop', '0.15', 'http')).toMatchObject({ access: 'write', scopes: ['global'], connections: 2, version: '0.15', transport: 'http', lastSeen: '2026-12-01T10:01:00.000Z', firstSeen: '2026-12-01T10:00:00.000Z' });
    expect(a.remove('Claude Desktop')).toBe(true);
    expect(b.list()).toEqual([]);
  });

  it('cleans an app’s self-chosen name to one printable line', () => {
    expect(cleanClientName('Evil\u202e\nApp\u0007  name')).toBe('Evil App name');
    expect(cleanClientName('')).toBe('unnamed app');
    expect(cleanClientName('x'.repeat(500))).toHaveLength(100);
  });

  it('refuses a broken file with words instead of silently resetting every permission', () => {
    const dir = tempHome();
    const c = new McpClients(dir, () => new Date());
    writeFileSync(join(dir, 'mcp-clients.json'), '{ not json');
    expect(() => c.list()).toThrow(/mcp-clients\.json is not valid JSON/);
    writeFileSync(join(dir, 'mcp-clients.json'), JSON.stringify({ version: 1, clients: [{ name: 'x' }] }));
    expect(() => c.get('x')).toThrow(/does not hold a list of MCP apps/);
    expect(readFileSync(join(dir, 'mcp-clients.json'), 'utf8')).toContain('"name":"x"');
  });
});

describe('MCP config snippets over HTTP (the desktop listener)', () => {
  const HTTP = { url: 'http://127.0.0.1:17877/mcp', token: 'tok_abcdefghijklmnopqrstuvwxyz012345' };

  it('gives Cursor, VS Code and Claude Code the URL with the token as a bearer header; Claude Desktop keeps monad mcp', () => {
    const byId = Object.fromEntries(mcpHttpSnippets(SETUP, HTTP).map((s) => [s.id, s.text]));
    const headers = { Authorization: `Bearer ${HTTP.token}` };
    expect(JSON.parse(byId.cursor)).toEqual({ mcpServers: { monad: { url: HTTP.url, headers } } });
    expect(JSON.parse(byId.vscode)).toEqual({ servers: { monad: { type: 'http', url: HTTP.url, headers } } });
    expect(byId['claude-code']).toBe(`claude mcp add --scope user --transport http monad ${HTTP.url} --header 'Authorization: Bearer ${HTTP.token}'`);
    expect(JSON.parse(byId['claude-desktop'])).toEqual({ mcpServers: { monad: { command: '/usr/bin/node', args: SETUP.args } } });
  });
});
