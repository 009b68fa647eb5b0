import type { Migration } from '../migrate';

// Summaries of consolidation runs (what changed per layer, LLM calls, tokens, duration), kept so the
// UI can show history and the scheduler knows when each agent last ran.
export const memory0003ConsolidationRuns: Migration = {
  version: 3,
  name: 'consolidation-runs',
  up: `
    CREATE TABLE consolidation_run (
      id           TEXT PRIMARY KEY,
      agent_id     TEXT NOT NULL,
      level        INTEGER NOT NULL,
      trigger      TEXT NOT NULL,
      started_at   TEXT NOT NULL,
      finished_at  TEXT NOT NULL,
      ok           INTEGER NOT NULL,
      summary      TEXT NOT NULL
    );
    CREATE INDEX consolidation_run_agent ON consolidation_run (agent_id, started_at DESC);
  `,
};
