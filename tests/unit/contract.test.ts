// The contract through `dispatch`, the one entry point both hosts use.
import { latestVersion } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { mkdirSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNELS, contract } from '../../src/shared/contract';
import { appChannels } from '../../src/shared/contract-app';
import { memoryChannels } from '../../src/shared/contract-memory';
import { memoryBackendChannels } from '../../src/shared/contract-memory-backend';
import { mcpChannels } from '../../src/shared/contract-mcp';
import { attachmentChannels } from '../../src/shared/contract-attachments';
import { syncDeviceChannels } from '../../src/shared/contract-sync-devices';
import { reviewChannels } from '../../src/shared/contract-review';
import { syncChannels } from '../../src/shared/contract-sync';
import { isWireError } from '../../src/shared/errors';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { projectKeyFor } from '../../src/main/conversations/session-store';
import { openEngine, tempHome } from '../helpers/temp-home';

function setup() {
  const engine = openEngine();
  const handlers = createHandlers(engine);
  const call = async (channel: string, input?: unknown) => dispatch(handlers, channel, input);
  const ok = async <T = any>(channel: string, input?: unknown): Promise<T> => {
    const r = await call(channel, input);
    if (!r.ok) throw new Error(`${channel} failed: ${r.error.code} ${r.error.message}`);
    return r.data as T;
  };
  return { engine, call, ok };
}

describe('contract', () => {
  it('has a handler for every channel and no extra ones', () => {
    const handlers = createHandlers(openEngine());
    expect(Object.keys(handlers).sort()).toEqual([...CHANNELS].sort());
    for (const name of CHANNELS) expect(contract[name].input).toBeDefined();
  });

  it('declares each channel in exactly one group (a repeated name would silently replace the other)', () => {
    const groups = [appChannels, memoryChannels, reviewChannels, memoryBackendChannels, mcpChannels, attachmentChannels, syncChannels, syncDeviceChannels];
    const declared = groups.flatMap((g) => Object.keys(g));
    expect(new Set(declared).size).toBe(declared.length);
    expect([...declared].sort()).toEqual([...CHANNELS].sort());
  });

  it('rejects bad input with a coded error and changes nothing', async () => {
    const { call, engine } = setup();
    const before = JSON.stringify(engine.config.get());
    const cases: [string, unknown][] = [
      ['agents.create', {}],
      ['agents.create', { name: 42 }],
      ['agents.create', { name: 'x', extra: true }],
      ['agents.update', { id: '../etc', patch: {} }],
      ['sessions.create', { agentId: 'default', title: 'x'.repeat(201) }],
      ['sessions.rename', { id: 's', title: '   ' }],
      ['messages.list', { sessionId: 's', limit: 1e9 }],
      ['messages.list', 'not an object'],
      ['config.update', { patch: [] }],
      ['app.status', { unexpected: 1 }],
    ];
    for (const [channel, input] of cases) {
      const r = await call(channel, input);
      expect(r.ok, `${channel} ${JSON.stringify(input)}`).toBe(false);
      if (!r.ok) {
        expect(isWireError(r.error)).toBe(true);
        expect(r.error.code).toBe('BAD_INPUT');
      }
    }
    expect(JSON.stringify(engine.config.get())).toBe(before);
    expect(engine.sessions.list()).toHaveLength(0);
  });

  it('answers an unknown channel with UNKNOWN_CHANNEL', async () => {
    const { call } = setup();
    const r = await call('constructor', {});
    expect(r).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
    const r2 = await call('__proto__', {});
    expect(r2).toMatchObject({ ok: false, error: { code: 'UNKNOWN_CHANNEL' } });
  });

  it('app.status reports versions, home, config and db health', async () => {
    const { ok, engine } = setup();
    const s = await ok('app.status', {});
    expect(s.home).toBe(engine.paths.root);
    expect(s.db).toMatchObject({ ok: true, schemaVersion: latestVersion(appMigrations) });
    expect(s.config).toMatchObject({ ok: true });
    expect(s.versions.node).toBe(process.versions.node);
    expect(s.versions.sqlite).toMatch(/^3\./);
  });

  it('creates, updates and deletes agents in config.json', async () => {
    const { ok, call, engine } = setup();
    const a = await ok('agents.create', { name: 'Research Helper' });
    expect(a.id).toBe('research-helper');
    const b = await ok('agents.create', { name: 'Research Helper' });
    expect(b.id).toBe('research-helper-2');
    const upd = await ok('agents.update', { id: a.id, patch: { name: 'Scholar', memory: { level: 3 } } });
    expect(upd).toMatchObject({ id: 'research-helper', name: 'Scholar', memory: { level: 3, autoConsolidate: false, intervalMinutes: 30 } });
    const cleared = await ok('agents.update', { id: a.id, patch: { memory: { level: null } } });
    expect(cleared.memory.level).toBeUndefined();
    await ok('sessions.create', { agentId: b.id });
    expect(await ok('agents.delete', { id: b.id })).toEqual({ deletedSessions: 1 });
    expect((await ok('agents.list')).map((x: { id: string }) => x.id)).toEqual(['default', 'research-helper']);
    const dup = await call('agents.create', { id: 'default', name: 'Again' });
    expect(dup).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    expect(engine.config.get().agent.agents).toHaveLength(2);
  });

  it('refuses to delete the last agent', async () => {
    const { call } = setup();
    expect(await call('agents.delete', { id: 'default' })).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
  });

  it('manages sessions: create, rename, list per agent, delete', async () => {
    const { ok, call } = setup();
    const s = await ok('sessions.create', { agentId: 'default' });
    expect(s).toMatchObject({ agentId: 'default', title: 'New chat', workspace: null, incognito: false, messageCount: 0 });
    const renamed = await ok('sessions.rename', { id: s.id, title: 'Trip planning' });
    expect(renamed.title).toBe('Trip planning');
    expect((await ok('sessions.list', { agentId: 'default' })).map((x: { title: string }) => x.title)).toEqual(['Trip planning']);
    expect(await call('sessions.create', { agentId: 'nobody' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    await ok('sessions.delete', { id: s.id });
    expect(await ok('sessions.list', {})).toEqual([]);
    expect(await call('sessions.delete', { id: s.id })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('keys a workspace session by the hash of its real path', async () => {
    const { ok, call } = setup();
    const dir = join(tempHome(), 'project');
    mkdirSync(dir);
    const s = await ok('sessions.create', { agentId: 'default', workspace: dir, incognito: true });
    expect(s.workspace).toBe(realpathSync(dir));
    expect(s.projectKey).toBe(projectKeyFor(realpathSync(dir)));
    expect(s.projectKey).toMatch(/^[0-9a-f]{16}$/);
    expect(s.incognito).toBe(true);
    expect(await call('sessions.create', { agentId: 'default', workspace: join(dir, 'missing') })).toMatchObject({
      ok: false,
      error: { code: 'BAD_INPUT' },
    });
  });

  it('pages messages newest-first with an opaque cursor and hides soft-deleted ones', async () => {
    const { ok, call, engine } = setup();
    const s = await ok('sessions.create', { agentId: 'default' });
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) ids.push(engine.messages.append({ sessionId: s.id, role: i % 2 ? 'assistant' : 'user', content: `m${i}` }).id);
    engine.messages.softDelete([ids[24]]);
    const p1 = await ok('messages.list', { sessionId: s.id, limit: 10 });
    expect(p1.items.map((m: { content: string }) => m.content)).toEqual(Array.from({ length: 10 }, (_, i) => `m${14 + i}`));
    const p2 = await ok('messages.list', { sessionId: s.id, limit: 10, before: p1.nextCursor });
    expect(p2.items[0].content).toBe('m4');
    const p3 = await ok('messages.list', { sessionId: s.id, limit: 10, before: p2.nextCursor });
    expect(p3.items.map((m: { content: string }) => m.content)).toEqual(['m0', 'm1', 'm2', 'm3']);
    expect(p3.nextCursor).toBeNull();
    expect(await call('messages.list', { sessionId: s.id, before: 'garbage' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect((await ok('sessions.list', {}))[0].messageCount).toBe(24);
  });

  it('config.update validates the merged result', async () => {
    const { ok, call, engine } = setup();
    const updated = await ok('config.update', { patch: { memory: { decay: { halfLifeDays: 90 } } } });
    expect(updated.memory.decay).toEqual({ halfLifeDays: 90, floor: 0 });
    const bad = await call('config.update', { patch: { memory: { decay: { floor: 7 } } } });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    expect(engine.config.get().memory.decay.floor).toBe(0);
  });
});
