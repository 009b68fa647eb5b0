// graph_law in db/memory.sqlite, plus the consolidation state's key/value fingerprints. Plain reads and
// writes only: what is journaled, and who may change what, lives in law-writer.ts and law-corrections.ts.
import type { Database } from 'better-sqlite3';
import { normalizeName } from '../graph/graph-normalize';

export type LawOrigin = 'inference' | 'person' | 'import';

export interface LawSuppression {
  reason: string;
  /** What triggered it ("fact:<id>", "edge:<id>", "entity:<id>"), when one thing did. */
  ref: string | null;
  at: string;
}

export interface LawRow {
  id: number;
  scope: string;
  statement: string;
  confidence: number;
  support: string[];
  contradictedBy: string | null;
  contradictedWhy: string | null;
  derivedAt: string;
  fingerprint: string;
  origin: LawOrigin;
  /** The statement as inferred, once the person edited it. */
  derivedStatement: string | null;
  /** What each cited ref said when the law was derived (absent for laws older than migration 10). */
  supportText: Record<string, string>;
  pinned: boolean;
  status: 'active' | 'rejected';
  rejectedReason: string | null;
  rejectedAt: string | null;
  suppressed: LawSuppression | null;
  editedAt: string | null;
}

interface RawLaw {
  id: number;
  scope: string;
  statement: string;
  confidence: number;
  support: string;
  contradicted_by: string | null;
  contradicted_why: string | null;
  derived_at: string;
  fingerprint: string;
  origin: LawOrigin;
  derived_statement: string | null;
  support_text: string | null;
  pinned: number;
  status: 'active' | 'rejected';
  rejected_reason: string | null;
  rejected_at: string | null;
  suppressed_reason: string | null;
  suppressed_ref: string | null;
  suppressed_at: string | null;
  edited_at: string | null;
}

export interface NewLaw {
  statement: string;
  confidence: number;
  support: string[];
  supportText?: Record<string, string>;
}

/**
 * The fingerprint of a law another device derived and sync brought here (issue 30 §3). Such a law is that
 * device's inference, not this one's: a re-derivation here leaves it (it leaves when no device derives it any
 * more, sync/laws-derived.ts), unless this device now derives the same law itself, which then is its own.
 */
export const SYNCED_DERIVED = 'sync:derived';

/** A person-asserted law (edited or pinned): models never replace, flag or suppress it on their own. */
export function isAsserted(law: Pick<LawRow, 'origin' | 'pinned'>): boolean {
  return law.pinned || law.origin === 'person';
}

const COLUMNS = `id, scope, statement, confidence, support, contradicted_by, contradicted_why, derived_at, fingerprint, origin,
  derived_statement, support_text, pinned, status, rejected_reason, rejected_at, suppressed_reason, suppressed_ref, suppressed_at, edited_at`;

export class LawStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Active laws (rejected ones are kept apart: they are exclusions, not knowledge). */
  list(scopes?: string[]): LawRow[] {
    return this.select(`status = 'active'`, scopes);
  }

  /** Laws the person rejected, newest rejection first within a scope. */
  rejected(scopes?: string[]): LawRow[] {
    return this.select(`status = 'rejected'`, scopes, 'scope, rejected_at DESC, id');
  }

  private select(where: string, scopes: string[] | undefined, order = 'scope, confidence DESC, id'): LawRow[] {
    if (scopes && !scopes.length) return [];
    const rows = scopes
      ? (this.db.prepare(`SELECT * FROM graph_law WHERE ${where} AND scope IN (${scopes.map(() => '?').join(',')}) ORDER BY ${order}`).all(...scopes) as RawLaw[])
      : (this.db.prepare(`SELECT * FROM graph_law WHERE ${where} ORDER BY ${order}`).all() as RawLaw[]);
    return rows.map(toLaw);
  }

  get(id: number): LawRow | null {
    const r = this.db.prepare(`SELECT * FROM graph_law WHERE id = ?`).get(id) as RawLaw | undefined;
    return r ? toLaw(r) : null;
  }

  /** Active laws citing any of `refs` ("fact:<id>", "edge:<id>"), in `scope` when given. */
  citing(refs: string[], scope?: string | null): LawRow[] {
    if (!refs.length) return [];
    const wanted = new Set(refs);
    return this.list(scope ? [scope] : undefined).filter((l) => l.support.some((r) => wanted.has(r)));
  }

  scopes(): string[] {
    return this.db.prepare(`SELECT DISTINCT scope FROM graph_law WHERE status = 'active' ORDER BY scope`).pluck().all() as string[];
  }

  /**
   * Replaces a scope's inferred laws, and records the input fingerprint, in one transaction. Laws the
   * person asserted (edited or pinned) and rejected laws stay: inference never removes them. So do laws
   * another device derived (SYNCED_DERIVED), unless this derivation states one of them again.
   */
  replaceScope(scope: string, laws: NewLaw[], fingerprint: string): { removed: LawRow[]; added: LawRow[] } {
    return this.db.transaction(() => {
      const now = new Set(laws.map((l) => normalizeName(l.statement)));
      const removed = this.list([scope]).filter((l) => !isAsserted(l) && (l.fingerprint !== SYNCED_DERIVED || now.has(normalizeName(l.statement))));
      const del = this.db.prepare(`DELETE FROM graph_law WHERE id = ?`);
      for (const l of removed) del.run(l.id);
      // One derivation, one time: laws of a run decay together (and keep their order).
      const at = this.now().toISOString();
      const added = laws.map((l) => this.insert(scope, l, fingerprint, 'inference', at));
      this.setState(`laws:${scope}`, fingerprint);
      return { removed, added };
    })();
  }

  insert(scope: string, l: NewLaw, fingerprint: string, origin: LawOrigin = 'inference', at = this.now().toISOString()): LawRow {
    const id = Number(
      this.db
        .prepare(`INSERT INTO graph_law (scope, statement, confidence, support, derived_at, fingerprint, origin, support_text) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(scope, l.statement, l.confidence, JSON.stringify(l.support), at, fingerprint, origin, l.supportText ? JSON.stringify(l.supportText) : null)
        .lastInsertRowid,
    );
    return this.get(id)!;
  }

  /** Writes a whole row back as it was (an undo); re-creates it under its own id when it was removed. */
  put(row: LawRow): LawRow {
    this.db
      .prepare(
        `INSERT INTO graph_law (${COLUMNS}) VALUES (@id, @scope, @statement, @confidence, @support, @contradicted_by, @contradicted_why, @derived_at, @fingerprint, @origin,
           @derived_statement, @support_text, @pinned, @status, @rejected_reason, @rejected_at, @suppressed_reason, @suppressed_ref, @suppressed_at, @edited_at)
         ON CONFLICT (id) DO UPDATE SET scope = excluded.scope, statement = excluded.statement, confidence = excluded.confidence, support = excluded.support,
           contradicted_by = excluded.contradicted_by, contradicted_why = excluded.contradicted_why, derived_at = excluded.derived_at,
           fingerprint = excluded.fingerprint, origin = excluded.origin, derived_statement = excluded.derived_statement, support_text = excluded.support_text,
           pinned = excluded.pinned, status = excluded.status, rejected_reason = excluded.rejected_reason, rejected_at = excluded.rejected_at,
           suppressed_reason = excluded.suppressed_reason, suppressed_ref = excluded.suppressed_ref, suppressed_at = excluded.suppressed_at, edited_at = excluded.edited_at`,
      )
      .run(toRaw(row));
    return this.get(row.id)!;
  }

  /** Applies a change to one row and returns it before and after. */
  update(id: number, patch: Partial<Omit<LawRow, 'id'>>): { before: LawRow; after: LawRow } | null {
    const before = this.get(id);
    if (!before) return null;
    const after = this.put({ ...before, ...patch, id });
    return { before, after };
  }

  remove(id: number): LawRow | null {
    const before = this.get(id);
    if (before) this.db.prepare(`DELETE FROM graph_law WHERE id = ?`).run(id);
    return before;
  }

  flag(id: number, factRef: string, why: string): void {
    this.db.prepare(`UPDATE graph_law SET contradicted_by = ?, contradicted_why = ? WHERE id = ?`).run(factRef, why, id);
  }

  getState(key: string): string | null {
    return (this.db.prepare(`SELECT value FROM consolidation_state WHERE key = ?`).pluck().get(key) as string | undefined) ?? null;
  }

  setState(key: string, value: string): void {
    this.db
      .prepare(
        `INSERT INTO consolidation_state (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(key, value, this.now().toISOString());
  }
}

function parseJson<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback; // a damaged cell reads as empty rather than breaking the whole list
  }
}

function toLaw(r: RawLaw): LawRow {
  return {
    id: r.id,
    scope: r.scope,
    statement: r.statement,
    confidence: r.confidence,
    support: parseJson<string[]>(r.support, []),
    contradictedBy: r.contradicted_by,
    contradictedWhy: r.contradicted_why,
    derivedAt: r.derived_at,
    fingerprint: r.fingerprint,
    origin: r.origin,
    derivedStatement: r.derived_statement,
    supportText: parseJson<Record<string, string>>(r.support_text, {}),
    pinned: r.pinned === 1,
    status: r.status,
    rejectedReason: r.rejected_reason,
    rejectedAt: r.rejected_at,
    suppressed: r.suppressed_reason !== null ? { reason: r.suppressed_reason, ref: r.suppressed_ref, at: r.suppressed_at ?? r.derived_at } : null,
    editedAt: r.edited_at,
  };
}

function toRaw(l: LawRow): RawLaw {
  return {
    id: l.id,
    scope: l.scope,
    statement: l.statement,
    confidence: l.confidence,
    support: JSON.stringify(l.support),
    contradicted_by: l.contradictedBy,
    contradicted_why: l.contradictedWhy,
    derived_at: l.derivedAt,
    fingerprint: l.fingerprint,
    origin: l.origin,
    derived_statement: l.derivedStatement,
    support_text: Object.keys(l.supportText).length ? JSON.stringify(l.supportText) : null,
    pinned: l.pinned ? 1 : 0,
    status: l.status,
    rejected_reason: l.rejectedReason,
    rejected_at: l.rejectedAt,
    suppressed_reason: l.suppressed?.reason ?? null,
    suppressed_ref: l.suppressed?.ref ?? null,
    suppressed_at: l.suppressed?.at ?? null,
    edited_at: l.editedAt,
  };
}
