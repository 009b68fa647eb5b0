// Writes an archive as it is read from the home, a section and an item at a time, so an export never
// holds the whole archive in memory: building it as one object and then one string took about seven
// times the archive's size (issue 27's benchmark asks for at most three). The text is byte for byte what
// `JSON.stringify(archive, null, 2)` gives for the same content, so an archive written either way is the
// same file, and a test can say so.
import { writeAll } from '../fs/atomic-write';

/** A top-level value: written whole, or an array written one item at a time. */
export type ArchivePart = { value: unknown } | { items: Iterable<unknown> };

/** A part that is an array too large to hold at once: its items come from an iterator (a query, say). */
export const streamed = (items: Iterable<unknown>): ArchivePart => ({ items });
export const whole = (value: unknown): ArchivePart => ({ value });

/** What every piece passes through before it is written (the egress filter, for an export). */
export type PieceFilter = <T>(value: T) => T;

/** Collects text and hands it on in blocks, so thousands of small pieces are not thousands of writes. */
class BlockSink {
  private parts: string[] = [];
  private size = 0;
  constructor(
    private readonly flush: (text: string) => void,
    private readonly blockChars = 1 << 20,
  ) {}
  write(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size >= this.blockChars) this.drain();
  }
  drain(): void {
    if (!this.parts.length) return;
    this.flush(this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
}

/** `JSON.stringify(value, null, 2)`, indented to sit at `depth` levels (each two spaces). */
function nested(value: unknown, depth: number): string {
  const text = JSON.stringify(value, null, 2);
  return depth ? text.replace(/\n/g, `\n${'  '.repeat(depth)}`) : text;
}

/**
 * Writes `{ key: part, … }` followed by a newline, through `out`. Keys whose value is `undefined` are left
 * out, as JSON.stringify leaves them out; an `undefined` array item becomes `null`, as it does there.
 */
export function writeArchive(parts: ReadonlyArray<readonly [string, ArchivePart]>, out: (text: string) => void, filter: PieceFilter = (v) => v): void {
  const sink = new BlockSink(out);
  // Small parts are filtered once, up front, so a part that filters to nothing is left out like a key
  // whose value is undefined.
  const present = parts
    .map(([key, p]) => [key, 'value' in p ? { value: filter(p.value) } : p] as const)
    .filter(([, p]) => !('value' in p) || p.value !== undefined);
  sink.write('{');
  present.forEach(([key, part], i) => {
    sink.write(`\n  ${JSON.stringify(key)}: `);
    if ('value' in part) {
      sink.write(nested(part.value, 1));
    } else {
      let first = true;
      for (const item of part.items) {
        const clean = filter(item);
        sink.write(`${first ? '[' : ','}\n    ${clean === undefined ? 'null' : nested(clean, 2)}`);
        first = false;
      }
      sink.write(first ? '[]' : '\n  ]');
    }
    if (i < present.length - 1) sink.write(',');
  });
  sink.write(present.length ? '\n}\n' : '}\n');
  sink.drain();
}

/** The archive as one string (the contract's `transfer.export`, whose answer is the text itself). */
export function archiveText(parts: ReadonlyArray<readonly [string, ArchivePart]>, filter?: PieceFilter): string {
  const chunks: string[] = [];
  writeArchive(parts, (t) => chunks.push(t), filter);
  return chunks.join('');
}

/** The archive into a file descriptor (the temp file of an atomic write); returns the bytes written. */
export function writeArchiveToFd(fd: number, parts: ReadonlyArray<readonly [string, ArchivePart]>, filter?: PieceFilter): number {
  let bytes = 0;
  writeArchive(
    parts,
    (text) => {
      const buf = Buffer.from(text, 'utf8');
      writeAll(fd, buf);
      bytes += buf.length;
    },
    filter,
  );
  return bytes;
}
