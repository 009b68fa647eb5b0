// How Memory → History and `monad history` read the journal: rows by local day with one request's
// entries folded into one row (what was asked, how many changes, undoable when any member is), item
// links, and dates: a bare date is the start of that day where the person is, and ages like 7d work.
import { afterEach, describe, expect, it } from 'vitest';
import type { HistoryEntry } from '../../src/shared/journal';
import { dayKey, dayLabel, historyRows, itemRef, rowSummary, undoTarget, whoLabel } from '../../src/renderer/src/features/history/format';
import { sinceIso } from '../../src/main/memory/journal/history-service';
import { parseSince, renderPage } from '../../src/cli/commands/history';

let nextId = 100;
function entry(p: Partial<HistoryEntry> & { at: string }): HistoryEntry {
  return {
    id: nextId--,
    layer: 'facts',
    action: 'fact.forgotten',
    scope: 'global',
    item: 'fact:0123456789ab',
    actor: 'person',
    source: null,
    before: null,
    after: null,
    summary: 'a change',
    groupId: null,
    undoes: null,
    undoneBy: null,
    canUndo: true,
    ...p,
  };
}

const TZ = process.env.TZ;
afterEach(() => {
  if (TZ === undefined) delete process.env.TZ;
  else process.env.TZ = TZ;
});

describe('history rows', () => {
  it('one heading per local day, newest first; a group folds into the row of its newest entry', () => {
    const now = new Date(2026, 11, 2, 15, 0);
    const ask = { via: 'app' as const, detail: 'Forgot everything about “Ana”' };
    const rows = historyRows(
      [
        entry({ at: new Date(2026, 11, 2, 14, 0).toISOString(), summary: 'Forgot the mem0 memory “Ana plays”', groupId: 'g1', source: ask }),
        entry({ at: new Date(2026, 11, 2, 13, 59).toISOString(), summary: 'Forgot “Sister is Ana”', groupId: 'g1', source: ask, canUndo: false }),
        entry({ at: new Date(2026, 11, 2, 9, 0).toISOString(), summary: 'Recorded “Likes tea”' }),
        entry({ at: new Date(2026, 11, 1, 23, 0).toISOString(), summary: 'Derived a law', layer: 'laws', item: 'law:7', actor: 'inference', canUndo: false }),
        entry({ at: new Date(2026, 10, 20, 8, 0).toISOString(), summary: 'Edited “Likes coffee”', groupId: 'g2' }),
        entry({ at: new Date(2026, 10, 20, 7, 0).toISOString(), summary: 'Closed a relation', groupId: 'g2', layer: 'graph', item: 'relation:4' }),
      ],
      now,
    );
    expect(rows.map((r) => (r.kind === 'day' ? `# ${r.label}` : rowSummary(r)))).toEqual([
      '# Today',
      'Forgot everything about “Ana” (2 changes)',
      'Recorded “Likes tea”',
      '# Yesterday',
      'Derived a law',
      `# ${new Date(2026, 10, 20).toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long' })}`,
      'Edited “Likes coffee” and 1 more change',
    ]);
    const group = rows[1] as Extract<(typeof rows)[number], { kind: 'entry' }>;
    expect(group.members).toHaveLength(2);
    // Undo of a group goes through a member that can be undone (the engine undoes the rest with it).
    expect(undoTarget(group)?.summary).toBe('Forgot the mem0 memory “Ana plays”');
    const law = rows[4] as Extract<(typeof rows)[number], { kind: 'entry' }>;
    expect(undoTarget(law)).toBeNull();
  });

  it('days of other years say the year', () => {
    expect(dayLabel(new Date(2025, 0, 5, 12).toISOString(), new Date(2026, 5, 1))).toContain('2025');
    expect(dayKey(new Date(2026, 0, 5, 23, 30).toISOString())).toBe('2026-01-05');
  });

  it('links each item where it lives; a fact edited since opens under its new id', () => {
    expect(itemRef(entry({ at: '2026-12-01T00:00:00Z', item: 'fact:0123456789ab', scope: 'agent:x' }))).toEqual({ kind: 'fact', scope: 'agent:x', factId: '0123456789ab' });
    expect(itemRef(entry({ at: '2026-12-01T00:00:00Z', action: 'fact.edited', item: 'fact:0123456789ab', after: { id: 'ffffffffffff', text: 't' } }))).toMatchObject({ factId: 'ffffffffffff' });
    expect(itemRef(entry({ at: '2026-12-01T00:00:00Z', item: 'relation:12', scope: 'agent:x' }))).toEqual({ kind: 'relation', scope: 'agent:x', edgeId: 12 });
    expect(itemRef(entry({ at: '2026-12-01T00:00:00Z', item: 'entity:3', scope: 'agent:x' }))).toEqual({ kind: 'entity', scope: 'agent:x', nodeId: 3 });
    expect(itemRef(entry({ at: '2026-12-01T00:00:00Z', item: 'law:9', scope: null }))).toEqual({ kind: 'law', scope: null, lawId: 9 });
    expect(itemRef(entry({ at: '2026-12-01T00:00:00Z', item: 'identity:core/USER.md' }))).toEqual({ kind: 'identity', path: 'core/USER.md' });
    expect(itemRef(entry({ at: '2026-12-01T00:00:00Z', item: 'relation:x', scope: 'agent:x' }))).toBeNull();
    expect(itemRef(entry({ at: '2026-12-01T00:00:00Z', item: 'fact:0123456789ab', scope: null }))).toBeNull();
    expect(whoLabel(entry({ at: '2026-12-01T00:00:00Z', actor: 'agent', source: { sessionId: 's', messageId: 'm' } }))).toBe('Agent, in a chat');
    // The agent wrote down the person's own words (issue 27 §3).
    expect(whoLabel(entry({ at: '2026-12-01T00:00:00Z', actor: 'agent', source: { sessionId: 's', messageId: 'm', stated: true } }))).toBe('Agent, from your message in a chat');
    expect(whoLabel(entry({ at: '2026-12-01T00:00:00Z', actor: 'person', source: { via: 'cli' } }))).toBe('You, from the CLI');
    // An MCP write names the app by the label of its credential (what the journal keeps in detail).
    expect(whoLabel(entry({ at: '2026-12-01T00:00:00Z', actor: 'mcp', source: { via: 'mcp', detail: 'Claude Code' } }))).toBe('Claude Code (MCP app)');
    expect(whoLabel(entry({ at: '2026-12-01T00:00:00Z', actor: 'mcp', source: { via: 'mcp' } }))).toBe('MCP client, over MCP');
  });
});

describe('dates for --since and history.list', () => {
  it('a bare date is local midnight, in any time zone', () => {
    process.env.TZ = 'America/New_York';
    expect(sinceIso('2026-11-06')).toBe('2026-11-06T05:00:00.000Z');
    process.env.TZ = 'Asia/Tokyo';
    expect(sinceIso('2026-11-06')).toBe('2026-11-05T15:00:00.000Z');
    expect(sinceIso('2026-11-06T10:00:00Z')).toBe('2026-11-06T10:00:00.000Z');
    expect(() => sinceIso('soon')).toThrow(/Not a date/);
  });

  it('the CLI takes a date, a date-time or an age, and nothing else', () => {
    const now = new Date('2026-12-02T12:00:00Z');
    expect(parseSince('7d', now)).toBe('2026-11-25T12:00:00.000Z');
    expect(parseSince('12h', now)).toBe('2026-12-02T00:00:00.000Z');
    expect(parseSince('2w', now)).toBe('2026-11-18T12:00:00.000Z');
    expect(parseSince('2026-11-30', now)).toBe('2026-11-30');
    expect(parseSince('2026-11-30T08:00:00Z', now)).toBe('2026-11-30T08:00:00.000Z');
    for (const bad of ['2026-02-30', 'yesterday', '7 days', '-1d', '2026-11-30T', '']) expect(() => parseSince(bad, now), bad).toThrow(/--since/);
  });

  it('the CLI page marks undone entries and undos, and names the next cursor', () => {
    const text = renderPage({
      entries: [
        entry({ id: 5, at: new Date(2026, 11, 2, 10, 5).toISOString(), summary: 'Restored', undoes: 3, canUndo: false }),
        entry({ id: 3, at: new Date(2026, 11, 2, 10, 0).toISOString(), summary: 'Forgot “x”', undoneBy: 5, canUndo: false, source: { via: 'app' } }),
      ],
      next: '3',
    });
    expect(text).toContain('10:05  #5  person');
    expect(text).toContain('Restored  [undoes #3]');
    expect(text).toMatch(/#3 {2}person \(app\)\s+facts\s+global\s+Forgot “x” {2}\[undone by #5\]/);
    expect(text.trim().endsWith('Older entries: monad history --before 3')).toBe(true);
    expect(renderPage({ entries: [], next: null })).toBe('No changes to memory match.\n');
  });
});
