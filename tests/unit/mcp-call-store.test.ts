// The mcp-calls migration and its store: how each MCP call went, "Always in this chat", both going with their chat.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { app0006McpCalls } from '../../src/main/db/migrations/app-0006-mcp-calls';
import { McpCallStore } from '../../src/main/mcp-client/call-store';
import { tempHome } from '../helpers/temp-home';

function db() {
  const d = new BetterSqlite3(join(tempHome(), 'app.sqlite'));
  d.pragma('foreign_keys = ON');
  migrate(d, appMigrations, 'app', { target: app0006McpCalls.version - 1 });
  d.prepare(`insert into sessions (id, agent_id, title, created_at, updated_at) values ('s1','default','t','t','t')`).run();
  migrate(d, appMigrations, 'app', { target: app0006McpCalls.version });
  return d;
}

const call = { callId: 'c1', sessionId: 's1', serverId: 'files', serverName: 'Files', tool: 'read_file', flagged: null, truncated: null, error: null };

describe('mcp-calls', () => {
  it('migrates from the previous version, keeping the chats', () => {
    const d = db();
    expect(schemaVersion(d)).toBe(app0006McpCalls.version);
    expect(d.prepare(`select id from sessions`).pluck().all()).toEqual(['s1']);
    d.close();
  });

  it('records a call and its later state, first time kept; refuses an unknown state', () => {
    const d = db();
    const store = new McpCallStore(d, () => new Date('2026-12-01T10:00:00Z'));
    store.put({ ...call, state: 'awaiting', approval: null });
    const later = new McpCallStore(d, () => new Date('2026-12-01T10:05:00Z'));
    later.put({ ...call, state: 'done', approval: 'once', flagged: 'Looks like an order', truncated: { kept: 10, received: 99 } });
    expect(store.list('s1')).toEqual([{ ...call, state: 'done', approval: 'once', flagged: 'Looks like an order', truncated: { kept: 10, received: 99 }, at: '2026-12-01T10:00:00.000Z' }]);
    expect(() => store.put({ ...call, callId: 'c2', state: 'exploded' as never, approval: null })).toThrow(/CHECK/);
    d.close();
  });

  it('keeps "Always in this chat" per chat, server and tool; drops it with the server and with the chat', () => {
    const d = db();
    const store = new McpCallStore(d, () => new Date());
    store.allowInChat('s1', 'files', 'read_file');
    expect(store.allowedInChat('s1', 'files', 'read_file')).toBe(true);
    expect(store.allowedInChat('s1', 'files', 'write_file')).toBe(false);
    store.forgetServer('files');
    expect(store.allowedInChat('s1', 'files', 'read_file')).toBe(false);
    store.allowInChat('s1', 'files', 'read_file');
    store.put({ ...call, state: 'done', approval: 'chat' });
    d.prepare(`delete from sessions where id = 's1'`).run();
    expect(store.allowedInChat('s1', 'files', 'read_file')).toBe(false);
    expect(store.list('s1')).toEqual([]);
    d.close();
  });
});
