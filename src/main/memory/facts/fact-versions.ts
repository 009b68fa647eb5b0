// Every text an L1 fact ever had, with the time it held and who wrote it (fact_version, memory migrations
// 7 and 8). The open row of a fact (valid_to IS NULL) is its sidecar record: the source the Memory tab,
// `monad facts list --json` and the history show. Closed rows answer "what did Monad know on <date>".
import type { Database, Statement } from 'better-sqlite3';
import type { FactSource } from '../../../shared/domain';
import type { JournalActor, JournalSource } from '../../../shared/journal';

/** What is stored about one write: everything in FactSource except the time, which is the row's valid_from. */
export interface VersionSource {
  actor: JournalActor;
  source: JournalSource | null;
  event: FactSource['event'];
  replaces: readonly string[];
  /** When the text was first written, if not when this version opened (a fact put back by an undo). */
  writtenAt?: string | null;
}

interface Row {
  id: number;
  scope: string;
  fact_id: string;
  text: string;
  valid_from: string;
  valid_to: string | null;
  actor: JournalActor | null;
  source: string | null;
  event: FactSource['event'] | null;
  replaces: string | null;
}

/** A fact as it was at some moment, with the source of that text. */
export interface FactVersionView {
  id: string;
  text: string;
  validFrom: string;
  validTo: string | null;
  source: FactSource;
}

/** A slider has no use for more stops than this; the most recent are kept, and the date field reaches the rest. */
export const MAX_CHANGES = 2000;

/** The source of a fact nothing is known about (no row at all). */
export const UNKNOWN_SOURCE: FactSource = {
  actor: 'system',
  via: null,
  sessionId: null,
  messageId: null,
  runId: null,
  detail: null,
  event: 'unknown',
  at: null,
  replaces: [],
};

export function toFactSource(v: VersionSource, at: string | null): FactSource {
  return {
    actor: v.actor,
    via: v.source?.via ?? null,
    sessionId: v.source?.sessionId ?? null,
    messageId: v.source?.messageId ?? null,
    runId: v.source?.runId ?? null,
    detail: v.source?.detail ?? null,
    event: v.event,
    at: v.writtenAt ?? at,
    replaces: [...v.replaces],
    ...(v.source?.stated ? { stated: true } : {}),
  };
}

/** The stored form of a FactSource (the inverse of toFactSource, for undo: a restored fact keeps its source). */
export function toVersionSource(s: FactSource): VersionSource {
  const source: JournalSource = {};
  if (s.via) source.via = s.via;
  if (s.sessionId) source.sessionId = s.sessionId;
  if (s.messageId) source.messageId = s.messageId;
  if (s.runId) source.runId = s.runId;
  if (s.detail) source.detail = s.detail;
  if (s.stated) source.stated = true;
  return { actor: s.actor, source: Object.keys(source).length ? source : null, event: s.event, replaces: s.replaces, writtenAt: s.at };
}

function sourceOfRow(r: Row): FactSource {
  const stored = r.source ? (JSON.parse(r.source) as JournalSource & { writtenAt?: string }) : null;
  return toFactSource(
    {
      actor: r.actor ?? 'system',
      source: stored,
      event: r.event ?? 'unknown',
      replaces: r.replaces ? (JSON.parse(r.replaces) as string[]) : [],
      writtenAt: stored?.writtenAt ?? null,
    },
    r.valid_from,
  );
}

export class FactVersions {
  private readonly openOf: Statement;
  private readonly insert: Statement;
  private readonly closeOne: Statement;
  private readonly openInScope: Statement;
  private readonly latestOf: Statement;
  private readonly anyOpen: Statement;

  constructor(private readonly db: Database) {
    this.openOf = db.prepare(`SELECT * FROM fact_version WHERE scope = ? AND fact_id = ? AND valid_to IS NULL ORDER BY id DESC LIMIT 1`);
    this.insert = db.prepare(
      `INSERT INTO fact_version (scope, fact_id, text, valid_from, valid_to, journal_id, actor, source, event, replaces)
       VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?, ?)`,
    );
    this.closeOne = db.prepare(`UPDATE fact_version SET valid_to = ? WHERE scope = ? AND fact_id = ? AND valid_to IS NULL`);
    this.openInScope = db.prepare(`SELECT * FROM fact_version WHERE scope = ? AND valid_to IS NULL ORDER BY id`);
    this.latestOf = db.prepare(`SELECT * FROM fact_version WHERE scope = ? AND fact_id = ? ORDER BY (valid_to IS NULL) DESC, id DESC LIMIT 1`);
    this.anyOpen = db.prepare(`SELECT 1 FROM fact_version WHERE scope = ? AND valid_to IS NULL LIMIT 1`).pluck();
  }

  /** Opens the version a write just made (closing any open one of the same id first: a new text of the same fact). */
  open(scope: string, fact: { id: string; text: string }, v: VersionSource, at: string, journalId: number | null): void {
    this.closeOne.run(at, scope, fact.id);
    const source = v.writtenAt ? { ...v.source, writtenAt: v.writtenAt } : v.source;
    this.insert.run(scope, fact.id, fact.text, at, journalId, v.actor, source ? JSON.stringify(source) : null, v.event, v.replaces.length ? JSON.stringify(v.replaces) : null);
  }

  close(scope: string, id: string, at: string): void {
    this.closeOne.run(at, scope, id);
  }

  /** The open versions of a scope: id → text, as Monad last wrote or saw the file. */
  openTexts(scope: string): Map<string, string> {
    const out = new Map<string, string>();
    for (const r of this.openInScope.all(scope) as Row[]) out.set(r.fact_id, r.text);
    return out;
  }

  hasOpen(scope: string): boolean {
    return this.anyOpen.get(scope) !== undefined;
  }

  /** The sources of a scope's current facts, by id (one query, for lists of thousands). */
  sources(scope: string): Map<string, FactSource> {
    const out = new Map<string, FactSource>();
    for (const r of this.openInScope.all(scope) as Row[]) out.set(r.fact_id, sourceOfRow(r));
    return out;
  }

  /** The source of a fact's current text; for a fact no longer there, of the last text it had; null if never seen. */
  sourceOf(scope: string, id: string): FactSource | null {
    const r = (this.openOf.get(scope, id) ?? this.latestOf.get(scope, id)) as Row | undefined;
    return r ? sourceOfRow(r) : null;
  }

  /** The facts of a scope as they were at `when` (ISO time), oldest first. */
  at(scope: string, when: string): FactVersionView[] {
    const rows = this.db
      .prepare(`SELECT * FROM fact_version WHERE scope = ? AND valid_from <= ? AND (valid_to IS NULL OR valid_to > ?) ORDER BY valid_from, id`)
      .all(scope, when, when) as Row[];
    // One text per fact id: a fact re-opened within the same instant keeps the later row.
    const byId = new Map<string, Row>();
    for (const r of rows) byId.set(r.fact_id, r);
    return [...byId.values()].map((r) => ({ id: r.fact_id, text: r.text, validFrom: r.valid_from, validTo: r.valid_to, source: sourceOfRow(r) }));
  }

  /** The moments a scope's facts changed, oldest first (the stops of the Memory tab's date control). */
  changes(scope: string, limit = MAX_CHANGES): string[] {
    const rows = this.db
      .prepare(
        `SELECT at FROM (SELECT valid_from AS at FROM fact_version WHERE scope = ? UNION SELECT valid_to FROM fact_version WHERE scope = ? AND valid_to IS NOT NULL)
         ORDER BY at DESC LIMIT ?`,
      )
      .pluck()
      .all(scope, scope, limit) as string[];
    return rows.reverse();
  }

  /** Every text one fact id had, oldest first. */
  history(scope: string, id: string): FactVersionView[] {
    const rows = this.db.prepare(`SELECT * FROM fact_version WHERE scope = ? AND fact_id = ? ORDER BY id`).all(scope, id) as Row[];
    return rows.map((r) => ({ id: r.fact_id, text: r.text, validFrom: r.valid_from, validTo: r.valid_to, source: sourceOfRow(r) }));
  }

  /** Scopes that have current facts on record (to notice a scope file deleted while Monad was not running). */
  scopesWithOpen(): string[] {
    return this.db.prepare(`SELECT DISTINCT scope FROM fact_version WHERE valid_to IS NULL`).pluck().all() as string[];
  }

  /** Earliest time a version of any scope was opened: the start of the record, for the date control. */
  firstAt(scope?: string): string | null {
    const v = scope
      ? this.db.prepare(`SELECT MIN(valid_from) FROM fact_version WHERE scope = ?`).pluck().get(scope)
      : this.db.prepare(`SELECT MIN(valid_from) FROM fact_version`).pluck().get();
    return (v as string | null) ?? null;
  }
}
