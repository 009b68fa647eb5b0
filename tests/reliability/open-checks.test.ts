// The start-up check is full only when there is a reason to doubt a database (db/open-checks.ts): a home
// that was closed cleanly and fully checked within the day gets the light check on its next open, while a
// home whose last Monad process was SIGKILLed gets the full quick_check, and a database damaged meanwhile
// is still moved aside and restored from the newest backup.
import { closeSync, existsSync, openSync, readdirSync, statSync, truncateSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { lightCheck } from '../../src/main/db/health';
import { Engine } from '../../src/main/engine';
import { spawnCli, waitForLine } from '../helpers/cli';
import { tempHome } from '../helpers/temp-home';
import { corruptPages } from '../helpers/corrupt-db';

const HOUR = 60 * 60 * 1000;

function clock(start = '2026-03-01T10:00:00.000Z') {
  let t = Date.parse(start);
  return { now: () => new Date(t), advance: (ms: number) => void (t += ms) };
}

const open = (home: string, now?: () => Date) => Engine.open({ home, host: 'cli', now });
const depths = (e: Engine) => Object.fromEntries(e.openChecks.map((c) => [c.file, c.depth]));
const reasons = (e: Engine) => [...new Set(e.openChecks.map((c) => c.reason))];
const titles = (e: Engine) => e.sessions.list().map((s) => s.title).sort();
const markers = (home: string) => readdirSync(join(home, 'db', 'running'));

function addChat(engine: Engine, title: string, texts: string[]): void {
  const s = engine.sessions.create({ agentId: 'default', title });
  for (const content of texts) engine.messages.append({ sessionId: s.id, role: 'user', content });
}


describe('start-up check depth', () => {
  it('a cleanly closed home is not fully checked again on its next open', () => {
    const home = tempHome();
    const c = clock();
    let engine = open(home, c.now);
    // A new home: both files are checked fully (instant while they are empty) and that is recorded.
    expect(depths(engine)).toEqual({ 'app.sqlite': 'full', 'memory.sqlite': 'full' });
    addChat(engine, 'kept', ['one', 'two', 'three']);
    engine.close();
    expect(markers(home)).toEqual([]);

    for (let i = 0; i < 3; i++) {
      c.advance(HOUR);
      engine = open(home, c.now);
      expect(depths(engine)).toEqual({ 'app.sqlite': 'light', 'memory.sqlite': 'light' });
      expect(reasons(engine)).toEqual(['closed cleanly and fully checked within the day']);
      expect(engine.openChecks.every((r) => r.ok)).toBe(true);
      expect(engine.status().notices).toEqual([]);
      expect(titles(engine)).toEqual(['kept', ...Array.from({ length: i }, (_, j) => `later ${j}`)]);
      // While it runs, its marker says so; another process sharing the home sees it as alive.
      expect(markers(home)).toHaveLength(1);
      addChat(engine, `later ${i}`, ['x']);
      engine.close();
    }
    expect(markers(home)).toEqual([]);
  });

  it('after an unclean exit the next open checks fully, and a damaged database is still recovered', async () => {
    const home = tempHome();
    let engine = open(home);
    addChat(engine, 'in the backup', ['one', 'two']);
    await engine.backups.create('manual');
    engine.close();

    // A real Monad process on this home, killed without any chance to shut down.
    const child = spawnCli(['serve', '--home', home, '--port', '0'], { MONAD_HOME: home });
    await waitForLine(child, /Monad listening on/);
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    expect(markers(home)).toHaveLength(1);

    // Its stale marker alone is a reason for the full check, damage or not. (The probe folds the WAL the
    // kill left into the file first, so the damage below is not papered over by a WAL replay.)
    const probe = new BetterSqlite3(join(home, 'db', 'app.sqlite'));
    probe.close();
    corruptPages(join(home, 'db', 'app.sqlite'));
    engine = open(home);
    try {
      expect(depths(engine)).toEqual({ 'app.sqlite': 'full', 'memory.sqlite': 'full' });
      expect(reasons(engine)).toEqual(['the previous run did not shut down cleanly']);
      expect(engine.status().notices).toEqual([expect.objectContaining({ level: 'warning', code: 'db-restored' })]);
      expect(titles(engine)).toEqual(['in the backup']);
      expect(engine.appDb.pragma('quick_check')).toEqual([{ quick_check: 'ok' }]);
      expect(readdirSync(join(home, 'db')).some((n) => n.startsWith('damaged-'))).toBe(true);
      // The dead process's marker is gone once its databases were checked; only ours is left.
      expect(markers(home)).toHaveLength(1);
    } finally {
      engine.close();
    }
    // Having been checked and closed cleanly, the recovered home is back to the light check.
    engine = open(home);
    expect(depths(engine)).toEqual({ 'app.sqlite': 'light', 'memory.sqlite': 'light' });
    engine.close();
  }, 60_000);

  it('checks fully when the file changed after Monad closed it, or the last full check is a day old', async () => {
    const home = tempHome();
    const c = clock();
    let engine = open(home, c.now);
    addChat(engine, 'kept', ['one']);
    engine.close();

    // Something other than Monad wrote the file (a sync tool, a restore by hand): full check.
    const db = new BetterSqlite3(join(home, 'db', 'memory.sqlite'));
    db.exec('CREATE TABLE IF NOT EXISTS written_by_someone_else (x)');
    db.close();
    engine = open(home, c.now);
    expect(depths(engine)).toEqual({ 'app.sqlite': 'light', 'memory.sqlite': 'full' });
    expect(engine.openChecks.find((r) => r.file === 'memory.sqlite')!.reason).toBe('the file changed since Monad last closed it');
    engine.close();

    // A day without a full check: damage at rest changes no stamp, so the daily full check runs.
    c.advance(25 * HOUR);
    engine = open(home, c.now);
    expect(depths(engine)).toEqual({ 'app.sqlite': 'full', 'memory.sqlite': 'full' });
    expect(reasons(engine)).toEqual(['the last full check is more than a day old']);
    // The backup's full check of its page-for-page copy counts as one for the live files.
    c.advance(20 * HOUR);
    await engine.backups.create('daily');
    engine.close();
    c.advance(20 * HOUR);
    engine = open(home, c.now);
    expect(depths(engine)).toEqual({ 'app.sqlite': 'light', 'memory.sqlite': 'light' });
    expect(titles(engine)).toEqual(['kept']);
    engine.close();
  });

  it('the light check sends a truncated or foreign file to the full check', () => {
    const home = tempHome();
    const engine = open(home);
    addChat(engine, 'kept', Array.from({ length: 200 }, (_, i) => `message ${i} ${'x'.repeat(200)}`));
    engine.close();
    const path = join(home, 'db', 'app.sqlite');
    const check = (p: string) => {
      const db = new BetterSqlite3(p);
      try {
        return lightCheck(p, db);
      } finally {
        db.close();
      }
    };
    expect(check(path)).toEqual({ ok: true });
    truncateSync(path, statSync(path).size - 4096);
    expect(check(path)).toEqual({ ok: false, problem: expect.stringMatching(/the header says \d+ pages, the file has \d+/) });
    truncateSync(path, statSync(path).size - 100);
    expect(check(path)).toEqual({ ok: false, problem: expect.stringMatching(/not a whole number of 4096-byte pages/) });
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.from('not a database'), 0, 14, 0);
    closeSync(fd);
    expect(check(path)).toEqual({ ok: false, problem: 'not an SQLite header' });
    expect(existsSync(path)).toBe(true);
  });
});
