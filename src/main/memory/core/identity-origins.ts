// Which identity files came from an import rather than from the person's own hand. An imported file is
// injected only after the person accepted it, and even then it is marked as quoted data in the prompt
// (spotlighted) for as long as its bytes are still the imported ones; the first edit the person makes
// turns it into their own file. Kept as a small JSON map beside the databases: path -> sha256 of content.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { writeFileAtomic } from '../../fs/atomic-write';

interface OriginEntry {
  origin: 'import';
  sha256: string;
  at: string;
}

const digest = (content: string) => createHash('sha256').update(content.replace(/^\uFEFF/, '').trim()).digest('hex');

export class IdentityOrigins {
  private cache: Record<string, OriginEntry> | null = null;

  constructor(private readonly file: string) {}

  /** Records that `path` now holds `content` taken from an import. */
  markImported(path: string, content: string, at: Date): void {
    const all = this.read();
    all[path] = { origin: 'import', sha256: digest(content), at: at.toISOString() };
    this.write(all);
  }

  /** True while the file at `path` still holds exactly the imported bytes (trimmed). */
  isImported(path: string, content: string): boolean {
    const e = this.read()[path];
    return e !== undefined && e.sha256 === digest(content);
  }

  forget(path: string): void {
    const all = this.read();
    if (!(path in all)) return;
    delete all[path];
    this.write(all);
  }

  private read(): Record<string, OriginEntry> {
    if (this.cache) return this.cache;
    let parsed: Record<string, OriginEntry> = {};
    if (existsSync(this.file)) {
      try {
        parsed = JSON.parse(readFileSync(this.file, 'utf8')) as Record<string, OriginEntry>;
      } catch {
        // A damaged map must not make an imported file look like the person's own: treat every identity
        // file as unknown (not imported) only after the person re-saves it; until then nothing is lost but marks.
        parsed = {};
      }
    }
    this.cache = parsed;
    return parsed;
  }

  private write(all: Record<string, OriginEntry>): void {
    this.cache = all;
    writeFileAtomic(this.file, JSON.stringify(all, null, 1));
  }
}
