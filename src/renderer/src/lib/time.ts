// Short human times for lists ("now", "5m", "3h", "Mon", "12 Mar") and full ones for tooltips.

export function shortAgo(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  const secs = Math.max(0, (now.getTime() - then.getTime()) / 1000);
  if (secs < 60) return 'now';
  if (secs < 3600) return `${Math.floor(secs / 60)}m`;
  if (secs < 86_400) return `${Math.floor(secs / 3600)}h`;
  if (secs < 7 * 86_400) return then.toLocaleDateString(undefined, { weekday: 'short' });
  return then.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

export function fullTime(iso: string): string {
  return new Date(iso).toLocaleString();
}
