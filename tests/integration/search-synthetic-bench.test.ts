// The synthetic latency run's derived arm (issue 31 §3): the same home and questions, timed again with
// derived memory on a share of the messages, in the same run as the words-only pass and the baseline.
import Database from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSyntheticBench } from '../../bench/lib/synthetic';
import { tempHome } from '../helpers/temp-home';

describe('synthetic search bench, derived arm', () => {
  it('times the search with derived memory on the share of messages asked for, and that memory is still there when timed', async () => {
    const home = tempHome();
    const r = await runSyntheticBench({ messages: 2000, queries: 20, generatedOnly: true, derivedShare: 0.25, home });
    expect(r.latencyMs.p95).toBeGreaterThan(0);
    expect(r.baselineLatencyMs.p95).toBeGreaterThan(0);
    const d = r.derived!;
    // About a quarter of the messages, one to three entries each.
    expect(d.messages).toBeGreaterThan(400);
    expect(d.messages).toBeLessThan(600);
    expect(d.entries).toBeGreaterThanOrEqual(d.messages);
    expect(d.entries).toBeLessThanOrEqual(3 * d.messages);
    expect(d.latencyMs.p95).toBeGreaterThan(0);
    // The search's own rebuild from memory (which holds no facts here) did not empty the field while it
    // was timed: the figure is the derived path's, not the words' again.
    const db = new Database(join(home, 'db', 'app.sqlite'), { readonly: true });
    try {
      expect(db.prepare('SELECT count(*) FROM message_derived').pluck().get()).toBe(d.messages);
    } finally {
      db.close();
    }
    // Without a share, no derived arm.
    expect((await runSyntheticBench({ messages: 1000, queries: 5, generatedOnly: true })).derived).toBeUndefined();
  });
});
