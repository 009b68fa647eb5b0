// Pulls one executable out of a release archive: a streaming ustar/GNU/pax reader for .tar.gz, and a
// central-directory reader for .zip. Only the named file is written; nothing else in the archive is.
import { createReadStream, createWriteStream, readFileSync, writeFileSync, type WriteStream } from 'node:fs';
import { createGunzip, inflateRawSync } from 'node:zlib';

/** The binary lives in the home and runs as the person: executable and readable by its owner only. */
const EXECUTABLE_MODE = 0o700;

const BLOCK = 512;

export class ArchiveError extends Error {}

function baseName(path: string): string {
  return path.replace(/\\/g, '/').split('/').filter(Boolean).pop() ?? '';
}

function cString(buf: Buffer, start: number, len: number): string {
  const slice = buf.subarray(start, start + len);
  const nul = slice.indexOf(0);
  return slice.subarray(0, nul === -1 ? slice.length : nul).toString('utf8');
}

function octal(buf: Buffer, start: number, len: number): number {
  // GNU base-256 for sizes past 8 GiB: not something a qdrant archive needs.
  if (buf[start] & 0x80) throw new ArchiveError('tar entry too large');
  const text = cString(buf, start, len).trim();
  return text ? parseInt(text, 8) : 0;
}

function paxPath(data: Buffer): string | null {
  let off = 0;
  while (off < data.length) {
    const space = data.indexOf(0x20, off);
    if (space === -1) break;
    const len = parseInt(data.subarray(off, space).toString('ascii'), 10);
    if (!Number.isFinite(len) || len <= 0) break;
    const record = data.subarray(space + 1, off + len - 1).toString('utf8');
    const eq = record.indexOf('=');
    if (record.slice(0, eq) === 'path') return record.slice(eq + 1);
    off += len;
  }
  return null;
}

/** Extracts the regular file whose base name is `name` from a .tar.gz into `dest`. */
export async function extractFromTarGz(archive: string, name: string, dest: string): Promise<void> {
  let buf: Buffer = Buffer.alloc(0);
  let state: 'header' | 'data' = 'header';
  let remaining = 0;
  let padding = 0;
  let sink: 'file' | 'meta' | 'skip' = 'skip';
  let meta: Buffer[] = [];
  let metaKind = '';
  let nextName: string | null = null;
  let out: WriteStream | null = null;
  let found = false;
  let ended = false;

  const finishEntry = async () => {
    if (sink === 'file' && out) {
      const o = out;
      await new Promise<void>((resolve, reject) => o.end((err?: Error | null) => (err ? reject(err) : resolve())));
      out = null;
      found = true;
    } else if (sink === 'meta') {
      const data = Buffer.concat(meta);
      nextName = metaKind === 'L' ? cString(data, 0, data.length) : (paxPath(data) ?? nextName);
      meta = [];
    }
  };

  const gunzip = createReadStream(archive).pipe(createGunzip());
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      for (;;) {
        if (ended || found) break;
        if (state === 'data') {
          if (remaining > 0) {
            if (!buf.length) break;
            const take = Math.min(remaining, buf.length);
            const part = buf.subarray(0, take);
            if (sink === 'file' && out && !out.write(part)) {
              const o = out;
              await new Promise<void>((r) => o.once('drain', () => r()));
            } else if (sink === 'meta') meta.push(Buffer.from(part));
            buf = buf.subarray(take);
            remaining -= take;
            if (remaining > 0) break;
          }
          if (buf.length < padding) break;
          buf = buf.subarray(padding);
          await finishEntry();
          state = 'header';
          continue;
        }
        if (buf.length < BLOCK) break;
        const header = buf.subarray(0, BLOCK);
        buf = buf.subarray(BLOCK);
        if (header.every((b) => b === 0)) {
          ended = true;
          break;
        }
        const size = octal(header, 124, 12);
        const type = String.fromCharCode(header[156] || 0x30);
        const prefix = header.subarray(257, 262).toString('ascii') === 'ustar' ? cString(header, 345, 155) : '';
        const path = nextName ?? (prefix ? `${prefix}/${cString(header, 0, 100)}` : cString(header, 0, 100));
        remaining = size;
        padding = (BLOCK - (size % BLOCK)) % BLOCK;
        if (type === 'L' || type === 'x') {
          sink = 'meta';
          metaKind = type;
        } else {
          nextName = null;
          if (type === '0' && baseName(path) === name) {
            sink = 'file';
            out = createWriteStream(dest, { mode: EXECUTABLE_MODE });
          } else sink = 'skip';
        }
        state = 'data';
      }
      if (ended || found) break;
    }
  } catch (err) {
    throw new ArchiveError(`the archive is damaged (${(err as Error).message})`);
  } finally {
    gunzip.destroy();
    const o = out as WriteStream | null;
    if (o) o.destroy();
  }
  if (!found) throw new ArchiveError(`no ${name} inside the archive`);
}

/** Extracts the file whose base name is `name` from a .zip into `dest` (stored or deflated). */
export function extractFromZip(archive: string, name: string, dest: string): void {
  const zip = readFileSync(archive);
  // End of central directory: scan back over a possible comment (at most 64 KiB).
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd === -1) throw new ArchiveError('not a zip archive');
  const count = zip.readUInt16LE(eocd + 10);
  let off = zip.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(off) !== 0x02014b50) throw new ArchiveError('damaged zip directory');
    const method = zip.readUInt16LE(off + 10);
    const compSize = zip.readUInt32LE(off + 20);
    const nameLen = zip.readUInt16LE(off + 28);
    const extraLen = zip.readUInt16LE(off + 30);
    const commentLen = zip.readUInt16LE(off + 32);
    const local = zip.readUInt32LE(off + 42);
    const entry = zip.subarray(off + 46, off + 46 + nameLen).toString('utf8');
    off += 46 + nameLen + extraLen + commentLen;
    if (baseName(entry) !== name || entry.endsWith('/')) continue;
    if (zip.readUInt32LE(local) !== 0x04034b50) throw new ArchiveError('damaged zip entry');
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compSize);
    if (method === 0) writeFileSync(dest, data, { mode: EXECUTABLE_MODE });
    else if (method === 8) writeFileSync(dest, inflateRawSync(data), { mode: EXECUTABLE_MODE });
    else throw new ArchiveError(`unsupported zip compression method ${method}`);
    return;
  }
  throw new ArchiveError(`no ${name} inside the archive`);
}
