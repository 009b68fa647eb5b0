// Search results as one ordered list (messages, then facts, then entities) for keyboard navigation,
// what opening each one means, and the small text helpers the rows use. Pure except `openItem`.
import type { Highlight, EntityHit, FactHit, MessageHit, SearchResults } from '../../../../shared/search';
import { useShell } from '../../app/shell-store';

/** Where a result is listed: the best messages, facts, entities, more messages, then messages near a match. */
export type ResultGroup = 'message' | 'fact' | 'entity' | 'more' | 'near';

export type ResultItem =
  | { kind: 'message'; group: 'message' | 'more' | 'near'; key: string; hit: MessageHit }
  | { kind: 'fact'; group: 'fact'; key: string; hit: FactHit }
  | { kind: 'entity'; group: 'entity'; key: string; hit: EntityHit };

export const GROUP_LABELS: Record<ResultGroup, string> = { message: 'Messages', fact: 'Facts', entity: 'Entities', more: 'More messages', near: 'Near a match' };

/** Messages shown before facts and entities: enough to see the best hits, few enough that facts stay in view. */
export const TOP_MESSAGES = 4;

/**
 * The best few messages, then facts and entities (a long list of messages must not push them out of
 * view), then the remaining messages, then the turns next to a match, each part in the engine's order.
 * The engine returns those neighbours because they often hold the answer, but they do not contain the
 * words: they come last, in a group of their own.
 */
export function flatten(r: SearchResults): ResultItem[] {
  // A message found through what memory learned from it (`via`) is a hit of its own, not a neighbour.
  const direct = r.messages.filter((m) => m.highlights.length > 0 || m.via);
  const near = r.messages.filter((m) => m.highlights.length === 0 && !m.via);
  const message = (group: 'message' | 'more' | 'near') => (hit: MessageHit): ResultItem => ({ kind: 'message', group, key: `m:${hit.messageId}`, hit });
  return [
    ...direct.slice(0, TOP_MESSAGES).map(message('message')),
    ...r.facts.map((hit): ResultItem => ({ kind: 'fact', group: 'fact', key: `f:${hit.scope}:${hit.factId}`, hit })),
    ...r.entities.map((hit): ResultItem => ({ kind: 'entity', group: 'entity', key: `e:${hit.nodeId}`, hit })),
    ...direct.slice(TOP_MESSAGES).map(message('more')),
    ...near.map(message('near')),
  ];
}

/** A message opens in its chat (scrolled to, highlighted); a fact in the Memory tab; an entity in the Graph tab. */
export function openItem(item: ResultItem): void {
  const { navigate } = useShell.getState();
  switch (item.kind) {
    case 'message':
      navigate({ kind: 'message', sessionId: item.hit.sessionId, messageId: item.hit.messageId });
      return;
    case 'fact':
      navigate({ kind: 'fact', scope: item.hit.scope, factId: item.hit.factId });
      return;
    case 'entity':
      navigate({ kind: 'graph', scope: item.hit.scope, nodeId: item.hit.nodeId });
      return;
  }
}

/** Text cut into plain and marked pieces; overlapping or out-of-range highlights are clamped. */
export function pieces(text: string, highlights: readonly Highlight[]): { text: string; marked: boolean }[] {
  const out: { text: string; marked: boolean }[] = [];
  let at = 0;
  for (const [a0, b0] of [...highlights].sort((x, y) => x[0] - y[0])) {
    const a = Math.max(at, Math.min(a0, text.length));
    const b = Math.max(a, Math.min(b0, text.length));
    if (b === a) continue;
    if (a > at) out.push({ text: text.slice(at, a), marked: false });
    out.push({ text: text.slice(a, b), marked: true });
    at = b;
  }
  if (at < text.length) out.push({ text: text.slice(at), marked: false });
  return out;
}

/**
 * Where the query's words start a word of `text` (entity names come without highlights): "ana ber"
 * marks "Ana" and "Berlin" in "Ana moved to Berlin".
 */
export function wordPrefixRanges(text: string, query: string): Highlight[] {
  const words = query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2);
  if (!words.length) return [];
  const out: Highlight[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const word = m[0].toLowerCase();
    const len = Math.max(0, ...words.filter((w) => word.startsWith(w)).map((w) => w.length));
    if (len) out.push([m.index, m.index + len]);
  }
  return out;
}

/** "14:05" today, "12 Mar" this year, "12 Mar 2023" before. */
export function resultDate(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  if (d.toDateString() === now.toDateString()) return d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (d.getFullYear() === now.getFullYear()) return d.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
