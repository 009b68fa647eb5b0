import type { Migration } from '../migrate';

// Memory tasks that fail, and what each model can do (issue 18 §3–§4).
//   task_failure  every failed memory-task call: which agent and task, with which model, why, the raw
//                 reply when there was one. Pruned to the most recent rows (task-health.ts).
//   task_streak   consecutive failures per agent and task, so "failed 3 times in a row" survives a restart;
//                 a success resets it. Also counts, since the row was made, the items left out of usable
//                 replies (bad items dropped, items over the task's limit cut) and the replies that needed
//                 the repair attempt: a model that half-works is visible too.
//   model_check   the last self-test of each provider + model ("Check memory tasks"), as JSON.
// Numbered 12 by the session plan (11 belongs to another branch); the lead renumbers on merge.
export const memory0011TaskHealth: Migration = {
  version: 11,
  name: 'task-health',
  up: `
    CREATE TABLE task_failure (
      id        INTEGER PRIMARY KEY AUTOINCREMENT,
      agent_id  TEXT NOT NULL DEFAULT '',
      task      TEXT NOT NULL,
      provider  TEXT NOT NULL,
      model     TEXT NOT NULL,
      reason    TEXT NOT NULL,
      raw_reply TEXT,
      at        TEXT NOT NULL
    );
    CREATE INDEX task_failure_agent ON task_failure (agent_id, task, id);

    CREATE TABLE task_streak (
      agent_id        TEXT NOT NULL DEFAULT '',
      task            TEXT NOT NULL,
      failures        INTEGER NOT NULL DEFAULT 0,
      last_ok_at      TEXT,
      last_failure_at TEXT,
      items_dropped   INTEGER NOT NULL DEFAULT 0,
      items_cut       INTEGER NOT NULL DEFAULT 0,
      repaired        INTEGER NOT NULL DEFAULT 0,
      PRIMARY KEY (agent_id, task)
    );

    CREATE TABLE model_check (
      provider   TEXT NOT NULL,
      model      TEXT NOT NULL,
      checked_at TEXT NOT NULL,
      report     TEXT NOT NULL,
      PRIMARY KEY (provider, model)
    );
  `,
};
