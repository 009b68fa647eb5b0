// Last resort for stdio tool servers at exit. The SDK's transport stops a server politely: it closes
// its stdin, waits 2 s, then SIGTERM, 2 s more, then SIGKILL — on timers that do not keep Node alive.
// A Monad that exits inside those seconds (quit while a server was starting or busy) would leave behind
// a server that ignores the closed stdin, running forever. Every live server's pid is kept here, and
// killed synchronously when the process exits.
import { readFileSync } from 'node:fs';

const live = new Set<number>();
let hooked = false;

export function trackServerProcess(pid: number | null | undefined): void {
  if (!pid) return;
  live.add(pid);
  if (hooked) return;
  hooked = true;
  process.once('exit', () => {
    for (const p of live) {
      // A pid is reused once its process is gone (32,768 of them on many Linux systems): only a process
      // that is still this one's child is killed, never whatever program has the number now.
      if (!isOurChild(p)) continue;
      try {
        process.kill(p, 'SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** On Linux, whether `pid`'s parent is this process (/proc/<pid>/stat); elsewhere assumed so. */
function isOurChild(pid: number): boolean {
  if (process.platform !== 'linux') return true;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid === process.pid;
  } catch {
    return false;
  }
}

export function untrackServerProcess(pid: number | null | undefined): void {
  if (pid) live.delete(pid);
}

/** Pids still tracked (tests). */
export function trackedServerProcesses(): number[] {
  return [...live];
}
