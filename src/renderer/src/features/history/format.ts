// Memory → History as rows: local-day headings, and the entries of one group action (a cascade,
// "forget everything about X", an undo) folded into one row, since they are one change and one undo.
// Pure, so it is tested without a browser.
import type { HistoryEntry, JournalActor, JournalLayer } from '../../../../shared/journal';

export type HistoryRow =
  | { kind: 'day'; key: string; label: string }
  /** `lead` is the newest entry of its group (or the entry alone); `members` are all of them, newest first. */
  | { kind: 'entry'; key: string; lead: HistoryEntry; members: HistoryEntry[] };

const pad = (n: number) => String(n).padStart(2, '0');

/** The local calendar day of an ISO time: "2026-12-01". */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** "Today", "Yesterday", then "Monday 24 November" (with the year when it is not this one). */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const key = dayKey(iso);
  if (key === dayKey(now.toISOString())) return 'Today';
  const yesterday = new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1);
  if (key === dayKey(yesterday.toISOString())) return 'Yesterday';
  const d = new Date(iso);
  return d.toLocaleDateString(undefined, { weekday: 'long', day: 'numeric', month: 'long', ...(d.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }) });
}

export function timeOfDay(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/**
 * Entries (newest first, as paged) into rows. A group's entries are consecutive in the journal, so
 * they fold into the row of the first one met; a group that spans two days shows under the newer.
 */
export function historyRows(entries: readonly HistoryEntry[], now: Date = new Date()): HistoryRow[] {
  const rows: HistoryRow[] = [];
  const groups = new Map<string, Extract<HistoryRow, { kind: 'entry' }>>();
  let day: string | null = null;
  for (const e of entries) {
    if (e.groupId) {
      const row = groups.get(e.groupId);
      if (row) {
        row.members.push(e);
        continue;
      }
    }
    const d = dayKey(e.at);
    if (d !== day) {
      rows.push({ kind: 'day', key: `day:${d}`, label: dayLabel(e.at, now) });
      day = d;
    }
    const row = { kind: 'entry' as const, key: `entry:${e.id}`, lead: e, members: [e] };
    rows.push(row);
    if (e.groupId) groups.set(e.groupId, row);
  }
  return rows;
}

/**
 * What a row says. A group made by one request says what was asked ("Forgot everything about “Ana”"),
 * which every member carries as its reason; otherwise the newest entry's summary and how many more.
 */
export function rowSummary(row: Extract<HistoryRow, { kind: 'entry' }>): string {
  const n = row.members.length;
  if (n === 1) return row.lead.summary;
  const asked = groupReason(row);
  if (asked) return `${asked} (${n} changes)`;
  return `${row.lead.summary} and ${n - 1} more change${n === 2 ? '' : 's'}`;
}

/** The reason every member of a group shares, if they share one. */
export function groupReason(row: Extract<HistoryRow, { kind: 'entry' }>): string | null {
  // An MCP app's label is who did it (whoLabel), not a reason.
  if (row.lead.actor === 'mcp') return null;
  const detail = row.lead.source?.detail;
  return detail && row.members.every((m) => m.source?.detail === detail) ? detail : null;
}

/** A group row can be undone when one of its entries can (the journal undoes the whole group). */
export function undoTarget(row: Extract<HistoryRow, { kind: 'entry' }>): HistoryEntry | null {
  return row.members.find((m) => m.canUndo) ?? null;
}

export const LAYER_LABEL: Record<JournalLayer, string> = { facts: 'Facts', identity: 'Identity files', graph: 'Graph', laws: 'Laws' };

export const ACTOR_LABEL: Record<JournalActor, string> = {
  person: 'You',
  agent: 'Agent',
  consolidation: 'Consolidation',
  extraction: 'Graph extraction',
  inference: 'Law inference',
  import: 'Import',
  mcp: 'MCP client',
  system: 'Monad',
};

const VIA_LABEL: Record<string, string> = { app: 'in the app', cli: 'from the CLI', api: 'through the API', mcp: 'over MCP', 'hand-edit': 'by hand in an editor', import: 'by an import', sync: 'on another device' };

/** "You, in the app" / "Agent, in a chat" / "Agent, from your message in a chat" / "Consolidation". */
export function whoLabel(e: HistoryEntry): string {
  // An MCP app is named by its credential's label, the name the person gave it (issue 26 §1); the name an
  // app calls itself is never stored here.
  if (e.actor === 'mcp' && e.source?.detail) return `${e.source.detail} (MCP app)`;
  // The agent writing down the person's own words says so, as the fact's source line does (issue 27 §3).
  const via = e.source?.via ? VIA_LABEL[e.source.via] : e.source?.sessionId ? (e.source.stated ? 'from your message in a chat' : 'in a chat') : null;
  return via ? `${ACTOR_LABEL[e.actor] ?? e.actor}, ${via}` : (ACTOR_LABEL[e.actor] ?? e.actor);
}

/** Where an entry's item can be shown: a fact, an entity, a relation, a law, an identity file, a mem0 memory. */
export type ItemRef =
  | { kind: 'fact'; scope: string; factId: string }
  | { kind: 'entity'; scope: string; nodeId: number }
  | { kind: 'relation'; scope: string; edgeId: number }
  | { kind: 'law'; scope: string | null; lawId: number }
  | { kind: 'identity'; path: string }
  | { kind: 'mem0'; id: string }
  | { kind: 'message'; sessionId: string; messageId: string };

/** The item an entry is about, when it can be opened; facts and graph items need their scope. */
export function itemRef(e: HistoryEntry): ItemRef | null {
  const i = e.item.indexOf(':');
  if (i < 0) return null;
  const kind = e.item.slice(0, i);
  const id = e.item.slice(i + 1);
  const num = Number(id);
  switch (kind) {
    case 'fact':
      // An item names the fact's id; the fact after an edit has a new one (the entry's `after`).
      return e.scope ? { kind: 'fact', scope: e.scope, factId: factIdAfter(e) ?? id } : null;
    case 'entity':
      return e.scope && Number.isInteger(num) ? { kind: 'entity', scope: e.scope, nodeId: num } : null;
    case 'relation':
      return e.scope && Number.isInteger(num) ? { kind: 'relation', scope: e.scope, edgeId: num } : null;
    case 'law':
      return Number.isInteger(num) ? { kind: 'law', scope: e.scope, lawId: num } : null;
    case 'identity':
      return { kind: 'identity', path: id };
    case 'mem0':
      return { kind: 'mem0', id };
    default:
      return null;
  }
}

function factIdAfter(e: HistoryEntry): string | null {
  const after = e.after as { id?: unknown } | null;
  return after && typeof after.id === 'string' && /^[0-9a-f]{12}$/.test(after.id) ? after.id : null;
}

/** The source message of an entry made in a chat, to open it there. */
export function sourceMessage(e: HistoryEntry): ItemRef | null {
  return e.source?.sessionId && e.source.messageId ? { kind: 'message', sessionId: e.source.sessionId, messageId: e.source.messageId } : null;
}
