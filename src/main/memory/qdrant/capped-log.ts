// The qdrant child's output, kept in a size-capped log: when the file passes the cap it becomes
// `<name>.1` (replacing the previous one) and a fresh file starts, so at most twice the cap is kept.
import { closeSync, mkdirSync, openSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { PRIVATE_DIR_MODE } from '../../fs/private-mode';

export const DEFAULT_LOG_CAP_BYTES = 2 * 1024 * 1024;

export class CappedLog {
  private fd: number | null = null;
  private size = 0;

  constructor(
    readonly path: string,
    private readonly capBytes = DEFAULT_LOG_CAP_BYTES,
  ) {}

  write(chunk: Buffer | string): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    try {
      if (this.fd === null) this.open();
      if (this.size + buf.length > this.capBytes && this.size > 0) this.rotate();
      writeSync(this.fd!, buf);
      this.size += buf.length;
    } catch {
      // A full or read-only disk must not take the supervisor down; the log is best effort.
    }
  }

  line(text: string): void {
    this.write(`[monad ${new Date().toISOString()}] ${text}\n`);
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }

  private open(): void {
    mkdirSync(dirname(this.path), { recursive: true, mode: PRIVATE_DIR_MODE });
    this.fd = openSync(this.path, 'a', 0o600);
    this.size = statSync(this.path).size;
  }

  private rotate(): void {
    this.close();
    renameSync(this.path, `${this.path}.1`);
    this.open();
  }
}
