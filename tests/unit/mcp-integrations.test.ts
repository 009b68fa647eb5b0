// The pieces of Settings → Integrations that need no server: the config snippets each app expects, and
// the file of connected apps shared by every Monad process.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashAppKey, isAppKeyShape, matchKey, newAppKey } from '../../src/main/mcp/mcp-app-keys';
import { cleanClientName, McpClients } from '../../src/main/mcp/mcp-clients';
import { mcpHttpSnippets, mcpSnippets, shellWord } from '../../src/renderer/src/features/integrations/snippets';
import { tempHome } from '../helpers/temp-home';

const SETUP = { command: '/usr/bin/node', args: ['/opt/monad/bin/monad.mjs', 'mcp', '--home', "/home/ana/My Monad's home"], home: "/home/ana/My Monad's home", httpUrl: null };

const KEY = 'monad_app_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

describe('MCP config snippets', () => {
  it('gives each app the shape it reads, with the real command and home, and the app’s own key in MONAD_MCP_KEY (never in the arguments)', () => {
    const byId = Object.fromEntries(mcpSnippets(SETUP, KEY).map((s) => [s.id, s.text]));
    const env = { MONAD_MCP_KEY: KEY };
    expect(JSON.parse(byId['claude-desktop'])).toEqual({ mcpServers: { monad: { command: '/usr/bin/node', args: SETUP.args, env } } });
    expect(JSON.parse(byId.cursor)).toEqual({ mcpServers: { monad: { command: '/usr/bin/node', args: SETUP.args, env } } });
    expect(JSON.parse(byId.vscode)).toEqual({ servers: { monad: { type: 'stdio', command: '/usr/bin/node', args: SETUP.args, env } } });
    // A path with a space and a quote survives the shell as one word.
    expect(byId['claude-code']).toBe(`claude mcp add --scope user --env MONAD_MCP_KEY=${KEY} monad -- /usr/bin/node /opt/monad/bin/monad.mjs mcp --home '/home/ana/My Monad'\\''s home'`);
    for (const s of mcpSnippets(SETUP, KEY)) expect(s.text).toContain(KEY);
  });

  it('quotes only what the shell would split or interpret', () => {
    expect(shellWord('/a/b-c_d.e')).toBe('/a/b-c_d.e');
    expect(shellWord('a b')).toBe(`'a b'`);
    expect(shellWord('$(rm -rf ~)')).toBe(`'$(rm -rf ~)'`);
  });
});

describe('McpClients (db/mcp-clients.json)', () => {
  it('gives each added app its own recognisable key, keeps only its hash, and finds the app by key alone', () => {
    const dir = tempHome();
    const c = new McpClients(dir, () => new Date('2026-12-01T10:00:00Z'));
    const desk = c.add({ label: 'Claude Desktop', access: 'write' });
    const cursor = c.add({ label: 'Cursor' });
    expect(desk.key).toMatch(/^monad_app_[A-Za-z0-9_-]{43}$/);
    expect(desk.key).not.toBe(cursor.key);
    expect(desk.app).toMatchObject({ label: 'Claude Desktop', access: 'write', keyHint: `…${desk.key.slice(-4)}`, revoked: false, connections: 0 });
    const onDisk = readFileSync(join(dir, 'mcp-clients.json'), 'utf8');
    expect(onDisk).not.toContain(desk.key);
    expect(onDisk).toContain(hashAppKey(desk.key));
    expect(JSON.parse(onDisk).version).toBe(2);
    // Another process on the same file finds each app by its key; a near miss or a name finds nothing.
    const other = new McpClients(dir, () => new Date());
    expect(other.byKey(desk.key)?.id).toBe(desk.app.id);
    expect(other.byKey(cursor.key)?.label).toBe('Cursor');
    expect(other.byKey(`${desk.key.slice(0, -1)}${desk.key.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(other.byKey('Claude Desktop')).toBeNull();
    // Labels are what History shows: two apps may not share one.
    expect(() => c.add({ label: 'claude desktop' })).toThrow(/already called/);
  });

  it('records what a keyed app calls itself on its own record; a keyless app is listed as pending, never merged into a keyed one', () => {
    const dir = tempHome();
    const c = new McpClients(dir, () => new Date('2026-12-01T10:00:00Z'));
    const { app, key } = c.add({ label: 'My editor', access: 'write' });
    c.connected({ kind: 'app', key }, 'Cursor', '1.6', 'http');
    c.connected({ kind: 'keyless' }, 'My editor', '0.1', 'stdio');
    c.connected({ kind: 'keyless' }, 'My editor', '0.1', 'stdio');
    const list = c.list();
    expect(list.apps).toEqual([expect.objectContaining({ id: app.id, label: 'My editor', calledItself: 'Cursor', transport: 'http', connections: 1, access: 'write' })]);
    expect(list.pending).toEqual([expect.objectContaining({ calledItself: 'My editor', transport: 'stdio', connections: 2 })]);
    // Approving mints a key for a new app; the pending entry goes.
    const approved = c.approve(list.pending[0].id, { label: 'Notebook', access: 'inbox' });
    expect(approved.key).toMatch(/^monad_app_/);
    expect(c.byKey(approved.key)).toMatchObject({ label: 'Notebook', calledItself: 'My editor', access: 'inbox' });
    expect(c.list().pending).toEqual([]);
    c.connected({ kind: 'keyless' }, 'Spam', null, 'http');
    expect(c.dismiss(c.list().pending[0].id)).toBe(true);
    expect(c.list().pending).toEqual([]);
  });

  it('a new key replaces the old one at once; revoke and remove are reported to listeners in this process', () => {
    const c = new McpClients(tempHome(), () => new Date());
    const { app, key } = c.add({ label: 'Cursor' });
    const changed: string[] = [];
    c.onCredentialChange((id) => changed.push(id));
    const fresh = c.regenerate(app.id);
    expect(c.byKey(key)).toBeNull();
    expect(c.byKey(fresh.key)?.id).toBe(app.id);
    c.update(app.id, { revoked: true });
    expect(c.byKey(fresh.key)?.revoked).toBe(true);
    expect(c.remove(app.id)).toBe(true);
    expect(c.byKey(fresh.key)).toBeNull();
    expect(changed).toEqual([app.id, app.id, app.id]);
  });

  it('lets apps without a key read by default; the person can refuse them, which listeners hear as "keyless"', () => {
    const dir = tempHome();
    const c = new McpClients(dir, () => new Date());
    expect(c.list().keyless).toBe('read');
    const heard: string[] = [];
    c.onCredentialChange((id) => heard.push(id));
    c.setKeylessPolicy('refuse');
    expect(new McpClients(dir, () => new Date()).keylessPolicy()).toBe('refuse');
    expect(heard).toEqual(['keyless']);
    // A version-2 file written before the setting existed reads as the default.
    writeFileSync(join(dir, 'mcp-clients.json'), JSON.stringify({ version: 2, apps: [], pending: [] }));
    expect(c.keylessPolicy()).toBe('read');
  });

  it('migrates a version-1 file without giving anyone its permissions: old entries keep the choices but have no key', () => {
    const dir = tempHome();
    const v1 = {
      version: 1,
      clients: [
        { name: 'Claude Code', version: '1', firstSeen: '2026-11-01T00:00:00.000Z', lastSeen: '2026-11-02T00:00:00.000Z', transport: 'stdio', connections: 3, agentId: null, scopes: null, access: 'write', revoked: false },
        { name: 'Evil', version: null, firstSeen: '2026-11-01T00:00:00.000Z', lastSeen: '2026-11-01T00:00:00.000Z', transport: 'http', connections: 1, agentId: null, scopes: null, access: 'read', revoked: true },
      ],
    };
    writeFileSync(join(dir, 'mcp-clients.json'), JSON.stringify(v1));
    const c = new McpClients(dir, () => new Date());
    const { apps, pending } = c.list();
    expect(pending).toEqual([]);
    expect(apps.map((a) => [a.label, a.access, a.revoked, a.keyHint])).toEqual(
      expect.arrayContaining([
        ['Claude Code', 'write', false, null],
        ['Evil', 'read', true, null],
      ]),
    );
    // Written back as version 2 once, so every process sees the same ids.
    const disk = JSON.parse(readFileSync(join(dir, 'mcp-clients.json'), 'utf8'));
    expect(disk.version).toBe(2);
    expect(new McpClients(dir, () => new Date()).list().apps.map((a) => a.id).sort()).toEqual(apps.map((a) => a.id).sort());
    // No key matches a migrated entry; one that calls itself "Claude Code" without a key is only pending.
    for (const a of disk.apps) expect(a.keyHash).toBeNull();
    c.connected({ kind: 'keyless' }, 'Claude Code', '1', 'stdio');
    expect(c.list().pending.map((p) => p.calledItself)).toEqual(['Claude Code']);
    expect(c.list().apps.find((a) => a.label === 'Claude Code')).toMatchObject({ connections: 3, calledItself: 'Claude Code' });
    // Issuing a key (regenerate) is how the person hands the kept choices to the app they meant.
    const cc = apps.find((a) => a.label === 'Claude Code')!;
    const issued = c.regenerate(cc.id);
    expect(c.byKey(issued.key)).toMatchObject({ id: cc.id, access: 'write' });
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

describe('app keys', () => {
  it('are 256 random bits behind a recognisable prefix, matched only whole', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newAppKey()));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(isAppKeyShape(k)).toBe(true);
    const k = newAppKey();
    const hashes = [null, hashAppKey(newAppKey()), hashAppKey(k)];
    expect(matchKey(k, hashes)).toBe(2);
    expect(matchKey(k.toUpperCase(), hashes)).toBe(-1);
    expect(matchKey(`${k}x`, hashes)).toBe(-1);
    expect(isAppKeyShape('monad_app_short')).toBe(false);
  });
});

describe('MCP config snippets over HTTP (the desktop listener)', () => {
  const HTTP = { url: 'http://127.0.0.1:17877/mcp', key: KEY };

  it('gives Cursor, VS Code and Claude Code the URL with the app’s key as a bearer header; Claude Desktop keeps monad mcp with the key', () => {
    const byId = Object.fromEntries(mcpHttpSnippets(SETUP, HTTP).map((s) => [s.id, s.text]));
    const headers = { Authorization: `Bearer ${KEY}` };
    expect(JSON.parse(byId.cursor)).toEqual({ mcpServers: { monad: { url: HTTP.url, headers } } });
    expect(JSON.parse(byId.vscode)).toEqual({ servers: { monad: { type: 'http', url: HTTP.url, headers } } });
    expect(byId['claude-code']).toBe(`claude mcp add --scope user --transport http monad ${HTTP.url} --header 'Authorization: Bearer ${KEY}'`);
    expect(JSON.parse(byId['claude-desktop'])).toEqual({ mcpServers: { monad: { command: '/usr/bin/node', args: SETUP.args, env: { MONAD_MCP_KEY: KEY } } } });
  });
});
