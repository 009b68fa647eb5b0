// One order for a chat's messages on every device (issue 30 §6: an identical state after reconnecting).
// A message's place is its order key — (order time, tie, id), compared in that order — never its local
// insertion number (`seq`), which is the order it *arrived* in on one device and stays the search index's
// rowid. The order time is a hybrid logical clock per chat: a message written here takes the later of its
// own time and just after the latest order time this chat holds (app migration 14's trigger does it for
// every write, so no writer can forget), so a reply written on a device whose clock
// is behind still comes after what that device had already seen (causality beats clocks), and messages
// written apart on two devices interleave by time. The tie is the writing device's own order (messages of
// the same instant); the id makes the order total. Devices exchange the key with the message, so every
// device sorts the same keys the same way whatever order they arrived in.

// Years 0–9999 only: toISOString writes others as ±YYYYYY, which would not compare as strings.
const FIRST = Date.parse('0000-01-01T00:00:00.000Z');
const LAST = Date.parse('9999-12-31T23:59:59.999Z');

/** An order time in one canonical form (`toISOString`, so plain string comparison is time order), or null. */
export function canonicalTime(s: unknown): string | null {
  if (typeof s !== 'string' || s.length > 64) return null;
  const ms = Date.parse(s);
  if (!Number.isFinite(ms) || ms < FIRST || ms > LAST) return null;
  return new Date(ms).toISOString();
}

export interface OrderKey {
  /** Canonical order time (canonicalTime). */
  at: string;
  /** The writing device's order among messages of the same order time. */
  tie: number;
  id: string;
}

/** Negative when `a` comes first: by order time, then tie, then id. */
export function compareOrder(a: OrderKey, b: OrderKey): number {
  if (a.at !== b.at) return a.at < b.at ? -1 : 1;
  if (a.tie !== b.tie) return a.tie - b.tie;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
