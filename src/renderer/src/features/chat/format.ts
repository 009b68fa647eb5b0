// Times and numbers in the chat. Formatters are built once: `toLocaleString()` builds a new one on
// every call, which showed up as the largest single cost of painting a chat.
const clockFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const fullFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
const dayFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const numberFormat = new Intl.NumberFormat();

/** "10:52 PM" */
export function clock(iso: string): string {
  return clockFormat.format(new Date(iso));
}

/** "29 Nov 2026, 22:52:10", for tooltips. */
export function fullTimeOf(iso: string): string {
  return fullFormat.format(new Date(iso));
}

/** "29 Nov 2026" */
export function dayOf(iso: string): string {
  return dayFormat.format(new Date(iso));
}

/** "12,345" */
export function num(n: number): string {
  return numberFormat.format(n);
}
