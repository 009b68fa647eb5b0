// Which process holds a local TCP port (issue 32 §2: a port is not an identity). The managed qdrant used
// to prove it was "ours" by sending its API key to whatever answered on its port: a local program that
// took the port after a crash was handed the key on every restart, and once it answered, was used as the
// vector store. Now the supervisor first asks the operating system which process listens there, and sends
// the key only when that process is the child it started. Nothing is sent to the port to find out.
//   Linux    /proc/net/tcp{,6} (the listening socket's inode) against /proc/<pid>/fd of the child
//   macOS    lsof -a -p <pid> -iTCP:<port> -sTCP:LISTEN
//   Windows  netstat -ano (the LISTENING row's owning pid)
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

export type PortOwner =
  /** The process `pid` listens on the port. */
  | { state: 'ours' }
  /** Something else does (its pid when the system says). */
  | { state: 'other'; pid: number | null }
  /** Nothing listens on it (yet). */
  | { state: 'none' }
  /** The system could not be asked; then nothing is trusted. */
  | { state: 'unknown'; reason: string };

export async function portOwner(port: number, pid: number, platform: NodeJS.Platform = process.platform): Promise<PortOwner> {
  try {
    if (platform === 'linux') return linuxOwner(port, pid);
    if (platform === 'darwin') return await darwinOwner(port, pid);
    if (platform === 'win32') return await windowsOwner(port, pid);
    return { state: 'unknown', reason: `Monad cannot tell which program holds a port on ${platform}` };
  } catch (err) {
    return { state: 'unknown', reason: (err as Error).message };
  }
}

/** Inodes of the sockets listening on `port` (any local address), from /proc/net/tcp and tcp6. */
export function listeningInodes(port: number, tables: string[] = ['/proc/net/tcp', '/proc/net/tcp6']): Set<string> {
  const inodes = new Set<string>();
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of tables) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue; // no IPv6 table on this kernel
    }
    for (const line of text.split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …; st 0A is LISTEN.
      if (f.length < 10 || f[3] !== '0A') continue;
      if (f[1].split(':')[1] === hexPort) inodes.add(f[9]);
    }
  }
  return inodes;
}

function linuxOwner(port: number, pid: number): PortOwner {
  const inodes = listeningInodes(port);
  if (inodes.size === 0) return { state: 'none' };
  let fds: string[];
  try {
    fds = readdirSync(`/proc/${pid}/fd`);
  } catch {
    // The child is gone: whatever listens is not it.
    return { state: 'other', pid: null };
  }
  for (const fd of fds) {
    let link: string;
    try {
      link = readlinkSync(`/proc/${pid}/fd/${fd}`);
    } catch {
      continue;
    }
    const m = /^socket:\[(\d+)\]$/.exec(link);
    if (m && inodes.has(m[1])) return { state: 'ours' };
  }
  return { state: 'other', pid: null };
}

function run(cmd: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(cmd, args, { timeout: 5000, windowsHide: true }, (err, stdout) => {
      // lsof exits 1 when it found nothing: that is an answer, not a failure.
      if (err && !(cmd === 'lsof' && (err as { code?: unknown }).code === 1)) reject(err);
      else resolve(stdout);
    });
  });
}

async function darwinOwner(port: number, pid: number): Promise<PortOwner> {
  const out = await run('lsof', ['-nP', `-iTCP:${port}`, '-sTCP:LISTEN', '-Fp']);
  const pids = [...out.matchAll(/^p(\d+)$/gm)].map((m) => Number(m[1]));
  if (pids.length === 0) return { state: 'none' };
  return pids.includes(pid) ? { state: 'ours' } : { state: 'other', pid: pids[0] };
}

async function windowsOwner(port: number, pid: number): Promise<PortOwner> {
  const out = await run('netstat', ['-ano', '-p', 'TCP']);
  const pids: number[] = [];
  for (const line of out.split(/\r?\n/)) {
    const f = line.trim().split(/\s+/);
    if (f.length >= 5 && f[0] === 'TCP' && f[3] === 'LISTENING' && f[1].endsWith(`:${port}`)) pids.push(Number(f[4]));
  }
  if (pids.length === 0) return { state: 'none' };
  return pids.includes(pid) ? { state: 'ours' } : { state: 'other', pid: pids[0] };
}
