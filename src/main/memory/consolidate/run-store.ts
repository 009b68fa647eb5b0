// Consolidation run history in db/memory.sqlite. Only the most recent runs per agent are kept.
import type { Database } from 'better-sqlite3';
import type { ConsolidationSummary } from '../../../shared/domain';

/** Enough history for the UI; older summaries are pruned on every write. */
export const KEEP_RUNS_PER_AGENT = 50;

export class RunStore {
  constructor(private readonly db: Database) {}

  save(s: ConsolidationSummary): void {
    this.db.transaction(() => {
      this.db
        .prepare(`INSERT INTO consolidation_run (id, agent_id, level, trigger, started_at, finished_at, ok, summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
        .run(s.runId, s.agentId, s.level, s.trigger, s.startedAt, s.finishedAt, s.ok ? 1 : 0, JSON.stringify(s));
      this.db
        .prepare(
          `DELETE FROM consolidation_run WHERE agent_id = ? AND id NOT IN
           (SELECT id FROM consolidation_run WHERE agent_id = ? ORDER BY started_at DESC LIMIT ?)`,
        )
        .run(s.agentId, s.agentId, KEEP_RUNS_PER_AGENT);
    })();
  }

  history(agentId?: string, limit = 20): ConsolidationSummary[] {
    const rows = (
      agentId
        ? this.db.prepare(`SELECT summary FROM consolidation_run WHERE agent_id = ? ORDER BY started_at DESC LIMIT ?`).pluck().all(agentId, limit)
        : this.db.prepare(`SELECT summary FROM consolidation_run ORDER BY started_at DESC LIMIT ?`).pluck().all(limit)
    ) as string[];
    return rows.map((r) => JSON.parse(r) as ConsolidationSummary);
  }

  last(agentId: string): ConsolidationSummary | null {
    return this.history(agentId, 1)[0] ?? null;
  }
}
