// The exit-time reaper of tool servers kills only its own children. A pid is reused once its process is
// gone (32,768 of them on many Linux systems), and a server whose exit went unnoticed left its number
// tracked: at exit the reaper would SIGKILL whatever program had that number by then (a long test run
// lost its own runner this way). Checked with a real process that is not the reaper's child.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const REAPER = resolve(import.meta.dirname, '../../src/main/mcp-client/child-reaper.ts');
const strangers: number[] = [];
afterEach(() => {
  for (const pid of strangers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});

/** Running: signalable and not a zombie (an orphan killed here may wait a while for init to reap it). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

/** A process that is nobody's child here: started by a shell that exits at once. */
function stranger(): number {
  const r = spawnSync('sh', ['-c', 'sleep 60 >/dev/null 2>&1 & echo $!'], { encoding: 'utf8' });
  const pid = Number(r.stdout.trim());
  strangers.push(pid);
  return pid;
}

/** A Node process that tracks `pids` with the reaper, starts one child of its own, tracks it, and exits. */
function runTracker(pids: number[]): Promise<{ ownChild: number }> {
  const code = `
    import { spawn } from 'node:child_process';
    import { trackServerProcess } from ${JSON.stringify(REAPER)};
    const own = spawn('sleep', ['60'], { stdio: 'ignore' });
    for (const p of ${JSON.stringify(pids)}) trackServerProcess(p);
    trackServerProcess(own.pid);
    process.stdout.write(String(own.pid));
    setTimeout(() => process.exit(0), 50);
  `;
  return new Promise((done, fail) => {
    const c = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    c.stdout.on('data', (d) => (out += d));
    c.stderr.on('data', (d) => (err += d));
    c.once('exit', (status) => (status === 0 ? done({ ownChild: Number(out) }) : fail(new Error(`tracker exited ${status}: ${err}`))));
  });
}

describe('the tool-server reaper at exit', () => {
  it("kills its own child, and never a process that is not its child (a reused pid)", async () => {
    const other = stranger();
    expect(alive(other)).toBe(true);
    const { ownChild } = await runTracker([other]);
    strangers.push(ownChild);
    // Its own child is gone; the stranger with a tracked number lives on.
    await new Promise((r) => setTimeout(r, 100));
    expect(alive(ownChild)).toBe(false);
    expect(alive(other)).toBe(true);
  }, 30_000);
});
