// Memory-task failures are never silent (issue 18 §4): each failed call is recorded with the agent, the
// task, the model, the reason and the raw reply; consecutive failures are counted per agent and task, and
// the third in a row raises a notice that says what failed and points to the model self-test.
import type { Database } from 'better-sqlite3';
import type { Notice } from '../../shared/domain';
import { FAILURE_STREAK_NOTICE, taskLabel, type TaskFailureView, type TaskStreakView } from '../../shared/memory-tasks';
import { KEEP_RAW_CHARS } from './run-task';

/** Failure rows kept: enough to see a pattern, bounded so a model failing every minute cannot grow the file. */
export const KEEP_FAILURES = 500;

export interface TaskFailureInput {
  agentId?: string;
  task: string;
  provider: string;
  model: string;
  reason: string;
  rawReply?: string | null;
}

interface FailureRow {
  agent_id: string;
  task: string;
  provider: string;
  model: string;
  reason: string;
  raw_reply: string | null;
  at: string;
}

interface StreakRow {
  agent_id: string;
  task: string;
  failures: number;
  last_ok_at: string | null;
  last_failure_at: string | null;
  items_dropped: number;
  items_cut: number;
  repaired: number;
}

export class TaskHealth {
  constructor(
    private readonly d: {
      db: Database;
      now: () => Date;
      onNotice?: (n: Notice) => void;
      /** The agent's name for the notice; the id when unknown. */
      agentName?: (agentId: string) => string | null;
    },
  ) {}

  /** A usable reply: the streak ends; what reading it left out is added to the task's counts. */
  success(task: string, agentId?: string, read: { dropped: number; cut: number; repaired: boolean } = { dropped: 0, cut: 0, repaired: false }): void {
    this.d.db
      .prepare(
        `INSERT INTO task_streak (agent_id, task, failures, last_ok_at, items_dropped, items_cut, repaired) VALUES (?, ?, 0, ?, ?, ?, ?)
         ON CONFLICT (agent_id, task) DO UPDATE SET failures = 0, last_ok_at = excluded.last_ok_at,
           items_dropped = items_dropped + excluded.items_dropped, items_cut = items_cut + excluded.items_cut, repaired = repaired + excluded.repaired`,
      )
      .run(agentId ?? '', task, this.d.now().toISOString(), read.dropped, read.cut, read.repaired ? 1 : 0);
  }

  /** Records a failure; returns the number of failures in a row for this agent and task. */
  failure(f: TaskFailureInput): number {
    const at = this.d.now().toISOString();
    const agent = f.agentId ?? '';
    const failures = this.d.db.transaction(() => {
      this.d.db
        .prepare(`INSERT INTO task_failure (agent_id, task, provider, model, reason, raw_reply, at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .run(agent, f.task, f.provider, f.model, f.reason.slice(0, 2000), f.rawReply ? f.rawReply.slice(0, KEEP_RAW_CHARS) : null, at);
      this.d.db.prepare(`DELETE FROM task_failure WHERE id <= (SELECT id FROM task_failure ORDER BY id DESC LIMIT 1 OFFSET ?)`).run(KEEP_FAILURES);
      return (
        this.d.db
          .prepare(
            `INSERT INTO task_streak (agent_id, task, failures, last_failure_at) VALUES (?, ?, 1, ?)
             ON CONFLICT (agent_id, task) DO UPDATE SET failures = failures + 1, last_failure_at = excluded.last_failure_at
             RETURNING failures`,
          )
          .get(agent, f.task, at) as { failures: number }
      ).failures;
    })();
    // Once per streak: the third failure tells the person; the tenth does not tell them again.
    if (failures === FAILURE_STREAK_NOTICE) this.d.onNotice?.(this.notice(f, failures, at));
    return failures;
  }

  private notice(f: TaskFailureInput, failures: number, at: string): Notice {
    const agent = f.agentId ? (this.d.agentName?.(f.agentId) ?? f.agentId) : null;
    return {
      level: 'warning',
      code: 'memory-task-failing',
      message:
        `${taskLabel(f.task)}${agent ? ` for ${agent}` : ''} failed ${failures} times in a row with ${f.model}. ` +
        `Last time: ${f.reason.replace(/\s+/g, ' ').slice(0, 300)} ` +
        'See what this model can do with "Check memory tasks" in Settings → Models, or choose another memory model there.',
      at,
    };
  }

  /** The most recent failures, newest first. */
  recent(limit = 20, agentId?: string): TaskFailureView[] {
    const rows = (
      agentId === undefined
        ? this.d.db.prepare(`SELECT * FROM task_failure ORDER BY id DESC LIMIT ?`).all(limit)
        : this.d.db.prepare(`SELECT * FROM task_failure WHERE agent_id = ? ORDER BY id DESC LIMIT ?`).all(agentId, limit)
    ) as FailureRow[];
    return rows.map((r) => ({
      task: r.task,
      label: taskLabel(r.task),
      agentId: r.agent_id || null,
      provider: r.provider,
      model: r.model,
      reason: r.reason,
      at: r.at,
      rawReply: r.raw_reply,
    }));
  }

  /** Tasks with at least one failure since their last success. */
  failing(): TaskStreakView[] {
    return this.tasks().filter((t) => t.failures > 0);
  }

  /** Every agent and task that has run, the failing first. */
  tasks(): TaskStreakView[] {
    const rows = this.d.db.prepare(`SELECT * FROM task_streak ORDER BY failures > 0 DESC, coalesce(last_failure_at, last_ok_at) DESC`).all() as StreakRow[];
    return rows.map((r) => ({
      agentId: r.agent_id || null,
      task: r.task,
      label: taskLabel(r.task),
      failures: r.failures,
      lastOkAt: r.last_ok_at,
      lastFailureAt: r.last_failure_at,
      itemsDropped: r.items_dropped,
      itemsCut: r.items_cut,
      repaired: r.repaired,
    }));
  }
}
