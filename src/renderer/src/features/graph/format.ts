// Dates and validity windows as the Graph tab shows them.

const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };

export function formatDay(at: number | string): string {
  return new Date(at).toLocaleDateString(undefined, DAY);
}

export function formatMoment(at: number | string): string {
  return new Date(at).toLocaleString(undefined, { ...DAY, hour: '2-digit', minute: '2-digit' });
}

/** "since 1 Mar 2025" / "10 Jan 2024 – 1 Mar 2025". */
export function validitySpan(validFrom: string, validTo: string | null): string {
  return validTo === null ? `since ${formatDay(validFrom)}` : `${formatDay(validFrom)} – ${formatDay(validTo)}`;
}

/** The value of an <input type="date"> for a moment, in local time. */
export function dateInputValue(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The end of the chosen local day: "as it was on 3 May" includes everything that happened that day. */
export function endOfDay(value: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return null;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999).getTime();
}

export function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString()} ${n === 1 ? one : many}`;
}
