// Lines an import must hold until the end of the file, kept on disk rather than in memory: a History of
// 50,000 entries is tens of MB, and held in memory (or in SQLite's temporary store, which is memory
// here) it tripled the import's peak. A private file in the system's temporary directory, read back
// a block at a time, removed when the import ends however it ends.
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { StringDecoder } from 'node:string_decoder';
import { READ_CHUNK_BYTES } from './limits';

export class SpillFile {
  private readonly dir: string;
  private readonly path: string;
  private fd: number | null;
  count = 0;

  constructor(prefix: string) {
    this.dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
    this.path = join(this.dir, 'spill.jsonl');
    // Only this user may read it: it holds texts from the person's memory.
    this.fd = openSync(this.path, 'w+', 0o600);
  }

  /** One line (must not contain a line break: JSON.stringify output never does). */
  append(line: string): void {
    if (this.fd === null) throw new Error('spill file already closed');
    writeSync(this.fd, `${line}\n`);
    this.count++;
  }

  /** The lines in the order they were appended. */
  *lines(): Generator<string> {
    if (this.fd === null) return;
    const buf = Buffer.allocUnsafe(READ_CHUNK_BYTES);
    const decoder = new StringDecoder('utf8');
    let pos = 0;
    let rest = '';
    for (;;) {
      const n = readSync(this.fd, buf, 0, buf.length, pos);
      if (n === 0) break;
      pos += n;
      const parts = (rest + decoder.write(buf.subarray(0, n))).split('\n');
      rest = parts.pop()!;
      for (const p of parts) yield p;
    }
    rest += decoder.end();
    if (rest) yield rest;
  }

  dispose(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.dir, { recursive: true, force: true });
  }
}
