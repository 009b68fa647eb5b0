// Start-up clean-up of what a crashed process left in a folder (temp files, locks), and the liveness
// check that keeps it from touching what a live Monad process — the desktop app, `monad serve`, a CLI
// command sharing the home — is using right now.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Removes the files in `dir` that `isLeftover` picks. Returns how many were removed. */
export function sweepFiles(dir: string, isLeftover: (name: string, path: string) => boolean): number {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  let swept = 0;
  for (const name of names) {
    const path = join(dir, name);
    if (!isLeftover(name, path)) continue;
    rmSync(path, { force: true });
    swept++;
  }
  return swept;
}

/** Whether a process with this pid exists (EPERM: it exists but belongs to someone else). */
export function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
