// A restore's swap of the home's files (src/main/db/backup-home-files.ts), cut by a crash after every
// possible step: config.json, USER.md and each scope file the set brings are always there, whole, in the
// version before or the version restored; never missing. (A SIGKILL in the middle of the old swap, which
// moved every live file aside before renaming the copies in, left a home without config.json: the
// kill-operations loop caught it in CI.) The crash is a thrown error from node:fs's rename or link after
// N calls, so every cut point is visited, not a random one.
import { mkdirSync, mkdtempSync, readFileSync, existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';

const crash = vi.hoisted(() => ({ stepsLeft: Infinity }));
vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const step = (): void => {
    if (crash.stepsLeft-- <= 0) throw new Error('crash');
  };
  const renameSync: typeof fs.renameSync = (a, b) => (step(), fs.renameSync(a, b));
  const linkSync: typeof fs.linkSync = (a, b) => (step(), fs.linkSync(a, b));
  return { ...fs, default: { ...fs, renameSync, linkSync }, renameSync, linkSync };
});

const { swapHomeFiles, HOME_FILES_DIR } = await import('../../src/main/db/backup-home-files');
const { homePaths } = await import('../../src/main/home');

const roots: string[] = [];
afterAll(() => roots.forEach((r) => rmSync(r, { recursive: true, force: true })));

const BROUGHT = ['config.json', 'core/USER.md', 'memory/global.md', 'agents/default/agent.md'];
const LIVE_ONLY = 'memory/written-after-the-backup.md';

function put(root: string, rel: string, text: string): void {
  const p = join(root, ...rel.split('/'));
  mkdirSync(dirname(p), { recursive: true });
  writeFileSync(p, text);
}

function setUp(): { root: string; staging: string; aside: string } {
  const root = mkdtempSync(join(tmpdir(), 'monad-swap-'));
  roots.push(root);
  for (const rel of BROUGHT) put(root, rel, `before ${rel}`);
  put(root, LIVE_ONLY, 'after the backup');
  const staging = join(root, '.restoring-home');
  for (const rel of BROUGHT) put(staging, rel, `restored ${rel}`);
  const aside = join(root, 'backups', '.replacing-x');
  mkdirSync(aside, { recursive: true });
  return { root, staging, aside };
}

const read = (root: string, rel: string): string | null => {
  const p = join(root, ...rel.split('/'));
  return existsSync(p) ? readFileSync(p, 'utf8') : null;
};

describe('a restore swapping the home files', () => {
  it('never leaves a file it brings missing, wherever a crash cuts it', () => {
    let completed = false;
    let cuts = 0;
    for (let steps = 0; !completed; steps++) {
      const { root, staging, aside } = setUp();
      crash.stepsLeft = steps;
      try {
        swapHomeFiles(homePaths(root), staging, aside);
        completed = true;
      } catch (err) {
        if ((err as Error).message !== 'crash') throw err;
        cuts++;
      } finally {
        crash.stepsLeft = Infinity;
      }
      for (const rel of BROUGHT) expect([`before ${rel}`, `restored ${rel}`], `cut after ${steps} steps: ${rel}`).toContain(read(root, rel));
      // Whatever was replaced is kept: the version before is live or aside.
      for (const rel of BROUGHT) {
        if (read(root, rel) === `restored ${rel}`) expect(read(join(aside, HOME_FILES_DIR), rel), `cut after ${steps}: ${rel} aside`).toBe(`before ${rel}`);
      }
      const afterBackup = [read(root, LIVE_ONLY), read(join(aside, HOME_FILES_DIR), LIVE_ONLY)];
      expect(afterBackup, `cut after ${steps}: a file written after the backup is kept`).toContain('after the backup');
      if (completed) {
        for (const rel of BROUGHT) expect(read(root, rel)).toBe(`restored ${rel}`);
        expect(read(root, LIVE_ONLY)).toBeNull();
        expect(existsSync(staging)).toBe(false);
      }
    }
    expect(cuts).toBeGreaterThanOrEqual(BROUGHT.length * 2);
  });
});
