// A child's peak memory must be its own. The kernel carries a parent's getrusage peak over into a child
// at fork, so a child of a test process that once held a lot reported the parent's peak as its own: the
// 100 MB import test measured 8.3× instead of 1.5× when it ran after a hundred other files in one process.
// own process: the parent's peak must be this file's own allocation, not whatever earlier files left.
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { peakRssBytes } from '../helpers/peak-rss';

const ROOT = resolve(import.meta.dirname, '../..');
const MB = 1024 * 1024;

describe('peakRssBytes', () => {
  it("reports a child's own peak, not the peak of the process that started it", () => {
    // The parent holds 400 MB, every page touched, while the child starts and measures itself.
    const held = Buffer.alloc(400 * MB, 1);
    expect(peakRssBytes()).toBeGreaterThan(400 * MB);
    const res = spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./tests/helpers/peak-rss.ts').then((m) => console.log(m.peakRssBytes()))"], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(res.status, res.stderr).toBe(0);
    const child = Number(res.stdout.trim());
    // A Node process with tsx loaded holds well under 200 MB; the parent's 400 MB must not show.
    expect(child).toBeGreaterThan(10 * MB);
    expect(child).toBeLessThan(200 * MB);
    expect(held[held.length - 1]).toBe(1);
  });
});
