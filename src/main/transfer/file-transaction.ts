// The files an import may change, put back byte for byte when it fails. Snapshots are taken before
// anything is written (a snapshot taken after a write once left memory/index.md claiming 2 facts where
// the file held 1), and a whole folder can be snapshotted, so every file a store writes on the way —
// the scope files, the index, a hand-edit backup — is covered without listing them one by one.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../fs/atomic-write';

export class FileTransaction {
  private before = new Map<string, Buffer | null>();
  private dirs: string[] = [];

  /** Remembers one file's bytes (or that it is absent). */
  snapshot(path: string): void {
    if (this.before.has(path)) return;
    this.before.set(path, existsSync(path) ? readFileSync(path) : null);
  }

  /** Remembers every file under `dir`; on restore, files created there since are removed. */
  snapshotDir(dir: string): void {
    this.dirs.push(dir);
    for (const path of listFiles(dir)) this.snapshot(path);
  }

  touched(path: string): boolean {
    return this.before.has(path);
  }

  restore(): void {
    for (const dir of this.dirs) {
      for (const path of listFiles(dir)) if (!this.before.has(path)) rmSync(path, { force: true });
    }
    for (const [path, content] of this.before) {
      if (content === null) {
        rmSync(path, { force: true });
        continue;
      }
      // Rewritten only when it changed: an untouched file keeps its mtime (watchers stay quiet).
      const now = existsSync(path) ? readFileSync(path) : null;
      if (now === null || !now.equals(content)) writeFileAtomic(path, content, { mode: modeOf(path) });
    }
  }
}

/** fs/file-lock.ts locks and fs/atomic-write.ts temp files: live while another writer works. */
const TRANSIENT = /\.lock$|\.monad-tmp-/;

/** Regular files under `dir`, recursively, leaving out lock and temp files (another process's, live). */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of names) {
    if (TRANSIENT.test(name)) continue;
    const path = join(dir, name);
    let st;
    try {
      st = statSync(path);
    } catch {
      continue;
    }
    if (st.isDirectory()) out.push(...listFiles(path));
    else if (st.isFile()) out.push(path);
  }
  return out;
}

function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}
