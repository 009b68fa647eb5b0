// The SQL side of message search: posting lists from the FTS5 index (db migration 3), the index's own
// statistics, and the candidate rows. No ranking here; see rank.ts.
import type { Database, Statement } from 'better-sqlite3';
import type { Role } from '../../shared/domain';
import { SEARCH_BODY } from '../db/migrations/app-0011-attachments';
import { changeCounter } from './change-counter';
import { KeptRows } from './kept-rows';

/** Index rowid = seq * SPAN + agent index (fixed by migration app-0003; never change it). */
export const SEARCH_ROWID_SPAN = 1_048_576;

export function seqOf(rowid: number): number {
  return Math.floor(rowid / SEARCH_ROWID_SPAN);
}

export function agentIdxOf(rowid: number): number {
  return rowid % SEARCH_ROWID_SPAN;
}

export interface MessageRow {
  seq: number;
  id: string;
  sessionId: string;
  role: Role;
  content: string;
  createdAt: string;
  sessionTitle: string;
  agentId: string;
  incognito: boolean;
}

/** What pass 2 scores: no display fields. */
export interface ScoringRow {
  seq: number;
  sessionId: string;
  role: Role;
  content: string;
  createdAt: string;
}

export interface Postings {
  /** Matching rowids, newest first. */
  rowids: number[];
  /** More matches exist than were read (only the newest `cap` were). */
  capped: boolean;
}

/** A message's searchable text: its own, then its attachments' names and text (migration app-0011). */
const BODY = SEARCH_BODY('m');

const ROW_SELECT = `
  SELECT m.seq AS seq, m.id AS id, m.session_id AS sessionId, m.role AS role, ${BODY} AS content,
         m.created_at AS createdAt, s.title AS sessionTitle, s.agent_id AS agentId, s.incognito AS incognito
  FROM messages m JOIN sessions s ON s.id = m.session_id`;

/** The same rule as the index triggers: what is searchable. */
const LIVE = `m.deleted_at IS NULL AND m.role IN ('user', 'assistant') AND m.content <> ''`;

interface RawRow extends Omit<MessageRow, 'incognito'> {
  incognito: number;
}

export class MessageIndex {
  private readonly postingsStmt: Statement;
  private readonly rowsStmt: Statement;
  private readonly scoringStmt: Statement;
  private readonly placesStmt: Statement;
  private readonly incognitoStmt: Statement;
  private readonly statsStmt: Statement;
  private readonly agentStmt: Statement;
  private readonly sessionStmt: Statement;
  /** Prepared on first use: a database opened before app migration 5 has no message_dates yet. */
  private daysStmt: Statement | undefined;
  private readonly agentIdx = new Map<string, number>();
  /** Candidates' rows and places, kept while the database is unchanged (kept-rows.ts). */
  private readonly keptScoring: KeptRows<ScoringRow>;
  private readonly keptPlaces: KeptRows<[seq: number, sessionId: string, role: Role]>;
  /** The hits' full rows, kept the same way: the same messages are found search after search. */
  private readonly keptRows: KeptRows<MessageRow>;
  /** Moves on any write to the database (change-counter.ts). */
  private readonly changes: () => string;
  /** The index's statistics record, kept while the database is unchanged. */
  private readonly averages: () => { docs: number; avgLength: number };

  constructor(private readonly db: Database) {
    this.postingsStmt = db.prepare(`SELECT rowid FROM message_fts WHERE message_fts MATCH ? ORDER BY rowid DESC LIMIT ?`).pluck();
    this.rowsStmt = db.prepare(`${ROW_SELECT} WHERE m.seq IN (SELECT value FROM json_each(?)) AND ${LIVE}`);
    // Pass-2 reads return plain arrays (.raw()): about half the cost of a row object each.
    this.scoringStmt = db
      .prepare(
        `SELECT m.seq, m.session_id, m.role, ${BODY}, m.created_at
         FROM json_each(?) j JOIN messages m ON m.seq = j.value WHERE ${LIVE}`,
      )
      .raw();
    this.placesStmt = db.prepare(`SELECT m.seq, m.session_id, m.role FROM json_each(?) j JOIN messages m ON m.seq = j.value WHERE ${LIVE}`).raw();
    this.incognitoStmt = db.prepare(`SELECT id FROM sessions WHERE incognito = 1`).pluck();
    this.statsStmt = db.prepare(`SELECT block FROM message_fts_data WHERE id = 1`).pluck();
    this.agentStmt = db.prepare(`SELECT idx FROM message_search_agent WHERE agent_id = ?`).pluck();
    this.sessionStmt = db.prepare(
      `${ROW_SELECT} WHERE m.session_id = ? AND ${LIVE} ORDER BY m.seq`,
    );
    const changes = (this.changes = changeCounter(db));
    this.averages = keptAverages(changes, () => this.statsStmt.get() as Buffer | undefined);
    this.keptScoring = new KeptRows((seqs) => this.readScoringRows(seqs).map((r) => [r.seq, r]), changes);
    this.keptPlaces = new KeptRows((seqs) => (this.placesStmt.all(JSON.stringify(seqs)) as Array<[number, string, Role]>).map((p) => [p[0], p]), changes);
    this.keptRows = new KeptRows((seqs) => (this.rowsStmt.all(JSON.stringify(seqs)) as RawRow[]).map((r) => [r.seq, toRow(r)]), changes);
  }

  /** The index number of an agent, or null when it has no sessions (so nothing to find). */
  agentIndex(agentId: string): number | null {
    const hit = this.agentIdx.get(agentId);
    if (hit !== undefined) return hit;
    const idx = this.agentStmt.get(agentId) as number | undefined;
    if (idx === undefined) return null;
    this.agentIdx.set(agentId, idx);
    return idx;
  }

  /** Rowids of live messages containing the word (FTS5 stems it), newest first, at most `cap`. */
  postings(word: string, cap: number): Postings {
    let rowids: number[];
    try {
      rowids = this.postingsStmt.all(phrase(word), cap + 1) as number[];
    } catch (err) {
      // A word FTS5 splits differently from our tokenizer becomes a phrase, which a detail=none index
      // cannot answer: the word is then simply not looked up. Anything else is a real failure.
      if (/phrase queries are not supported/i.test((err as Error).message)) return { rowids: [], capped: false };
      throw err;
    }
    const capped = rowids.length > cap;
    if (capped) rowids.length = cap;
    return { rowids, capped };
  }

  /**
   * Indexed message count and mean length in tokens, from FTS5's own "averages" record (what its
   * bm25() uses): two varints, no scan. Deletes from a contentless index are not subtracted, so this
   * slightly overstates after many deletions — harmless for IDF and length normalisation.
   */
  stats(): { docs: number; avgLength: number } {
    return this.averages();
  }

  /** The live, searchable messages among `seqs` (any order). */
  rows(seqs: number[]): MessageRow[] {
    return seqs.length ? this.keptRows.get(seqs) : [];
  }

  /** The days each message talks about (message-dates.ts), for the candidates of a dated question. */
  mentionedDays(seqs: number[]): Map<number, string[]> {
    const out = new Map<number, string[]>();
    if (!seqs.length) return out;
    this.daysStmt ??= this.db.prepare(`SELECT seq, day FROM message_dates WHERE seq IN (SELECT value FROM json_each(?))`).raw();
    for (const [seq, day] of this.daysStmt.all(JSON.stringify(seqs)) as Array<[number, string]>) {
      const list = out.get(seq);
      if (list) list.push(day);
      else out.set(seq, [day]);
    }
    return out;
  }

  /** The live searchable messages among `seqs`, in the order of `seqs`. */
  scoringRows(seqs: number[]): ScoringRow[] {
    return seqs.length ? this.keptScoring.get(seqs) : [];
  }

  private readScoringRows(seqs: number[]): ScoringRow[] {
    return (this.scoringStmt.all(JSON.stringify(seqs)) as Array<[number, string, Role, string, string]>).map(([seq, sessionId, role, content, createdAt]) => ({
      seq,
      sessionId,
      role,
      content,
      createdAt,
    }));
  }

  /** Which of `seqs` are live searchable messages, and in which session (for neighbour links). */
  places(seqs: number[]): Array<[seq: number, sessionId: string, role: Role]> {
    return seqs.length ? this.keptPlaces.get(seqs) : [];
  }

  incognitoSessions(): Set<string> {
    return new Set(this.incognitoStmt.all() as string[]);
  }

  /** Every searchable message of one session, in order (a session-limited search reads them all). */
  sessionRows(sessionId: string): MessageRow[] {
    return (this.sessionStmt.all(sessionId) as RawRow[]).map(toRow);
  }
}

function toRow(r: RawRow): MessageRow {
  return { ...r, incognito: r.incognito === 1 };
}

/** A single-token FTS5 phrase; the word is already folded to letters and digits. */
function phrase(word: string): string {
  return `"${word.replace(/"/g, '""')}"`;
}

/**
 * An FTS5 index's "averages" record (its document count, then its token count: two varints) as a count and
 * a mean length, read again only when the database changed: a search asks for it from each of its passes.
 */
export function keptAverages(changes: () => string, read: () => Buffer | undefined): () => { docs: number; avgLength: number } {
  let kept: { key: string; stats: { docs: number; avgLength: number } } | null = null;
  return () => {
    const key = changes();
    if (kept?.key === key) return kept.stats;
    const block = read();
    let stats = { docs: 0, avgLength: 1 };
    if (block && block.length > 0) {
      const [docs, at] = readVarint(block, 0);
      const [tokens] = readVarint(block, at);
      stats = { docs, avgLength: docs > 0 ? Math.max(1, tokens / docs) : 1 };
    }
    kept = { key, stats: Object.freeze(stats) };
    return stats;
  };
}

/** SQLite's varint: big-endian 7-bit groups, high bit = more; a 9th byte carries 8 bits. */
export function readVarint(buf: Uint8Array, at: number): [value: number, next: number] {
  let value = 0;
  for (let i = 0; i < 8; i++) {
    const b = buf[at + i];
    if (b === undefined) return [value, at + i];
    value = value * 128 + (b & 0x7f);
    if ((b & 0x80) === 0) return [value, at + i + 1];
  }
  const last = buf[at + 8] ?? 0;
  return [value * 256 + last, at + 9];
}
