// Where Yjs documents are kept between runs, on the relay and on a device: one SQLite row per document
// holding its state as one Yjs update (Y.encodeStateAsUpdate), plus small key/value rows for what a
// device remembers between syncs. Yjs has no Node storage of its own; this is the smallest that is durable.
import Database from 'better-sqlite3';
import { dirname } from 'node:path';
import { migrate, type Migration } from '../db/migrate';
import { mkdirPrivate } from '../fs/private-mode';

/** The store's own numbered migrations (its file is the sync room's alone, on the relay and on devices). */
const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'documents and meta',
    up: `CREATE TABLE documents (name TEXT PRIMARY KEY, state BLOB NOT NULL);
         CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);`,
  },
];

export class DocStore {
  private readonly db: Database.Database;
  private readonly getDoc: Database.Statement;
  private readonly putDoc: Database.Statement;
  private readonly getKey: Database.Statement;
  private readonly putKey: Database.Statement;

  constructor(file: string) {
    mkdirPrivate(dirname(file));
    this.db = new Database(file);
    this.db.pragma('journal_mode = WAL');
    this.db.pragma('synchronous = NORMAL');
    // SQLite's own default page cache (2 MB), not better-sqlite3's 16 MB: every row here is one whole document
    // read or written once per sync, so cached pages are never read again, and a first pull filled the cache
    // with a home's worth of documents (docs/sync.md, Known limits).
    this.db.pragma('cache_size = -2000');
    migrate(this.db, MIGRATIONS, `The sync store ${file}`);
    this.getDoc = this.db.prepare('SELECT state FROM documents WHERE name = ?').pluck();
    this.putDoc = this.db.prepare('INSERT INTO documents (name, state) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET state = excluded.state');
    this.getKey = this.db.prepare('SELECT value FROM meta WHERE key = ?').pluck();
    this.putKey = this.db.prepare('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value');
  }

  load(name: string): Uint8Array | null {
    return (this.getDoc.get(name) as Buffer | undefined) ?? null;
  }

  save(name: string, state: Uint8Array): void {
    // A view of the same bytes, not a copy: a graph document's state is megabytes.
    this.putDoc.run(name, Buffer.from(state.buffer, state.byteOffset, state.byteLength));
  }

  names(): string[] {
    return this.db.prepare('SELECT name FROM documents ORDER BY name').pluck().all() as string[];
  }

  get(key: string): string | null {
    return (this.getKey.get(key) as string | undefined) ?? null;
  }

  set(key: string, value: string): void {
    this.putKey.run(key, value);
  }

  close(): void {
    this.db.close();
  }
}
