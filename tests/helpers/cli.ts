// Runs the real `monad` CLI from source (through tsx) in a child process.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const ENTRY = resolve(ROOT, 'src/cli/index.ts');
// `npm test` builds first and sets MONAD_TEST_BUILT_CLI, so the suite runs the shipped bundle (and
// starts much faster than transpiling the sources through tsx on every spawn).
const BUILT = resolve(ROOT, 'out/cli/index.js');
const useBuilt = process.env.MONAD_TEST_BUILT_CLI === '1' && existsSync(BUILT);
const nodeArgs = (args: string[]) => (useBuilt ? [BUILT, ...args] : ['--import', 'tsx', ENTRY, ...args]);

export function runCli(args: string[], env: Record<string, string> = {}): { code: number; stdout: string; stderr: string } {
  const res = spawnSync(process.execPath, nodeArgs(args), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: res.status ?? -1, stdout: res.stdout, stderr: res.stderr };
}

export function spawnCli(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, nodeArgs(args), { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Resolves with the first stdout line matching `re`. */
export function waitForLine(child: ChildProcess, re: RegExp, timeoutMs = 30_000): Promise<RegExpExecArray> {
  return new Promise((resolvePromise, reject) => {
    let buf = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${re}; stdout=${buf} stderr=${err}`)), timeoutMs);
    child.stderr?.on('data', (d) => (err += d));
    child.stdout?.on('data', (d) => {
      buf += d;
      const m = re.exec(buf);
      if (m) {
        clearTimeout(timer);
        resolvePromise(m);
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited ${code} before ${re}; stdout=${buf} stderr=${err}`));
    });
  });
}

/**
 * Like runCli, without blocking this process: for commands that talk to a server the test itself runs
 * (the scripted model), which could not answer while a synchronous spawn holds the event loop.
 */
export function runCliAsync(args: string[], env: Record<string, string> = {}, timeoutMs = 90_000): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolvePromise, reject) => {
    const child = spawnCli(args, env);
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d) => (stdout += d));
    child.stderr?.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`monad ${args.join(' ')} did not finish within ${timeoutMs} ms; stdout=${stdout} stderr=${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolvePromise({ code: code ?? -1, stdout, stderr });
    });
  });
}

/** The command and arguments that start the real `monad` CLI (for clients that spawn it themselves). */
export function cliCommand(args: string[]): { command: string; args: string[]; cwd: string } {
  return { command: process.execPath, args: nodeArgs(args), cwd: ROOT };
}
