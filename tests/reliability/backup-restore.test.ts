// Backups (online backup API, daily, keep N) under a fake clock; the start-up quick_check that moves a
// damaged database aside and restores the newest backup; the staged Restore action through the contract
// and the CLI.
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { basename, join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { BACKUP_KEEP, listBackups } from '../../src/main/db/backup';
import { heldByAnotherConnection } from '../../src/main/db/health';
import { Engine } from '../../src/main/engine';
import { runCli } from '../helpers/cli';
import { openEngine, tempHome } from '../helpers/temp-home';
import { corruptPages } from '../helpers/corrupt-db';

const DAY = 24 * 60 * 60 * 1000;

function clock(start = '2026-03-01T10:00:00.000Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms), set: (iso: string) => void (t = Date.parse(iso)) };
}

function addChat(engine: Engine, title: string, texts: string[]) {
  const s = engine.sessions.create({ agentId: 'default', title });
  engine.appDb.transaction(() => {
    for (const t of texts) engine.messages.append({ sessionId: s.id, role: 'user', content: t });
  })();
  return s;
}

const titles = (engine: Engine) => engine.sessions.list().map((s) => s.title).sort();

/** A home with a chat backed up, a newer chat after the backup, and that backup's restore staged; closed. */
async function homeWithStagedRestore(): Promise<{ home: string; engine: Engine }> {
  const home = tempHome();
  const engine = Engine.open({ home, host: 'server', backgroundJobs: false });
  addChat(engine, 'backed up', []);
  const info = await engine.backups.create('manual');
  addChat(engine, 'newer', []);
  engine.backups.stageRestore(info.name);
  engine.close();
  return { home, engine };
}


describe('automatic backups', () => {
  it('take one set a day with the online backup API and keep the newest N', async () => {
    const c = clock();
    const engine = openEngine({ now: c.now, backgroundJobs: false });
    addChat(engine, 'first day', ['hello']);
    const first = await engine.backups.runDue();
    expect(first).toMatchObject({ name: '2026-03-01T10-00-00-000Z', reason: 'daily' });
    expect(first!.files.map((f) => f.file)).toEqual(['app.sqlite', 'memory.sqlite']);

    c.advance(8 * 60 * 60 * 1000);
    expect(await engine.backups.runDue()).toBeNull(); // same day: not due
    c.advance(DAY - 8 * 60 * 60 * 1000 - 1);
    expect(await engine.backups.runDue()).toBeNull(); // one ms short of a day
    c.advance(1);
    expect(await engine.backups.runDue()).not.toBeNull();

    for (let day = 2; day <= 10; day++) {
      addChat(engine, `day ${day}`, [`message of day ${day}`]);
      c.advance(DAY);
      await engine.backups.runDue();
    }
    const sets = engine.backups.list();
    expect(sets).toHaveLength(BACKUP_KEEP);
    expect(sets[0].createdAt).toBe(c.now().toISOString());
    expect(sets.map((s) => s.name)).toEqual([...sets.map((s) => s.name)].sort().reverse());
    expect(readdirSync(engine.backups.dir).filter((n) => n.startsWith('.partial'))).toEqual([]);

    // Each copy is a self-contained SQLite file (no -wal needed) holding what was committed at the time.
    const newest = join(engine.backups.dir, sets[0].name, 'app.sqlite');
    const copy = new BetterSqlite3(newest, { readonly: true });
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
    expect(copy.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
    expect((copy.prepare(`SELECT title FROM sessions ORDER BY title`).pluck().all() as string[]).length).toBe(10);
    copy.close();
    expect(existsSync(`${newest}-wal`)).toBe(false);
  });

  it('run by themselves in long-running hosts: a minute after start, then checked hourly', async () => {
    const c = clock();
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
    try {
      const engine = openEngine({ now: c.now }); // host 'server', background jobs on
      expect(engine.backups.list()).toEqual([]);
      await vi.advanceTimersByTimeAsync(60_000);
      await vi.waitFor(() => expect(engine.backups.list()).toHaveLength(1), { timeout: 10_000 });
      c.advance(60 * 60_000);
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      await new Promise((r) => setImmediate(r));
      expect(engine.backups.list()).toHaveLength(1);
      c.advance(DAY);
      await vi.advanceTimersByTimeAsync(60 * 60_000);
      await vi.waitFor(() => expect(engine.backups.list()).toHaveLength(2), { timeout: 10_000 });
      expect(engine.status().notices).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('copies online: writes during the backup neither block nor tear the copy', async () => {
    const engine = openEngine({ backgroundJobs: false });
    const s = addChat(engine, 'busy', Array.from({ length: 3000 }, (_, i) => `before ${i} ${'x'.repeat(300)}`));
    let during = 0;
    let done = false;
    const backup = engine.backups.create('manual').finally(() => (done = true));
    while (!done) {
      engine.messages.append({ sessionId: s.id, role: 'user', content: `during ${during++}` });
      await new Promise((r) => setImmediate(r));
    }
    const info = await backup;
    // The first append happens before the backup's first await; a second one proves the backup yielded
    // to the event loop while it copied (it did not block writers).
    expect(during).toBeGreaterThanOrEqual(2);
    const copy = new BetterSqlite3(join(engine.backups.dir, info.name, 'app.sqlite'), { readonly: true });
    expect(copy.pragma('quick_check')).toEqual([{ quick_check: 'ok' }]);
    const n = copy.prepare(`SELECT count(*) FROM messages`).pluck().get() as number;
    const copied = (copy.prepare(`SELECT content FROM messages WHERE content LIKE 'during %'`).pluck().all() as string[])
      .map((c) => Number(c.slice('during '.length)))
      .sort((a, b) => a - b);
    copy.close();
    expect(n).toBe(3000 + copied.length);
    // Untorn: the copy holds the writes up to one moment and none after it, i.e. exactly `during 0..k-1`.
    expect(copied).toEqual(Array.from({ length: copied.length }, (_, i) => i));
    expect(copied.length).toBeLessThanOrEqual(during);
    // And nothing written during the copy was lost from the live database.
    const live = engine.messages.list(s.id, { limit: 10_000 });
    expect(live.items.filter((m) => m.content.startsWith('during ')).length).toBe(during);
  });

  it('a backup cut short by close leaves no half set behind', async () => {
    const engine = Engine.open({ home: tempHome(), host: 'server', backgroundJobs: false });
    addChat(engine, 'x', Array.from({ length: 2000 }, (_, i) => `m${i} ${'y'.repeat(200)}`));
    const pending = engine.backups.create('manual');
    engine.close();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
    expect(listBackups(engine.backups.dir)).toEqual([]);
    expect(readdirSync(engine.backups.dir)).toEqual([]);
  });
});

describe('start-up check', () => {
  it('moves a database with damaged pages aside, restores the newest backup and tells the person', async () => {
    const home = tempHome();
    const c = clock();
    let engine = Engine.open({ home, host: 'server', now: c.now, backgroundJobs: false });
    addChat(engine, 'kept by the backup', ['one', 'two']);
    engine.facts.memory.record('global', 'User likes tea');
    await engine.backups.create('daily');
    addChat(engine, 'after the backup', ['three']);
    engine.close();
    corruptPages(engine.paths.appDb);

    c.advance(60_000);
    engine = openEngine({ home, now: c.now, backgroundJobs: false });
    const status = engine.status();
    expect(status.notices).toHaveLength(1);
    expect(status.notices[0]).toMatchObject({ level: 'warning', code: 'db-restored' });
    expect(status.notices[0].message).toMatch(/db\/app\.sqlite was damaged .*replaced with the backup from 2026-03-01T10-00-00-000Z.*kept in .*damaged-/);
    expect(status.db.ok).toBe(true);
    expect(titles(engine)).toEqual(['kept by the backup']);
    // L1 facts live in Markdown, untouched by a database restore.
    expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['User likes tea']);
    // The damaged file is kept, byte for byte, for the person or a recovery tool.
    const aside = readdirSync(engine.paths.db).filter((n) => n.startsWith('damaged-'));
    expect(aside).toHaveLength(1);
    expect(existsSync(join(engine.paths.db, aside[0], 'app.sqlite'))).toBe(true);
    // And the person sees it through the contract too.
    const r = await dispatch(createHandlers(engine), 'app.status', {});
    expect(r).toMatchObject({ ok: true, data: { notices: [{ code: 'db-restored' }] } });
    // The live database is sound again.
    expect(engine.appDb.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  });

  it('skips a damaged backup and uses the next one', async () => {
    const home = tempHome();
    const c = clock();
    let engine = Engine.open({ home, host: 'server', now: c.now, backgroundJobs: false });
    addChat(engine, 'older', []);
    const older = await engine.backups.create('daily');
    c.advance(DAY);
    addChat(engine, 'newer', []);
    const newer = await engine.backups.create('daily');
    engine.close();
    corruptPages(join(home, 'backups', newer.name, 'memory.sqlite'));
    corruptPages(engine.paths.memoryDb);
    engine = openEngine({ home, now: c.now, backgroundJobs: false });
    expect(engine.status().notices).toEqual([expect.objectContaining({ code: 'db-restored', message: expect.stringContaining(older.name) })]);
    expect(engine.memoryDb.pragma('quick_check')).toEqual([{ quick_check: 'ok' }]);
  });

  it('with no backup: keeps the damaged file, starts empty, and says so as an error', () => {
    const home = tempHome();
    let engine = Engine.open({ home, host: 'server', backgroundJobs: false });
    addChat(engine, 'lost', ['a']);
    engine.close();
    // A header that is not SQLite's at all (SQLITE_NOTADB), not just damaged pages.
    const fd = openSync(engine.paths.appDb, 'r+');
    writeSync(fd, Buffer.from('this is not a database file at all'), 0, 34, 0);
    closeSync(fd);
    engine = openEngine({ home, backgroundJobs: false });
    expect(engine.status().notices).toEqual([expect.objectContaining({ level: 'error', code: 'db-reset' })]);
    expect(engine.sessions.list()).toEqual([]);
    const aside = readdirSync(engine.paths.db).find((n) => n.startsWith('damaged-'))!;
    expect(readFileSync(join(engine.paths.db, aside, 'app.sqlite')).subarray(0, 12).toString()).toBe('this is not ');
  });

  it('never moves a database another process has open', () => {
    const engine = openEngine({ backgroundJobs: false });
    expect(heldByAnotherConnection(engine.paths.appDb)).toBe(true);
    const path = engine.paths.appDb;
    engine.close();
    expect(heldByAnotherConnection(path)).toBe(false);
  });
});

describe('restore', () => {
  it('backups.list / backups.restore: staged, applied at the next start, and itself undoable', async () => {
    const home = tempHome();
    const c = clock();
    let engine = Engine.open({ home, host: 'server', now: c.now, backgroundJobs: false });
    let call = (ch: string, input: unknown) => dispatch(createHandlers(engine), ch, input);
    addChat(engine, 'before', ['a']);
    engine.graph.store.upsertNode('agent:default', 'Lisbon', 'place');
    await engine.backups.create('manual');
    c.advance(60_000);
    addChat(engine, 'after', ['b']);

    const list = await call('backups.list', {});
    expect(list).toMatchObject({ ok: true, data: [{ name: '2026-03-01T10-00-00-000Z', reason: 'manual' }] });
    const name = (list as { data: { name: string }[] }).data[0].name;
    expect(await call('backups.restore', { name: '2020-01-01T00-00-00-000Z' })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await call('backups.restore', { name: '../../etc' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    const staged = await call('backups.restore', { name });
    expect(staged).toMatchObject({ ok: true, data: { name, restartRequired: true, message: expect.stringMatching(/next starts/) } });
    // Nothing changes under the running engine; the status says a restore is pending.
    expect(titles(engine)).toEqual(['after', 'before']);
    expect(engine.status().notices).toEqual([expect.objectContaining({ code: 'restore-pending' })]);
    engine.close();

    c.advance(60_000);
    engine = Engine.open({ home, host: 'server', now: c.now, backgroundJobs: false });
    call = (ch: string, input: unknown) => dispatch(createHandlers(engine), ch, input);
    expect(engine.status().notices).toEqual([expect.objectContaining({ level: 'info', code: 'restore-applied' })]);
    expect(titles(engine)).toEqual(['before']);
    expect(engine.graph.store.scopes()).toEqual([{ scope: 'agent:default', nodes: 1, edges: 0 }]);
    // What was replaced became a backup set of its own: restoring it undoes the restore.
    const sets = engine.backups.list();
    expect(sets.map((s) => s.reason)).toEqual(['before-restore', 'manual']);
    expect(await call('backups.restore', { name: sets[0].name })).toMatchObject({ ok: true });
    engine.close();
    engine = openEngine({ home, now: c.now, backgroundJobs: false });
    expect(titles(engine)).toEqual(['after', 'before']);
  });

  it('carries the facts, identity files and settings with the databases, and puts them back together (issue 27 §1)', async () => {
    const c = clock();
    const home = tempHome();
    let engine = Engine.open({ home, host: 'server', now: c.now, backgroundJobs: false });
    const kept = engine.facts.memory.record('global', 'Ana lives in Porto');
    expect(kept.status).toBe('recorded');
    engine.config.update((cfg) => {
      cfg.agent.agents.push({ id: 'helper', name: 'Helper', description: '', models: {}, memory: { autoConsolidate: false, intervalMinutes: 30, level: 2, remember: 'ask' } });
      return cfg;
    });
    writeFileSync(join(engine.paths.core, 'USER.md'), '# About me\nI cook on Sundays.\n', { mode: 0o600 });
    const info = await engine.backups.create('manual');
    expect(info.homeFiles).toMatchObject({ count: expect.any(Number), bytes: expect.any(Number) });
    expect(info.homeFiles!.count).toBeGreaterThanOrEqual(3); // config.json, USER.md, the global facts file
    // Keys are never copied into a backup.
    expect(existsSync(join(engine.backups.dir, info.name, 'home', 'secrets.json'))).toBe(false);

    // After the backup: the fact is forgotten, another recorded, settings and USER.md change, a new scope appears.
    c.advance(60_000);
    engine.facts.memory.forget('global', kept.fact!.id);
    engine.facts.memory.record('global', 'Rui lives in Braga');
    engine.facts.memory.record('agent:default', 'The person prefers short answers');
    engine.config.update((cfg) => {
      cfg.agent.agents.find((a) => a.id === 'helper')!.memory = { autoConsolidate: false, intervalMinutes: 30, level: 1, remember: 'auto' };
      return cfg;
    });
    writeFileSync(join(engine.paths.core, 'USER.md'), '# About me\nChanged later.\n', { mode: 0o600 });
    engine.backups.stageRestore(info.name);
    engine.close();

    c.advance(60_000);
    engine = Engine.open({ home, host: 'server', now: c.now, backgroundJobs: false });
    expect(engine.status().notices).toEqual([expect.objectContaining({ code: 'restore-applied', message: expect.stringMatching(/facts, identity files and settings/) })]);
    const texts = (scope: string) => engine.facts.memory.read(scope).facts.map((f) => f.text);
    expect(texts('global')).toEqual(['Ana lives in Porto']);
    expect(texts('agent:default')).toEqual([]);
    expect(engine.config.get().agent.agents.find((a) => a.id === 'helper')?.memory).toMatchObject({ level: 2, remember: 'ask' });
    expect(readFileSync(join(engine.paths.core, 'USER.md'), 'utf8')).toContain('I cook on Sundays.');
    // The History that came back with the databases still matches the facts that came back with the files:
    // the fact it knows as current is the one in the file.
    const current = engine.memoryDb.prepare(`SELECT text FROM fact_version WHERE scope = 'global' AND valid_to IS NULL`).pluck().all();
    expect(current).toEqual(['Ana lives in Porto']);

    // The restore is undoable: what was replaced, files included, is a set of its own.
    const before = engine.backups.list().find((b) => b.reason === 'before-restore')!;
    expect(before.homeFiles!.count).toBeGreaterThanOrEqual(4);
    engine.backups.stageRestore(before.name);
    engine.close();
    engine = Engine.open({ home, host: 'server', now: c.now, backgroundJobs: false });
    expect(texts('global')).toEqual(['Rui lives in Braga']);
    expect(texts('agent:default')).toEqual(['The person prefers short answers']);
    expect(engine.config.get().agent.agents.find((a) => a.id === 'helper')?.memory).toMatchObject({ level: 1, remember: 'auto' });
    engine.close();
  });

  it('a set made before files were carried restores the databases and leaves the files, and says so', async () => {
    const { home, engine: closed } = await homeWithStagedRestore();
    const name = closed.backups.pending()!.name;
    const setDir = join(closed.backups.dir, name);
    // What an older Monad wrote: the databases and a version-1 manifest, no home/ folder.
    rmSync(join(setDir, 'home'), { recursive: true, force: true });
    const manifest = JSON.parse(readFileSync(join(setDir, 'manifest.json'), 'utf8'));
    delete manifest.homeFiles;
    writeFileSync(join(setDir, 'manifest.json'), JSON.stringify({ ...manifest, version: 1 }));
    const engine = openEngine({ home, backgroundJobs: false });
    expect(engine.status().notices).toEqual([expect.objectContaining({ code: 'restore-applied', message: expect.stringMatching(/older Monad.*left as they were/) })]);
    expect(titles(engine)).toEqual(['backed up']);
  });

  it('waits while another process has the databases open, then applies', async () => {
    const { home, engine: closed } = await homeWithStagedRestore();

    const other = new BetterSqlite3(closed.paths.appDb); // stands in for `monad serve` on the same home
    other.prepare('SELECT count(*) FROM sessions').get();
    let engine = Engine.open({ home, host: 'server', backgroundJobs: false });
    expect(engine.status().notices).toEqual([expect.objectContaining({ level: 'warning', code: 'restore-pending' })]);
    expect(titles(engine)).toEqual(['backed up', 'newer']);
    engine.close();
    other.close();

    engine = openEngine({ home, backgroundJobs: false });
    expect(engine.status().notices).toEqual([expect.objectContaining({ code: 'restore-applied' })]);
    expect(titles(engine)).toEqual(['backed up']);
  });

  it('a crash inside the swap (live files moved aside, copies not yet in) is finished by the next start, and what was replaced is kept', async () => {
    const { home, engine: closed } = await homeWithStagedRestore();
    const { appDb, memoryDb } = closed.paths;

    // The state a SIGKILL between the two halves leaves: both databases gone from db/, a half-written copy
    // beside one of them, the previous files in a .replacing- folder, the marker still there.
    const aside = join(closed.backups.dir, '.replacing-2026-01-01T00-00-00-000Z');
    mkdirSync(aside, { mode: 0o700 });
    for (const live of [appDb, memoryDb]) {
      for (const suffix of ['', '-wal', '-shm']) if (existsSync(live + suffix)) renameSync(live + suffix, join(aside, basename(live) + suffix));
    }
    writeFileSync(`${appDb}.restoring`, 'half a copy', { mode: 0o600 });
    expect(existsSync(appDb)).toBe(false);

    const engine = openEngine({ home, backgroundJobs: false });
    expect(engine.status().notices).toEqual([expect.objectContaining({ level: 'info', code: 'restore-applied' })]);
    expect(titles(engine)).toEqual(['backed up']);
    expect(existsSync(`${appDb}.restoring`)).toBe(false);
    expect(engine.backups.pending()).toBeNull();
    engine.close();
    // The first attempt's moved-aside files are untouched: the newer chat can still be read from them.
    const kept = new BetterSqlite3(join(aside, 'app.sqlite'), { readonly: true });
    expect((kept.prepare('SELECT title FROM sessions ORDER BY title').all() as { title: string }[]).map((r) => r.title)).toEqual(['backed up', 'newer']);
    kept.close();
  });

  it('refuses a damaged backup and stages nothing', async () => {
    const engine = openEngine({ backgroundJobs: false });
    const info = await engine.backups.create('manual');
    corruptPages(join(engine.backups.dir, info.name, 'app.sqlite'));
    const r = await dispatch(createHandlers(engine), 'backups.restore', { name: info.name });
    expect(r).toMatchObject({ ok: false, error: { code: 'DB_ERROR', message: expect.stringMatching(/app\.sqlite is damaged/) } });
    expect(engine.backups.pending()).toBeNull();
  });

  it('monad backup / monad backup list / monad restore', async () => {
    const home = tempHome();
    const engine = Engine.open({ home, host: 'cli' });
    addChat(engine, 'from the cli', []);
    engine.close();
    const made = runCli(['backup', '--home', home, '--json']);
    expect(made.code, made.stderr).toBe(0);
    const name = JSON.parse(made.stdout).name as string;
    expect(listBackups(join(home, 'backups')).map((b) => b.name)).toEqual([name]);

    const later = Engine.open({ home, host: 'cli' });
    addChat(later, 'not in the backup', []);
    later.close();
    const restored = runCli(['restore', name, '--home', home]);
    expect(restored.code, restored.stderr).toBe(0);
    expect(restored.stdout).toMatch(/Restored the backup from/);
    const check = openEngine({ home, host: 'cli' });
    expect(titles(check)).toEqual(['from the cli']);
  }, 120_000);
});
