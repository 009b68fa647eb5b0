// The pidfile of the managed qdrant, and orphan cleanup: a qdrant left running by a crashed app is
// killed on the next start, but only after its real command line proves it is ours (a reused pid that
// now belongs to something else is never signalled).
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { writeFileAtomic } from '../../fs/atomic-write';
import { isAlive } from '../../fs/sweep';

export interface PidRecord {
  pid: number;
  binary: string;
  configPath: string;
  port: number;
  startedAt: string;
}

export function writePidfile(path: string, rec: PidRecord): void {
  writeFileAtomic(path, `${JSON.stringify(rec)}\n`, { mode: 0o600, durable: false });
}

export function readPidfile(path: string): PidRecord | null {
  try {
    const rec = JSON.parse(readFileSync(path, 'utf8')) as PidRecord;
    return Number.isInteger(rec.pid) && rec.pid > 0 && typeof rec.binary === 'string' && typeof rec.configPath === 'string' ? rec : null;
  } catch {
    return null;
  }
}

export function removePidfile(path: string): void {
  rmSync(path, { force: true });
}

// Liveness is the same question the start-up sweeps ask; one answer for both.
export { isAlive };

/** The process's argv as the OS reports it, or null when it cannot be read on this platform. */
export function commandLine(pid: number): string[] | null {
  if (process.platform === 'linux') {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    } catch {
      return null;
    }
  }
  if (process.platform === 'darwin' || process.platform === 'freebsd' || process.platform === 'openbsd') {
    try {
      const out = execFileSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8', timeout: 2000 }).trim();
      return out ? out.split(/\s+/) : null;
    } catch {
      return null;
    }
  }
  return null;
}

/** Ours = the recorded binary and our config file both appear in its command line. */
export function isOurs(pid: number, rec: Pick<PidRecord, 'binary' | 'configPath'>): boolean {
  const argv = commandLine(pid);
  if (!argv) return false;
  return argv.includes(rec.binary) && argv.includes(rec.configPath);
}

export type OrphanOutcome = 'none' | 'stale' | 'not-ours' | 'killed' | 'unkillable';

/**
 * Kills the qdrant a previous run left behind (SIGTERM, then SIGKILL after `graceMs`), when the pidfile
 * names a live process whose command line is ours. The pidfile is removed in every case but 'unkillable'.
 */
export async function cleanupOrphan(pidFile: string, graceMs = 3000): Promise<{ outcome: OrphanOutcome; pid: number | null }> {
  const rec = readPidfile(pidFile);
  if (!rec) {
    removePidfile(pidFile);
    return { outcome: 'none', pid: null };
  }
  if (rec.pid === process.pid || !isAlive(rec.pid)) {
    removePidfile(pidFile);
    return { outcome: 'stale', pid: rec.pid };
  }
  if (!isOurs(rec.pid, rec)) {
    removePidfile(pidFile);
    return { outcome: 'not-ours', pid: rec.pid };
  }
  signal(rec.pid, 'SIGTERM');
  if (!(await exited(rec.pid, graceMs))) {
    signal(rec.pid, 'SIGKILL');
    if (!(await exited(rec.pid, 2000))) return { outcome: 'unkillable', pid: rec.pid };
  }
  removePidfile(pidFile);
  return { outcome: 'killed', pid: rec.pid };
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    // Already gone.
  }
}

async function exited(pid: number, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (!isAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !isAlive(pid);
}
