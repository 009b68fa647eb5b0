// Owner-only modes at creation (fs/private-mode.ts, fs/atomic-write.ts, db/health.ts): a file must have
// its final mode before it is renamed into place, or there is a moment in which others can read it.
// node:fs is wrapped so every rename records the mode its source has at that moment.
import { chmodSync, lstatSync, mkdirSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { tempHome } from '../helpers/temp-home';

const renames = vi.hoisted(() => [] as { from: string; to: string; mode: number }[]);

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const renameSync: typeof fs.renameSync = (from, to) => {
    renames.push({ from: String(from), to: String(to), mode: fs.statSync(from).mode & 0o777 });
    return fs.renameSync(from, to);
  };
  return { ...fs, default: { ...fs, renameSync }, renameSync };
});

const { writeFileAtomic } = await import('../../src/main/fs/atomic-write');
const { copyDurably } = await import('../../src/main/db/health');
const { ensurePrivateFile, mkdirPrivate, tightenTree } = await import('../../src/main/fs/private-mode');

const posix = process.platform !== 'win32';
const mode = (p: string) => lstatSync(p).mode & 0o777;

beforeEach(() => {
  renames.length = 0;
});

describe.skipIf(!posix)('owner-only from the first byte', () => {
  it('an atomic write renames a temp file that is already 0600 (and keeps an explicit mode)', () => {
    const dir = tempHome();
    writeFileAtomic(join(dir, 'config.json'), '{}');
    writeFileAtomic(join(dir, 'export.json'), '{}', { mode: 0o644 & ~process.umask() });
    expect(renames.map((r) => [r.to, r.mode])).toEqual([
      [join(dir, 'config.json'), 0o600],
      [join(dir, 'export.json'), 0o644 & ~process.umask()],
    ]);
    expect(mode(join(dir, 'config.json'))).toBe(0o600);
  });

  it('an atomic write over an existing 0644 file leaves it 0600', () => {
    const dir = tempHome();
    writeFileSync(join(dir, 'index.md'), 'old');
    chmodSync(join(dir, 'index.md'), 0o644);
    writeFileAtomic(join(dir, 'index.md'), 'new');
    expect(renames[0].mode).toBe(0o600);
    expect(mode(join(dir, 'index.md'))).toBe(0o600);
  });

  it('a database copied from a 0644 backup is 0600 before it is renamed into place', () => {
    const dir = tempHome();
    writeFileSync(join(dir, 'backup.sqlite'), 'bytes');
    chmodSync(join(dir, 'backup.sqlite'), 0o644);
    copyDurably(join(dir, 'backup.sqlite'), join(dir, 'app.sqlite'));
    expect(renames.map((r) => [r.to, r.mode])).toEqual([[join(dir, 'app.sqlite'), 0o600]]);
  });

  it('folders are created 0700 (parents too) and placeholder files 0600; an existing file is left as it is', () => {
    const dir = tempHome();
    mkdirPrivate(join(dir, 'a', 'b'));
    expect([mode(join(dir, 'a')), mode(join(dir, 'a', 'b'))]).toEqual([0o700, 0o700]);
    ensurePrivateFile(join(dir, 'a', 'db.sqlite'));
    expect(mode(join(dir, 'a', 'db.sqlite'))).toBe(0o600);
    writeFileSync(join(dir, 'kept'), 'data');
    chmodSync(join(dir, 'kept'), 0o640);
    ensurePrivateFile(join(dir, 'kept'));
    expect(mode(join(dir, 'kept'))).toBe(0o640);
    expect(statSync(join(dir, 'kept')).size).toBe(4);
  });

  it('tightenTree only removes group/other bits, never follows links, and reports what changed', () => {
    const root = tempHome();
    const outside = join(tempHome(), 'target.txt');
    writeFileSync(outside, 'x');
    chmodSync(outside, 0o666);
    mkdirSync(join(root, 'bin'), { mode: 0o755 });
    chmodSync(join(root, 'bin'), 0o755);
    writeFileSync(join(root, 'bin', 'tool'), '#!/bin/sh');
    chmodSync(join(root, 'bin', 'tool'), 0o755);
    writeFileSync(join(root, 'readonly.md'), 'r');
    chmodSync(join(root, 'readonly.md'), 0o444);
    writeFileSync(join(root, 'fine.md'), 'f');
    chmodSync(join(root, 'fine.md'), 0o600);
    symlinkSync(outside, join(root, 'link'));
    chmodSync(root, 0o750);

    const report = tightenTree(root);
    expect(report.changed.sort()).toEqual(['.', 'bin', 'bin/tool', 'readonly.md']);
    expect(mode(root)).toBe(0o700);
    expect(mode(join(root, 'bin', 'tool'))).toBe(0o700); // still runs, for its owner only
    expect(mode(join(root, 'readonly.md'))).toBe(0o400); // never made writable
    expect(mode(outside)).toBe(0o666);
    expect(tightenTree(root).changed).toEqual([]);
  });
});
