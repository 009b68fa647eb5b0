// Damages a closed SQLite file the way a bad disk would: pages 2.. overwritten with junk, the header
// kept, so the file still "opens" and only a full check can tell.
import { closeSync, openSync, statSync, writeSync } from 'node:fs';

export function corruptPages(path: string): void {
  const size = statSync(path).size;
  if (size <= 4096 * 3) throw new Error(`${path} is too small (${size} bytes) to corrupt past its header`);
  const fd = openSync(path, 'r+');
  try {
    const junk = Buffer.alloc(size - 4096, 0xa5);
    for (let i = 0; i < junk.length; i += 97) junk[i] = i & 0xff;
    writeSync(fd, junk, 0, junk.length, 4096);
  } finally {
    closeSync(fd);
  }
}
