// Where each fact came from (memory migration 5): one row per write event, append-only, so the history
// of a fact can be told later (provenance). Recall reads it to mark facts that came from someone else's
// words: text the person pasted or forwarded, or an import.
import type { Database } from 'better-sqlite3';
import type { FactOriginKind } from '../../../shared/domain';
import { statement } from '../../db/statements';

export interface FactOriginEntry {
  scope: string;
  factId: string;
  origin: FactOriginKind;
  event: 'recorded' | 'duplicate' | 'updated';
  /** For updates: the id the fact had before. */
  previousId?: string | null;
  sessionId?: string | null;
  messageId?: string | null;
  /** Free text for what the columns do not say (an import's file name, a tool call id…). */
  detail?: string | null;
}

/** Origins that mean "someone else's words, brought in": marked in recall unless the person vouched for the fact too. */
const SECOND_HAND: ReadonlySet<FactOriginKind> = new Set(['pasted', 'forwarded', 'imported']);

const MARKS: Partial<Record<FactOriginKind, string>> = {
  pasted: 'from pasted text',
  forwarded: 'from a forwarded message',
  imported: 'imported',
};

/**
 * The recall mark for a fact with these origins (oldest first): the first origin's mark when every write
 * of it came from brought-in text; none once the person, or a turn they typed, recorded it too.
 */
export function recallMark(origins: readonly FactOriginKind[]): string | null {
  if (!origins.length || !origins.every((o) => SECOND_HAND.has(o))) return null;
  return MARKS[origins[0]] ?? null;
}

/** A message a fact was learned from, with how it came in. */
export interface FactMessage {
  messageId: string;
  sessionId: string | null;
  origin: FactOriginKind;
}

/**
 * The messages each of these facts of a scope was learned from, its earlier texts' included: an edit corrects
 * what was learned from a message and keeps it (a chain of `previous_id`s; a loop ends it). Each message once
 * per fact: the fact's own rows oldest first, then each earlier text's; a fact with none is absent. One scan of the scope's rows: the search's derived field
 * and sync read every fact of a scope at once.
 */
export function factMessages(db: Database, scope: string, factIds: Iterable<string>): Map<string, FactMessage[]> {
  const own = new Map<string, FactMessage[]>();
  const previous = new Map<string, string>();
  const rows = statement(db, `SELECT fact_id, previous_id, message_id, session_id, origin FROM fact_origin WHERE scope = ? ORDER BY id`, 'raw').all(scope) as Array<
    [string, string | null, string | null, string | null, FactOriginKind]
  >;
  for (const [factId, previousId, messageId, sessionId, origin] of rows) {
    if (messageId) {
      const list = own.get(factId);
      if (list) list.push({ messageId, sessionId, origin });
      else own.set(factId, [{ messageId, sessionId, origin }]);
    }
    // The first row naming an earlier id is the edit that made this one.
    if (previousId && previousId !== factId && !previous.has(factId)) previous.set(factId, previousId);
  }
  const out = new Map<string, FactMessage[]>();
  if (!own.size) return out;
  for (const factId of factIds) {
    const seen = new Set<string>();
    const messages = new Set<string>();
    const list: FactMessage[] = [];
    for (let id: string | undefined = factId; id && !seen.has(id); id = previous.get(id)) {
      seen.add(id);
      for (const m of own.get(id) ?? []) {
        if (messages.has(m.messageId)) continue;
        messages.add(m.messageId);
        list.push(m);
      }
    }
    if (list.length) out.set(factId, list);
  }
  return out;
}

export class FactOrigins {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  record(e: FactOriginEntry): void {
    statement(
      this.db,
      `INSERT INTO fact_origin (scope, fact_id, origin, event, previous_id, session_id, message_id, detail, recorded_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(e.scope, e.factId, e.origin, e.event, e.previousId ?? null, e.sessionId ?? null, e.messageId ?? null, e.detail ?? null, this.now().toISOString());
  }

  /** Origins of a scope's facts, oldest first, for the given ids. */
  of(scope: string, ids: readonly string[]): Map<string, FactOriginKind[]> {
    const out = new Map<string, FactOriginKind[]>();
    if (!ids.length) return out;
    // One scan of the scope's rows (index order is (scope, fact_id, id)) instead of a query per fact: a
    // recall build asks for every fact of a scope at once, and 1,000 point queries cost milliseconds.
    const wanted = new Set(ids);
    const rows = this.db.prepare(`SELECT fact_id, origin FROM fact_origin WHERE scope = ? ORDER BY fact_id, id`).raw().all(scope) as [string, FactOriginKind][];
    for (const [factId, origin] of rows) {
      if (!wanted.has(factId)) continue;
      const list = out.get(factId);
      if (list) list.push(origin);
      else out.set(factId, [origin]);
    }
    return out;
  }

  /** Every row of one fact, oldest first (for provenance views and tests). */
  history(scope: string, factId: string): (FactOriginEntry & { recordedAt: string })[] {
    const rows = this.db.prepare(`SELECT * FROM fact_origin WHERE scope = ? AND fact_id = ? ORDER BY id`).all(scope, factId) as {
      scope: string;
      fact_id: string;
      origin: FactOriginKind;
      event: FactOriginEntry['event'];
      previous_id: string | null;
      session_id: string | null;
      message_id: string | null;
      detail: string | null;
      recorded_at: string;
    }[];
    return rows.map((r) => ({
      scope: r.scope,
      factId: r.fact_id,
      origin: r.origin,
      event: r.event,
      previousId: r.previous_id,
      sessionId: r.session_id,
      messageId: r.message_id,
      detail: r.detail,
      recordedAt: r.recorded_at,
    }));
  }

  /**
   * Facts every recorded write of which came from one chat (its session id on every row): what Monad
   * learned only from that chat. A fact the person also wrote, or another chat repeated, is not among them.
   */
  onlyFrom(sessionId: string): { scope: string; factId: string }[] {
    return this.db
      .prepare(
        `SELECT scope, fact_id AS factId FROM fact_origin
         WHERE fact_id IN (SELECT fact_id FROM fact_origin WHERE session_id = ?)
         GROUP BY scope, fact_id
         HAVING count(*) = sum(coalesce(session_id = ?, 0))`,
      )
      .all(sessionId, sessionId) as { scope: string; factId: string }[];
  }
}
