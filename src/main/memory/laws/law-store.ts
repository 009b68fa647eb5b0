// graph_law in db/memory.sqlite, plus the consolidation state's key/value fingerprints.
import type { Database } from 'better-sqlite3';

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
}

export interface NewLaw {
  statement: string;
  confidence: number;
  support: string[];
}

export class LawStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(scopes?: string[]): LawRow[] {
    const rows = scopes
      ? scopes.length
        ? (this.db.prepare(`SELECT * FROM graph_law WHERE scope IN (${scopes.map(() => '?').join(',')}) ORDER BY scope, confidence DESC, id`).all(...scopes) as RawLaw[])
        : []
      : (this.db.prepare(`SELECT * FROM graph_law ORDER BY scope, confidence DESC, id`).all() as RawLaw[]);
    return rows.map(toLaw);
  }

  get(id: number): LawRow | null {
    const r = this.db.prepare(`SELECT * FROM graph_law WHERE id = ?`).get(id) as RawLaw | undefined;
    return r ? toLaw(r) : null;
  }

  scopes(): string[] {
    return this.db.prepare(`SELECT DISTINCT scope FROM graph_law ORDER BY scope`).pluck().all() as string[];
  }

  /** Replaces a scope's laws wholesale, and records the input fingerprint, in one transaction. */
  replaceScope(scope: string, laws: NewLaw[], fingerprint: string): { removed: number; added: number } {
    const at = this.now().toISOString();
    return this.db.transaction(() => {
      const removed = this.db.prepare(`DELETE FROM graph_law WHERE scope = ?`).run(scope).changes;
      const ins = this.db.prepare(`INSERT INTO graph_law (scope, statement, confidence, support, derived_at, fingerprint) VALUES (?, ?, ?, ?, ?, ?)`);
      for (const l of laws) ins.run(scope, l.statement, l.confidence, JSON.stringify(l.support), at, fingerprint);
      this.setState(`laws:${scope}`, fingerprint);
      return { removed, added: laws.length };
    })();
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

function toLaw(r: RawLaw): LawRow {
  let support: string[] = [];
  try {
    support = JSON.parse(r.support) as string[];
  } catch {
    support = [];
  }
  return {
    id: r.id,
    scope: r.scope,
    statement: r.statement,
    confidence: r.confidence,
    support,
    contradictedBy: r.contradicted_by,
    contradictedWhy: r.contradicted_why,
    derivedAt: r.derived_at,
    fingerprint: r.fingerprint,
  };
}
