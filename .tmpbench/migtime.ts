import BetterSqlite3 from 'better-sqlite3';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appMigrations } from '/work/wt-S/src/main/db/migrations/app';
import { memoryMigrations } from '/work/wt-S/src/main/db/migrations/memory';
for (const [label, list] of [['app', appMigrations], ['memory', memoryMigrations]] as const) {
  for (const mode of ['each', 'one']) {
    const db = new BetterSqlite3(join(mkdtempSync(join(tmpdir(), 'mig-')), 'x.db'));
    db.pragma('journal_mode = WAL'); db.pragma('synchronous = FULL'); db.pragma('foreign_keys = ON');
    const c0 = process.cpuUsage(); const t0 = performance.now();
    const rows: string[] = [];
    const runAll = () => { for (const m of list) { const c = process.cpuUsage(); db.transaction(() => { if (typeof m.up === 'string') db.exec(m.up); else m.up(db); db.pragma(`user_version = ${m.version}`); })(); const u = process.cpuUsage(c); rows.push(`${m.version}:${((u.user + u.system) / 1000).toFixed(1)}`); } };
    if (mode === 'one') db.transaction(runAll)(); else runAll();
    const u = process.cpuUsage(c0);
    console.log(label, mode, 'cpu ms', ((u.user + u.system) / 1000).toFixed(1), 'wall', (performance.now() - t0).toFixed(1), mode === 'each' ? rows.join(' ') : '');
    db.close();
  }
}
