// The sidebar's date groups (issue 17): local calendar days, months after a week, the year when it is not this year.
import { describe, expect, it } from 'vitest';
import type { Session } from '../../src/shared/domain';
import { groupSessionsByDate, sessionTime } from '../../src/renderer/src/features/sessions/date-groups';

function session(id: string, updatedAt: Date): Session {
  const iso = updatedAt.toISOString();
  return { id, agentId: 'default', title: id, workspace: null, projectKey: null, incognito: false, createdAt: iso, updatedAt: iso, messageCount: 1 };
}

const local = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h);

describe('groupSessionsByDate', () => {
  const now = local(2026, 12, 2, 9);
  it('groups newest-first sessions into Today, Yesterday, Previous 7 days, then months', () => {
    const list = [
      session('early-today', local(2026, 12, 2, 0)),
      session('late-yesterday', local(2026, 12, 1, 23)),
      session('yesterday-morning', local(2026, 12, 1, 1)),
      session('five-days', local(2026, 11, 27)),
      session('seven-days', local(2026, 11, 25)),
      session('eight-days', local(2026, 11, 24)),
      session('october', local(2026, 10, 3)),
      session('last-year', local(2025, 12, 30)),
    ];
    const groups = groupSessionsByDate(list, now);
    expect(groups.map((g) => [g.key, g.sessions.map((s) => s.id)])).toEqual([
      ['today', ['early-today']],
      ['yesterday', ['late-yesterday', 'yesterday-morning']],
      ['week', ['five-days', 'seven-days']],
      ['2026-11', ['eight-days']],
      ['2026-10', ['october']],
      ['2025-12', ['last-year']],
    ]);
    expect(groups.slice(0, 3).map((g) => g.label)).toEqual(['Today', 'Yesterday', 'Previous 7 days']);
    expect(groups[4].label).not.toMatch(/2026/);
    expect(groups[5].label).toMatch(/2025/);
  });

  it('crosses a year boundary by calendar day', () => {
    const groups = groupSessionsByDate([session('nye', local(2025, 12, 31, 23))], local(2026, 1, 1, 0, ));
    expect(groups.map((g) => g.key)).toEqual(['yesterday']);
  });
});

describe('sessionTime', () => {
  const now = local(2026, 12, 2, 15);
  it('shows the year only for dates not in this year', () => {
    expect(sessionTime(local(2026, 3, 12).toISOString(), now)).not.toMatch(/2026/);
    expect(sessionTime(local(2025, 3, 12).toISOString(), now)).toMatch(/2025/);
    expect(sessionTime(local(2026, 12, 2, 9).toISOString(), now)).toMatch(/\d{1,2}.\d{2}/);
  });
});
