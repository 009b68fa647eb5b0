// The most memory this process has held at once, for tests that measure a child process's peak.
// On Linux this is the kernel's high-water mark for the running program (VmHWM in /proc/self/status),
// which starts afresh at exec. getrusage's maxRSS does not: the kernel carries the parent's peak over
// into the child at fork, so a child started by a test runner that had grown to 1 GB (one process running
// a hundred test files) reported 1 GB as its own peak. Elsewhere, maxRSS is the best there is.
import { readFileSync } from 'node:fs';

export function peakRssBytes(): number {
  if (process.platform === 'linux') {
    const m = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (m) return Number(m[1]) * 1024;
  }
  // resourceUsage().maxRSS is in kilobytes.
  return process.resourceUsage().maxRSS * 1024;
}
