// The history of memory from a v2 archive (its `journal`), so History goes back before the import and
// an imported entry can be undone here (an imported "Forgot …" puts the fact back).
//
// Entries arrive one at a time while the file streams (json-stream.ts itemizes `journal`); each is
// validated and parked in a spill file on disk (spill-file.ts), because the ids it names are known only
// once the rest of the file is in: the chats and messages it came from, the graph and laws rows
// (ImportedIds). Then:
//   - entries older than this home's History retention are left out (counted);
//   - identity-file entries are left out: their undo would write an identity file, and identity files
//     from a file wait for the person's review;
//   - graph and law entries are kept only when every row id they name came in (journal-remap.ts);
//   - a chat or message a source names that the file did not carry is unlinked (counted);
//   - texts are cleaned like message text (secrets redacted, invisible characters stripped); a fact an
//     undo puts back goes through the fact sanitizer then, like any write;
//   - an entry already here (same item, time, action and words) is not added again: importing twice adds
//     nothing. Imported entries keep their times, actors, sources and groups.
import type { Database } from 'better-sqlite3';
import type { ImportReport } from '../../shared/domain';
import { archiveJournalEntrySchema, type ArchiveJournalEntry } from './formats-memory';
import { charSize, type ImportCleaner } from './import-clean';
import type { ImportedIds } from './imported-ids';
import { JournalRemap, Unmapped } from './journal-remap';
import { OversizeString, type JsonPath } from './json-stream';
import { MAX_MESSAGE_CHARS } from './limits';
import { validate } from './positions';
import { SpillFile } from './spill-file';

/** Strings of a History payload that cannot carry a secret: fact ids, ISO times, the journal's enum words. */
const PLAIN =
  /^(?:[0-9a-f]{12}|\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z|person|agent|consolidation|extraction|inference|import|mcp|system|app|cli|api|hand-edit|recorded|edited|merged|unknown|duplicate|updated|user|assistant|inferred|global)$/;
/** Payload keys are the engine's field names (camelCase words). */
const PLAIN_KEY = /^[A-Za-z]{1,40}$/;

/** Actions whose entries an import brings: those of the four layers that can be shown and undone here. */
const KNOWN_ACTION = /^(fact|relation|entity|law)\./;

export interface JournalImportDeps {
  memoryDb: Database;
  cleaner: ImportCleaner;
  report: ImportReport;
  /** The oldest time this home's History keeps, or null (memory.history.retentionDays). */
  cutoff: string | null;
}

export interface Carried {
  sessions: ReadonlySet<string>;
  messages: ReadonlySet<string>;
}

/** Why entries were left out, counted: the report says each reason once with its count. */
export interface JournalLeftOut {
  beyondRetention: number;
  identity: number;
  unmapped: number;
  unknownAction: number;
  oversize: number;
  /** A fact entry whose before/after names another scope than the entry's own. */
  otherScope: number;
}

/** A fact snapshot (or a merge's `{ scope, facts }`) names the entry's scope, or none. */
function sameScope(payload: unknown, scope: string | null): boolean {
  if (payload === null || typeof payload !== 'object') return true;
  const s = (payload as { scope?: unknown }).scope;
  return s === undefined || s === scope;
}

export class JournalImport {
  readonly leftOut: JournalLeftOut = { beyondRetention: 0, identity: 0, unmapped: 0, unknownAction: 0, oversize: 0, otherScope: 0 };
  /** Sources naming a chat or message the file did not carry, unlinked. */
  unlinked = 0;
  added = 0;
  skipped = 0;
  /** The file's journal id → this home's (added or found already here). */
  readonly idMap = new Map<number, number>();
  private spill: SpillFile | null = null;
  /** Whether the file's entries came in id order (an export writes them so); if not, they are sorted. */
  private ordered = true;
  private lastId = 0;
  private readonly pairs: { here: number; undoes: number | null; undoneBy: number | null }[] = [];

  constructor(private readonly d: JournalImportDeps) {
  }

  /** One entry as the stream hands it over: validated now (a bad one names its position), kept for later. */
  item(index: number, raw: unknown): void {
    const at: JsonPath = ['journal', index];
    const e = validate(archiveJournalEntrySchema, raw, 'Monad export', at);
    if (e.summary instanceof OversizeString || charSize(e.before) + charSize(e.after) > MAX_MESSAGE_CHARS) {
      this.leftOut.oversize++;
      return;
    }
    this.spill ??= new SpillFile('monad-import-history');
    this.spill.append(JSON.stringify(e));
    if (e.id <= this.lastId) this.ordered = false;
    this.lastId = e.id;
  }

  /**
   * Writes the staged entries of some layers, oldest first. Fact entries go in before the import records
   * its own facts, so History reads in order; graph and law entries after those rows came in.
   */
  apply(layers: ReadonlySet<string>, ids: ImportedIds, facts: ReadonlyMap<string, string>, carried: Carried): void {
    if (!this.spill) return;
    const db = this.d.memoryDb;
    const remap = new JournalRemap(ids, facts);
    const existing = db.prepare(`SELECT id FROM memory_journal WHERE item = ? AND at = ? AND action = ? AND summary = ? LIMIT 1`).pluck();
    const insert = db.prepare(
      `INSERT INTO memory_journal (at, layer, action, scope, item, actor, source, before, after, summary, group_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const link = db.prepare(`INSERT INTO memory_journal_link (entry, item) VALUES (?, ?)`);
    for (const json of this.staggered()) {
      const e = JSON.parse(json) as ArchiveJournalEntry & { summary: string };
      if (!layers.has(e.layer)) continue;
      if (this.d.cutoff && e.at < this.d.cutoff) {
        this.leftOut.beyondRetention++;
        continue;
      }
      if (e.layer === 'identity') {
        this.leftOut.identity++;
        continue;
      }
      if (!KNOWN_ACTION.test(e.action)) {
        this.leftOut.unknownAction++;
        continue;
      }
      let item: string;
      let also: string[];
      let before: unknown = e.before;
      let after: unknown = e.after;
      try {
        item = remap.item(e.item, e.scope);
        also = e.also.map((a) => remap.item(a, e.scope));
        if (e.layer !== 'facts') {
          before = remap.payload(e.layer, before);
          after = remap.payload(e.layer, after);
        } else if (!sameScope(before, e.scope) || !sameScope(after, e.scope)) {
          // A fact's undo writes to the scope its snapshot names: it must be the entry's own.
          this.leftOut.otherScope++;
          continue;
        }
      } catch (err) {
        if (!(err instanceof Unmapped)) throw err;
        this.leftOut.unmapped++;
        continue;
      }
      const summary = this.d.cleaner.repeatedText(e.summary);
      const here = existing.get(item, e.at, e.action, summary) as number | undefined;
      if (here !== undefined) {
        this.idMap.set(e.id, here);
        this.skipped++;
        continue;
      }
      const clean = (v: unknown) => this.links(this.cleanValue(v, e.scope), carried);
      // A journal source has only the fields it knows; an unlinked one is dropped, not null.
      const source = e.source ? Object.fromEntries(Object.entries(clean(e.source) as Record<string, unknown>).filter(([, v]) => v !== null)) : null;
      const id = Number(
        insert.run(
          e.at,
          e.layer,
          e.action,
          e.scope,
          item,
          e.actor,
          source && Object.keys(source).length ? JSON.stringify(source) : null,
          before === null || before === undefined ? null : JSON.stringify(clean(before)),
          after === null || after === undefined ? null : JSON.stringify(clean(after)),
          summary,
          e.groupId,
        ).lastInsertRowid,
      );
      for (const a of new Set(also)) if (a !== item) link.run(id, a);
      this.idMap.set(e.id, id);
      this.pairs.push({ here: id, undoes: e.undoes, undoneBy: e.undoneBy });
      this.added++;
    }
  }

  /**
   * The parked entries, oldest (lowest file id) first. An export writes them in that order and they are
   * read back from disk as they are; a hand-written file out of order is sorted in memory (the last of
   * two entries with one id wins).
   */
  private *staggered(): Generator<string> {
    if (!this.spill) return;
    if (this.ordered) return yield* this.spill.lines();
    const byId = new Map<number, string>();
    for (const line of this.spill.lines()) byId.set((JSON.parse(line) as { id: number }).id, line);
    for (const id of [...byId.keys()].sort((a, b) => a - b)) yield byId.get(id)!;
  }

  /** Removes the parked entries (after the import, whether it succeeded or not). */
  dispose(): void {
    this.spill?.dispose();
    this.spill = null;
  }

  /** After every layer: which entry undid which, by this home's ids (an entry undone there stays undone here). */
  finish(): void {
    const db = this.d.memoryDb;
    const setUndoes = db.prepare(`UPDATE memory_journal SET undoes = ? WHERE id = ?`);
    const setUndone = db.prepare(`UPDATE memory_journal SET undone_by = ? WHERE id = ? AND undone_by IS NULL`);
    for (const p of this.pairs) {
      const undoes = p.undoes === null ? undefined : this.idMap.get(p.undoes);
      if (undoes !== undefined) setUndoes.run(undoes, p.here);
      // The undo itself may have been left out (beyond retention): the entry was still undone there.
      const by = p.undoneBy === null ? undefined : (this.idMap.get(p.undoneBy) ?? p.here);
      if (by !== undefined) setUndone.run(by, p.here);
    }
    this.dispose();
  }

  /** What the report says about the History it brought and left out. */
  reportLines(): string[] {
    const out: string[] = [];
    const n = (k: number, one: string, many: string) => `${k.toLocaleString('en')} ${k === 1 ? one : many}`;
    const l = this.leftOut;
    if (l.beyondRetention) out.push(`History: ${n(l.beyondRetention, 'entry', 'entries')} older than this Monad keeps History (Settings → Memory → History).`);
    if (l.identity) out.push(`History: ${n(l.identity, 'entry', 'entries')} about identity files; imported identity files wait for your review instead.`);
    if (l.unmapped) out.push(`History: ${n(l.unmapped, 'entry', 'entries')} about entities, relations or laws that did not come in with this file (an undo would have changed another row).`);
    if (l.unknownAction) out.push(`History: ${n(l.unknownAction, 'entry', 'entries')} of a kind this Monad cannot show or undo.`);
    if (l.otherScope) out.push(`History: ${n(l.otherScope, 'entry', 'entries')} about a fact of another scope than the entry's own (an undo would have written there).`);
    if (l.oversize) out.push(`History: ${n(l.oversize, 'entry', 'entries')} larger than ${MAX_MESSAGE_CHARS.toLocaleString('en')} characters.`);
    if (this.unlinked) out.push(`History: ${n(this.unlinked, 'link', 'links')} to a chat or message the file did not carry; the entries are kept without them.`);
    return out;
  }

  /**
   * Every text of a payload cleaned like message text, except the strings that are only ids, times and
   * the journal's own words (a fact id, an ISO time, "person", the entry's scope): they hold no secret
   * and no invisible character, and cleaning each of the ~10 per entry cost most of a 50,000-entry import.
   */
  private cleanValue(value: unknown, scope: string | null, depth = 0): unknown {
    if (typeof value === 'string') return PLAIN.test(value) || value === scope ? value : this.d.cleaner.repeatedText(value);
    if (depth > 32 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.cleanValue(v, scope, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[PLAIN_KEY.test(k) ? k : this.d.cleaner.repeatedText(k)] = this.cleanValue(v, scope, depth + 1);
    return out;
  }

  /** Drops sessionId/messageId values that name a chat or message this import did not carry. */
  private links(value: unknown, carried: Carried, depth = 0): unknown {
    if (depth > 16 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.links(v, carried, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      if ((k === 'sessionId' && typeof v === 'string' && !carried.sessions.has(v)) || (k === 'messageId' && typeof v === 'string' && !carried.messages.has(v))) {
        this.unlinked++;
        out[k] = null;
        continue;
      }
      out[k] = this.links(v, carried, depth + 1);
    }
    return out;
  }
}
