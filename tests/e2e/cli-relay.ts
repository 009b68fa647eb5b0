// The CLI and a sync relay as the e2e specs of issue 30 start them: the built `bin/monad.mjs`, a relay from
// `monad sync serve` on a loopback port (0: any free one), resolved once it prints its URL. One copy, used by
// every sync spec, instead of one per spec.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { ROOT } from './fixtures';

export function cli(args: string[]): { code: number; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, ['bin/monad.mjs', ...args], { cwd: ROOT, encoding: 'utf8', timeout: 60_000, env: { ...process.env, MEM0_TELEMETRY: 'false' } });
  return { code: r.status ?? -1, stdout: r.stdout, stderr: r.stderr };
}

export interface CliRelay {
  url: string;
  port: number;
  data: string;
  child: ChildProcess;
  /** SIGTERM, and wait for the exit: the relay stops as a person would stop it. */
  stop(): Promise<void>;
  /** SIGKILL, and wait for the exit: the relay's machine goes away mid-sync. */
  kill(): Promise<void>;
}

export async function startCliRelay(data: string, port = 0): Promise<CliRelay> {
  const child = spawn(process.execPath, ['bin/monad.mjs', 'sync', 'serve', '--data', data, '--port', String(port)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  let err = '';
  child.stderr!.setEncoding('utf8').on('data', (d: string) => (err += d));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`relay did not start: ${out} ${err}`)), 30_000);
    child.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const m = /relay listening on (ws:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`relay exited (${code}): ${out} ${err}`));
    });
  });
  return { url, port: Number(url.split(':').pop()), data, child, stop: () => ended(child, 'SIGTERM'), kill: () => ended(child, 'SIGKILL') };
}

/** Sends the signal unless the process already ended, and resolves once it has. */
export async function ended(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill(signal);
  await gone;
}
