// The consolidation scheduler with a fake clock: due logic, hot-reloaded intervals, agents turned off,
// single-flight, and failure backoff.
import { describe, expect, it } from 'vitest';
import { configSchema, type Config } from '../../src/shared/config';
import type { ConsolidationSummary } from '../../src/shared/domain';
import { ConsolidationScheduler } from '../../src/main/memory/consolidate/scheduler';

const MIN = 60_000;

function harness() {
  let config: Config = configSchema.parse({
    agent: {
      agents: [
        { id: 'a', name: 'A', memory: { autoConsolidate: true, intervalMinutes: 30 } },
        { id: 'b', name: 'B', memory: { autoConsolidate: false, intervalMinutes: 10 } },
      ],
    },
  });
  const runs: string[] = [];
  const running = new Set<string>();
  const pending = new Map<string, (s: Partial<ConsolidationSummary>) => void>();
  const s = new ConsolidationScheduler({
    config: () => config,
    run: (id) => {
      runs.push(id);
      running.add(id);
      return new Promise<ConsolidationSummary>((resolve) =>
        pending.set(id, (r) => {
          running.delete(id);
          resolve({ ok: true, cancelled: false, error: null, ...r } as ConsolidationSummary);
        }),
      );
    },
    isRunning: (id) => running.has(id),
    lastRunAt: () => null,
    log: () => {},
  });
  const finish = async (id: string, r: Partial<ConsolidationSummary> = {}) => {
    pending.get(id)!(r);
    await new Promise((res) => setTimeout(res, 0));
  };
  return { s, runs, finish, setConfig: (f: (c: Config) => Config) => (config = f(structuredClone(config))) };
}

describe('consolidation scheduler', () => {
  it('runs opted-in agents when due, at their own interval', async () => {
    const { s, runs, finish } = harness();
    expect(s.tick(0)).toEqual(['a']); // never ran: due now; b is opted out
    await finish('a');
    expect(s.tick(29 * MIN)).toEqual([]);
    expect(s.tick(30 * MIN)).toEqual(['a']);
    expect(runs).toEqual(['a', 'a']);
    expect(s.nextRunAt('b', 0)).toBeNull();
  });

  it('never overlaps runs of one agent', () => {
    const { s, runs } = harness();
    s.tick(0);
    expect(s.tick(100 * MIN)).toEqual([]); // still running
    expect(runs).toEqual(['a']);
  });

  it('applies hot-reloaded settings on the next tick, without a new timer', async () => {
    const { s, finish, setConfig } = harness();
    s.tick(0);
    await finish('a');
    setConfig((c) => {
      c.agent.agents[0].memory.intervalMinutes = 5;
      c.agent.agents[1].memory.autoConsolidate = true;
      return c;
    });
    expect(s.tick(5 * MIN)).toEqual(['a', 'b']);
  });

  it('an agent turned off mid-run finishes that run and is not scheduled again', async () => {
    const { s, finish, setConfig } = harness();
    s.tick(0);
    setConfig((c) => {
      c.agent.agents[0].memory.autoConsolidate = false;
      return c;
    });
    await finish('a');
    expect(s.tick(1000 * MIN)).toEqual([]);
    expect(s.nextRunAt('a', 0)).toBeNull();
  });

  it('backs off after failures (doubling, capped) and keeps the error; a success resets it', async () => {
    const { s, finish } = harness();
    s.tick(0);
    await finish('a', { ok: false, error: 'provider down' });
    expect(s.lastError('a')).toBe('provider down');
    expect(s.nextRunAt('a', 0)).toBe(60 * MIN); // 30 min × 2
    expect(s.tick(30 * MIN)).toEqual([]);
    expect(s.tick(60 * MIN)).toEqual(['a']);
    await finish('a', { ok: false, error: 'still down' });
    expect(s.nextRunAt('a', 0)).toBe(60 * MIN + 120 * MIN);
    let attemptAt = 0;
    for (let i = 0; i < 10; i++) {
      attemptAt = s.nextRunAt('a', 0)!;
      expect(s.tick(attemptAt)).toEqual(['a']);
      await finish('a', { ok: false, error: 'down' });
    }
    const last = s.nextRunAt('a', 0)!;
    expect(last - attemptAt).toBe(6 * 60 * MIN); // capped at 6 hours
    s.tick(last);
    await finish('a');
    expect(s.lastError('a')).toBeNull();
    expect(s.nextRunAt('a', 0)).toBe(last + 30 * MIN);
  });
});

describe('consolidation scheduler on a home synced across devices (issue 30 §3)', () => {
  it('starts nothing while another device runs the schedule, and runs again when it is back here', async () => {
    const { s, runs, finish } = harness();
    let elsewhere: string | null = 'desktop';
    s.runsElsewhereWhen(() => elsewhere);
    expect(s.scheduledOn()).toBe('desktop');
    expect(s.tick(0)).toEqual([]); // due (never ran), but scheduled on the desktop
    expect(s.tick(100 * MIN)).toEqual([]);
    expect(runs).toEqual([]);
    elsewhere = null; // the person chose this device
    expect(s.tick(101 * MIN)).toEqual(['a']);
    await finish('a');
    expect(runs).toEqual(['a']);
  });

  it('a failing answer does not stop the schedule: it runs here and logs why', () => {
    const logged: string[] = [];
    const s = new ConsolidationScheduler({
      config: () => configSchema.parse({ agent: { agents: [{ id: 'a', name: 'A', memory: { autoConsolidate: true, intervalMinutes: 30 } }] } }),
      run: () => new Promise<ConsolidationSummary>(() => {}),
      isRunning: () => false,
      lastRunAt: () => null,
      log: (m) => logged.push(m),
    });
    s.runsElsewhereWhen(() => {
      throw new Error('database is locked');
    });
    expect(s.tick(0)).toEqual(['a']);
    expect(logged[0]).toMatch(/which device runs scheduled consolidation/);
  });
});
