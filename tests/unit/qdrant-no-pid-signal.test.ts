// A qdrant that never started (a missing executable) has no pid, and a ChildProcess without one passes
// its signal to pid 0: the caller's whole process group. The supervisor once stopped such a child, so a
// missing binary sent SIGTERM to Monad itself and everything in its group (it took down a test run).
// Checked in a process of its own group, which must outlive the failed start.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/temp-home';

const ROOT = resolve(import.meta.dirname, '../..');

describe('a managed qdrant that cannot start (stand-in: a missing executable)', () => {
  it('fails with its reason and signals nobody: the process and its group live on', async () => {
    const home = tempHome();
    const code = `
      import { homePaths, ensureHome } from ${JSON.stringify(resolve(ROOT, 'src/main/home.ts'))};
      import { QdrantManager } from ${JSON.stringify(resolve(ROOT, 'src/main/memory/qdrant/manager.ts'))};
      const paths = homePaths(${JSON.stringify(home)});
      ensureHome(paths);
      let reason = '';
      // Several tries: whether the failed spawn's error arrives before the first readiness check is a race.
      for (let i = 0; i < 8; i++) {
        const m = new QdrantManager(paths, { binary: '/nonexistent/qdrant', port: 1, readyTimeoutMs: 3000, stopTimeoutMs: 500 }, () => {}, () => {});
        reason = await m.ensureRunning().then(() => 'started?', (e) => e.message);
        await m.stop();
      }
      // Time for a stray signal to land before this process says it is fine.
      await new Promise((r) => setTimeout(r, 300));
      process.stdout.write(JSON.stringify({ reason }));
    `;
    // detached: a process group of its own, so a signal to "the group" reaches only it.
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    const exit = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((r) => child.once('exit', (code, signal) => r({ code, signal })));
    expect(exit, err).toEqual({ code: 0, signal: null });
    expect(JSON.parse(out).reason).toMatch(/could not be started: .*ENOENT/);
  }, 30_000);
});
