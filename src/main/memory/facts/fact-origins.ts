// Where each fact came from (memory migration 5): one row per write event, append-only, so the history
// of a fact can be told later (provenance). Recall reads it to mark facts that came from someone else's
// words: text the person pasted or forwarded, or an import.
import type { Database } from 'better-sqlite3';
import type { FactOriginKind } from '../../../shared/domain';

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

export class FactOrigins {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  record(e: FactOriginEntry): void {
    this.db
      .prepare(
        `INSERT INTO fact_origin (scope, fact_id, origin, event, previous_id, session_id, message_id, detail, recorded_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(e.scope, e.factId, e.origin, e.event, e.previousId ?? null, e.sessionId ?? null, e.messageId ?? null, e.detail ?? null, this.now().toISOString());
  }

  /** Origins of a scope's facts, oldest first, for the given ids. */
  of(scope: string, ids: readonly string[]): Map<string, FactOriginKind[]> {
    const out = new Map<string, FactOriginKind[]>();
    const stmt = this.db.prepare(`SELECT origin FROM fact_origin WHERE scope = ? AND fact_id = ? ORDER BY id`).pluck();
    for (const id of ids) {
      const rows = stmt.all(scope, id) as FactOriginKind[];
      if (rows.length) out.set(id, rows);
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
}
