// Disk full, for real: the home lives on a 2 MB tmpfs mounted for this test (the tests run as root in
// CI and here; where mounting is not permitted the test is skipped and says why). Every write path
// answers DISK_FULL — SQLite's SQLITE_FULL and fs's ENOSPC are mapped in one place (db/health.ts
// `storageError`, applied by the contract's dispatch) — and nothing already saved is lost.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { Engine } from '../../src/main/engine';

const MOUNT = mkdtempSync(join(tmpdir(), 'monad-diskfull-'));
const mounted = tryMount();

function tryMount(): string | null {
  if (process.platform !== 'linux') return 'not Linux';
  if (process.getuid?.() !== 0) return 'not running as root';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', MOUNT], { stdio: 'pipe' });
    return null;
  } catch (err) {
    return `mount -t tmpfs failed: ${String((err as { stderr?: Buffer }).stderr ?? err).trim()}`;
  }
}

const engines: Engine[] = [];
afterAll(() => {
  for (const e of engines) e.close();
  if (mounted === null) {
    try {
      execFileSync('umount', [MOUNT], { stdio: 'pipe' });
    } catch {
      execFileSync('umount', ['-l', MOUNT], { stdio: 'pipe' }); // still busy after a failure: detach it
    }
  }
  rmSync(MOUNT, { recursive: true, force: true });
});

function open(home: string): Engine {
  const engine = Engine.open({ home, host: 'cli' });
  engines.push(engine);
  return engine;
}

function fill(path: string): number {
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(4096, 0x5a);
  let bytes = 0;
  try {
    for (;;) bytes += writeSync(fd, block);
  } catch (err) {
    expect((err as NodeJS.ErrnoException).code).toBe('ENOSPC');
  } finally {
    closeSync(fd);
  }
  return bytes;
}

function snapshot(home: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const rel of ['config.json', 'core/USER.md', 'memory/global.md', 'memory/agent-default.md']) {
    const p = join(home, rel);
    if (existsSync(p)) out[rel] = readFileSync(p, 'utf8');
  }
  return out;
}

function leftovers(home: string): string[] {
  const out: string[] = [];
  for (const dir of ['', 'core', 'memory', 'db']) {
    for (const name of readdirSync(join(home, dir))) if (/monad-tmp|\.lock$|\.restoring$/.test(name)) out.push(join(dir, name));
  }
  return out;
}

describe.skipIf(mounted !== null)('disk full (2 MB tmpfs)', () => {
  it('every write answers DISK_FULL, reads keep working, nothing saved is lost, and writes resume', async () => {
    const home = join(MOUNT, 'home');
    mkdirSync(home);
    let engine = open(home);
    let h = createHandlers(engine);
    const call = (ch: string, input: unknown) => dispatch(h, ch, input);

    // What is saved before the disk fills.
    const saved: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = await call('sessions.create', { agentId: 'default', title: `saved ${i}` });
      expect(r.ok).toBe(true);
      saved.push(`saved ${i}`);
    }
    const sid = engine.sessions.list()[0].id;
    for (let i = 0; i < 5; i++) engine.messages.append({ sessionId: sid, role: 'user', content: `kept message ${i}` });
    expect((await call('facts.add', { scope: 'global', text: 'User likes green tea' })).ok).toBe(true);
    expect((await call('facts.add', { scope: 'agent:default', text: 'User bikes to work' })).ok).toBe(true);
    expect((await call('config.update', { patch: { ui: { theme: 'dark' } } })).ok).toBe(true);
    expect((await call('core.write', { file: 'user', content: '# About me\nI am Rui.\n' })).ok).toBe(true);
    engine.laws.store.replaceScope('global', [{ statement: 'The user prefers tea', confidence: 0.6, support: ['fact:000000000000'] }], 'fp-1');
    const before = snapshot(home);

    const filled = fill(join(MOUNT, 'filler'));
    expect(filled).toBeGreaterThan(0);

    // SQLite reports SQLITE_FULL once the WAL must grow; the contract maps it to DISK_FULL.
    let created = 0;
    let sqliteFull: unknown = null;
    for (let i = 0; i < 2000 && sqliteFull === null; i++) {
      try {
        engine.sessions.create({ agentId: 'default', title: `extra ${i} ${'x'.repeat(180)}` });
        created++;
      } catch (err) {
        sqliteFull = err;
      }
    }
    expect(sqliteFull).toMatchObject({ code: 'SQLITE_FULL' });
    const writes: [string, unknown][] = [
      ['sessions.create', { agentId: 'default', title: 'one more' }],
      ['sessions.rename', { id: sid, title: 'renamed on a full disk' }],
      ['facts.add', { scope: 'global', text: 'User owns a red bicycle' }],
      ['facts.add', { scope: 'project:0123abcd0123abcd', text: 'A new scope file' }],
      ['facts.edit', { scope: 'global', id: engine.facts.memory.read('global').facts[0].id, text: 'User likes black tea' }],
      ['facts.forget', { scope: 'agent:default', id: engine.facts.memory.read('agent:default').facts[0].id }],
      ['config.update', { patch: { ui: { theme: 'light' } } }],
      ['agents.create', { name: 'Second agent' }],
      ['core.write', { file: 'user', content: 'overwritten on a full disk' }],
    ];
    for (const [ch, input] of writes) {
      const r = await call(ch, input);
      expect(r, ch).toMatchObject({ ok: false, error: { code: 'DISK_FULL', message: expect.stringMatching(/disk is full/i) } });
    }
    await expect(engine.backups.create('manual')).rejects.toMatchObject({ code: 'DISK_FULL' });
    expect(readdirSync(engine.backups.dir).filter((n) => n.startsWith('.partial'))).toEqual([]);

    // Reads keep working, the in-memory state did not move ahead of the disk.
    expect(await call('facts.list', { scope: 'global' })).toMatchObject({ ok: true, data: { facts: [{ text: 'User likes green tea' }] } });
    expect(await call('config.get', {})).toMatchObject({ ok: true, data: { ui: { theme: 'dark' }, agent: { agents: [{ id: 'default' }] } } });
    expect(await call('app.status', {})).toMatchObject({ ok: true });
    expect(snapshot(home)).toEqual(before);
    expect(leftovers(home)).toEqual([]);

    // Space comes back: writes work again.
    rmSync(join(MOUNT, 'filler'));
    expect(await call('facts.add', { scope: 'global', text: 'User owns a red bicycle' })).toMatchObject({ ok: true, data: { status: 'recorded' } });
    const created2 = await call('sessions.create', { agentId: 'default', title: 'after the disk was freed' });
    expect(created2, JSON.stringify(created2).slice(0, 300)).toMatchObject({ ok: true });
    engine.close();

    // Everything saved before, during (the writes that succeeded) and after is there, and sound.
    for (const f of ['app.sqlite', 'memory.sqlite']) {
      const db = new BetterSqlite3(join(home, 'db', f));
      expect(db.pragma('integrity_check'), f).toEqual([{ integrity_check: 'ok' }]);
      db.close();
    }
    engine = open(home);
    h = createHandlers(engine);
    try {
      const titles = engine.sessions.list().map((s) => s.title);
      for (const t of [...saved, 'after the disk was freed']) expect(titles).toContain(t);
      expect(titles.filter((t) => t.startsWith('extra '))).toHaveLength(created);
      expect(engine.messages.list(sid).items.map((m) => m.content)).toEqual(Array.from({ length: 5 }, (_, i) => `kept message ${i}`));
      expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['User likes green tea', 'User owns a red bicycle']);
      expect(engine.facts.memory.read('agent:default').facts.map((f) => f.text)).toEqual(['User bikes to work']);
      expect(engine.config.get().ui.theme).toBe('dark');
      expect(engine.facts.identity.view('user').content).toBe('# About me\nI am Rui.\n');
      expect(engine.laws.store.list(['global']).map((l) => l.statement)).toEqual(['The user prefers tea']);
      expect(engine.status().config.ok).toBe(true);
    } finally {
      engine.close();
    }
  });
});

// Only where the tmpfs could not be mounted: a skipped test that names the reason in the report.
if (mounted !== null) {
  describe('disk full', () => {
    it.skip(`not run: ${mounted} (run the tests as root on Linux to exercise a real full disk)`, () => {});
  });
}
