// The sidebar's chats grouped by when they were last active, as chat apps do: Today, Yesterday,
// Previous 7 days, then one group per month ("October", and "October 2025" when not this year).
// Days are the person's local calendar days, not 24-hour windows.
import type { Session } from '../../../../shared/domain';

export interface SessionGroup {
  /** Stable across renders and locales: "today", "yesterday", "week", "2026-10". */
  key: string;
  label: string;
  sessions: Session[];
}

const DAY_MS = 86_400_000;

function startOfDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

export function groupSessionsByDate(sessions: Session[], now: Date = new Date()): SessionGroup[] {
  const today = startOfDay(now);
  const groups: SessionGroup[] = [];
  const byKey = new Map<string, SessionGroup>();
  for (const s of sessions) {
    const at = new Date(s.updatedAt);
    const day = startOfDay(at);
    let key: string;
    let label: string;
    if (day >= today) [key, label] = ['today', 'Today'];
    else if (day >= today - DAY_MS * 1.5) [key, label] = ['yesterday', 'Yesterday'];
    else if (day >= today - DAY_MS * 7.5) [key, label] = ['week', 'Previous 7 days'];
    else {
      key = `${at.getFullYear()}-${String(at.getMonth() + 1).padStart(2, '0')}`;
      label = monthLabel(at, now);
    }
    let g = byKey.get(key);
    if (!g) {
      g = { key, label, sessions: [] };
      byKey.set(key, g);
      groups.push(g);
    }
    g.sessions.push(s);
  }
  return groups;
}

function monthLabel(at: Date, now: Date): string {
  const sameYear = at.getFullYear() === now.getFullYear();
  return at.toLocaleDateString(undefined, sameYear ? { month: 'long' } : { month: 'long', year: 'numeric' });
}

/** The time beside a chat: "14:05" today, a weekday this week, "12 Mar" this year, "12 Mar 2025" before. */
export function sessionTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const day = startOfDay(at);
  const today = startOfDay(now);
  if (day >= today) return at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (day >= today - DAY_MS * 6.5) return at.toLocaleDateString(undefined, { weekday: 'short' });
  if (at.getFullYear() === now.getFullYear()) return at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return at.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
