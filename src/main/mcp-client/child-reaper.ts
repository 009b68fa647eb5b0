// Last resort for stdio tool servers at exit. The SDK's transport stops a server politely: it closes
// its stdin, waits 2 s, then SIGTERM, 2 s more, then SIGKILL — on timers that do not keep Node alive.
// A Monad that exits inside those seconds (quit while a server was starting or busy) would leave behind
// a server that ignores the closed stdin, running forever. Every live server's pid is kept here, and
// killed synchronously when the process exits.
const live = new Set<number>();
let hooked = false;

export function trackServerProcess(pid: number | null | undefined): void {
  if (!pid) return;
  live.add(pid);
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const p of live) {
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

export function untrackServerProcess(pid: number | null | undefined): void {
  if (pid) live.delete(pid);
}

/** Pids still tracked (tests). */
export function trackedServerProcesses(): number[] {
  return [...live];
}
