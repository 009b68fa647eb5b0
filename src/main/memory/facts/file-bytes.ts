// Compares a scope file with the bytes of our own last write of it (MemoryDir.readForWrite): size, mtime
// and inode can all match after another process's write, the bytes cannot.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

export class FileBytesComparer {
  /** Reused for comparing a scope file with our last write of it. */
  private scratch = Buffer.alloc(0);

  /** Whether the file holds exactly these bytes; read into a reused buffer, so no garbage per write. */
  equals(path: string, header: Buffer, lines: Buffer): boolean {
    let fd: number;
    try {
      fd = openSync(path, 'r');
    } catch {
      return false;
    }
    try {
      const size = fstatSync(fd).size;
      if (size !== header.length + lines.length) return false;
      if (this.scratch.length < size) this.scratch = Buffer.allocUnsafe(size * 2);
      let off = 0;
      while (off < size) {
        const n = readSync(fd, this.scratch, off, size - off, off);
        if (n === 0) return false;
        off += n;
      }
      return this.scratch.subarray(0, header.length).equals(header) && this.scratch.subarray(header.length, size).equals(lines);
    } finally {
      closeSync(fd);
    }
  }
}
