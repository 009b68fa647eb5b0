// Memory migration 11 "task health": failures of memory tasks, failure streaks, self-test results.
// renumbers) from the previous version, and the failure ledger on its own: streaks per agent and task,
// the notice once per streak, pruning to the most recent rows, raw replies cut.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { latestVersion, migrate, schemaVersion } from '../../src/main/db/migrate';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { KEEP_RAW_CHARS } from '../../src/main/llm/run-task';
import { KEEP_FAILURES, TaskHealth } from '../../src/main/llm/task-health';
import type { Notice } from '../../src/shared/domain';
import { tempHome } from '../helpers/temp-home';

const TASK_HEALTH = memoryMigrations.find((m) => m.name === 'task-health')!;

function db(): BetterSqlite3.Database {
  const d = new BetterSqlite3(join(tempHome(), 'memory.sqlite'));
  migrate(d, memoryMigrations, 'memory', { target: TASK_HEALTH.version - 1 });
  d.prepare(`insert into graph_node (scope, name, norm_name, type, summary, created_at, updated_at) values ('global', 'User', 'user', 'person', '', 't', 't')`).run();
  migrate(d, memoryMigrations, 'memory');
  return d;
}

describe('memory migration: task health', () => {
  it('adds the tables on a database of the previous version, keeping what it holds', () => {
    const d = db();
    expect(schemaVersion(d)).toBe(latestVersion(memoryMigrations));
    expect(d.prepare(`select name from graph_node`).pluck().all()).toEqual(['User']);
    const tables = d.prepare(`select name from sqlite_master where type = 'table' and name in ('task_failure', 'task_streak', 'model_check') order by name`).pluck().all();
    expect(tables).toEqual(['model_check', 'task_failure', 'task_streak']);
    d.close();
  });
});

describe('TaskHealth', () => {
  let clock = Date.parse('2026-12-01T10:00:00.000Z');
  const now = () => new Date((clock += 1000));

  it('streaks per agent and task; the notice once, at the third failure in a row; a success resets', () => {
    const notices: Notice[] = [];
    const h = new TaskHealth({ db: db(), now, onNotice: (n) => notices.push(n), agentName: (id) => (id === 'a1' ? 'Research' : null) });
    const f = { task: 'infer-laws', provider: 'Ollama', model: 'llama3.2:3b', reason: 'The reply holds no JSON object.' };
    expect([h.failure({ ...f, agentId: 'a1' }), h.failure({ ...f, agentId: 'a1' }), h.failure({ ...f, agentId: 'a2' })]).toEqual([1, 2, 1]);
    expect(notices).toEqual([]);
    expect(h.failure({ ...f, agentId: 'a1' })).toBe(3);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ code: 'memory-task-failing', level: 'warning' });
    expect(notices[0].message).toMatch(/^Learning rules from facts for Research failed 3 times in a row with llama3\.2:3b\. Last time: The reply holds no JSON object\./);
    h.failure({ ...f, agentId: 'a1' });
    expect(notices).toHaveLength(1);
    h.success('infer-laws', 'a1');
    expect(h.failing().map((s) => [s.agentId, s.failures])).toEqual([['a2', 1]]);
    // After a reset, a new streak of three tells the person again.
    for (let i = 0; i < 3; i++) h.failure({ ...f, agentId: 'a1' });
    expect(notices).toHaveLength(2);
    // Without an agent: the notice names none.
    for (let i = 0; i < 3; i++) h.failure({ ...f, task: 'judge-fact' });
    expect(notices[2].message).toMatch(/^Checking a fact before it is saved failed 3 times/);
  });

  it(`keeps the most recent ${KEEP_FAILURES} failures, newest first, raw replies cut to ${KEEP_RAW_CHARS} characters`, () => {
    const h = new TaskHealth({ db: db(), now });
    for (let i = 0; i < KEEP_FAILURES + 7; i++) h.failure({ task: 'extract-graph', provider: 'P', model: 'm', reason: `r${i}`, rawReply: i === KEEP_FAILURES + 6 ? 'x'.repeat(KEEP_RAW_CHARS + 50) : null });
    const all = h.recent(10_000);
    expect(all).toHaveLength(KEEP_FAILURES);
    expect(all[0].reason).toBe(`r${KEEP_FAILURES + 6}`);
    expect(all.at(-1)!.reason).toBe('r7');
    expect(all[0].rawReply).toHaveLength(KEEP_RAW_CHARS);
    expect(all[0]).toMatchObject({ agentId: null, label: 'Building the knowledge graph from chats' });
  });
});
