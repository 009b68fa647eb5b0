// An active law of an imported file that is already here. Active laws of a file come in beside this home's
// (issue 27: a scope that had laws used to get none of the file's, the person's pins and edits included);
// only the same law twice is avoided. "The same law" is what inference and the Laws tab mean by it
// (laws/near-same.ts: word order, inflection and hedges do not make a different law, a negation does),
// checked against the wording here and the wording as inferred, on both sides.
//
// When a law of the file is found here, the person's state decides what is kept: the file's pin or edit is
// brought to this home's law only when that law has no pin or edit of its own, since the person's word in
// this home is the newer one they are looking at. Each outcome is counted for the import report.
import type { Database } from 'better-sqlite3';
import type { ImportReport } from '../../shared/domain';
import { analyse, relate, type Analysed } from '../memory/laws/near-same';
import { count } from './import-graph';
import type { ArchiveLaw } from './formats-graph';

interface HereLaw {
  id: number;
  statement: string;
  derivedStatement: string | null;
  pinned: boolean;
  origin: string;
  forms: Analysed[];
}

export class LawsHere {
  /** This home's active laws before the import, by scope, analysed once. */
  private readonly byScope = new Map<string, HereLaw[]>();
  private readonly counts = { same: 0, stateApplied: 0, stateKept: 0 };
  private readonly update;

  constructor(
    private readonly db: Database,
    private readonly now: () => Date,
  ) {
    const rows = db.prepare(`SELECT id, scope, statement, derived_statement, pinned, origin FROM graph_law WHERE status = 'active' ORDER BY id`).all() as {
      id: number;
      scope: string;
      statement: string;
      derived_statement: string | null;
      pinned: number;
      origin: string;
    }[];
    for (const r of rows) {
      const law: HereLaw = {
        id: r.id,
        statement: r.statement,
        derivedStatement: r.derived_statement,
        pinned: r.pinned === 1,
        origin: r.origin,
        forms: [r.statement, ...(r.derived_statement ? [r.derived_statement] : [])].map(analyse),
      };
      (this.byScope.get(r.scope) ?? this.byScope.set(r.scope, []).get(r.scope)!).push(law);
    }
    this.update = db.prepare(
      `UPDATE graph_law SET statement = ?, origin = ?, derived_statement = ?, edited_at = ?, pinned = ?,
         contradicted_by = NULL, contradicted_why = NULL, suppressed_reason = NULL, suppressed_ref = NULL, suppressed_at = NULL
       WHERE id = ?`,
    );
  }

  /**
   * The id here of the law the file's active law `l` (with its cleaned statement) already is, or null.
   * `claimed` holds the laws already matched by this import: each stands for one law of the file.
   */
  find(l: ArchiveLaw, statement: string, claimed: ReadonlySet<number>): number | null {
    const mine = [statement, ...(l.derivedStatement ? [l.derivedStatement] : [])].map(analyse);
    for (const here of this.byScope.get(l.scope) ?? []) {
      if (claimed.has(here.id)) continue;
      if (mine.some((a) => here.forms.some((b) => relate(a, b) === 'same'))) return here.id;
    }
    return null;
  }

  /**
   * The file's law `l` is the law `id` here (found by `find`, or the same statement word for word): the
   * file's pin or edit comes to it only when this home's law has neither.
   */
  merge(id: number, l: ArchiveLaw, statement: string): void {
    this.counts.same++;
    const fileState = l.pinned || l.origin === 'person';
    if (!fileState) return;
    const here = this.db.prepare(`SELECT statement, derived_statement, pinned, origin, edited_at FROM graph_law WHERE id = ?`).get(id) as
      | { statement: string; derived_statement: string | null; pinned: number; origin: string; edited_at: string | null }
      | undefined;
    if (!here) return;
    if (here.pinned === 1 || here.origin === 'person') {
      // The same state on both sides (this file imported before) is no choice between them.
      const alike = (here.pinned === 1) === l.pinned && (here.origin === 'person') === (l.origin === 'person') && (l.origin !== 'person' || here.statement === statement);
      if (!alike) this.counts.stateKept++;
      return;
    }
    const edited = l.origin === 'person';
    // As law-corrections.ts keeps an edit: the wording as inferred stays beside the person's.
    const derived = edited && statement !== here.statement ? (here.derived_statement ?? here.statement) : here.derived_statement;
    this.update.run(
      edited ? statement : here.statement,
      edited ? 'person' : here.origin,
      derived,
      edited ? (l.editedAt ?? this.now().toISOString()) : here.edited_at,
      l.pinned ? 1 : here.pinned,
      id,
    );
    this.counts.stateApplied++;
  }

  reportTo(report: ImportReport): void {
    const { same, stateApplied, stateKept } = this.counts;
    report.laws.sameAsHere = same;
    report.laws.stateApplied = stateApplied;
    report.laws.stateKept = stateKept;
    if (!same) return;
    const parts = [`${count(same, 'active law')} of the file ${same === 1 ? 'is' : 'are'} the same law as one here, so ${same === 1 ? 'it was' : 'they were'} not added twice`];
    if (stateApplied) parts.push(`${count(stateApplied, 'law')} here took the file's pin or edit (${stateApplied === 1 ? 'it had' : 'they had'} none of ${stateApplied === 1 ? 'its' : 'their'} own)`);
    if (stateKept) parts.push(`${count(stateKept, 'law')} here kept your own pin or edit instead of the file's`);
    report.leftOut.push(`${parts.join('; ')}.`);
  }
}
