// Receipts in words: what a change line says, what a lookup was, what kind an item is, where it opens.
import type { MemoryChange, ReceiptItem, ReceiptRead } from '../../../../shared/receipt';
import type { ItemRef } from '../history/format';
import { entityTypeWords } from '../../../../shared/relation-words';
import { capitalized, memoryLabel } from '../../../../shared/memory-label';

/** What a change line starts with; a write that did not save says its state in the labelling function's words. */
export const CHANGE_VERB: Record<MemoryChange['kind'], string> = {
  remembered: 'Remembered',
  updated: 'Updated',
  forgotten: 'Forgot',
  rejected: capitalized(memoryLabel({ state: { kind: 'refused', reason: null } }).chip!),
  proposed: `${capitalized(memoryLabel({ state: { kind: 'pending' } }).chip!)} · waiting in your Inbox`,
};

export const ITEM_KIND: Record<ReceiptItem['kind'], string> = {
  fact: 'Fact',
  message: 'Message',
  entity: 'Entity',
  relation: 'Relation',
  law: 'Learned rule',
  mem0: 'Memory',
};

/** The heading of one lookup. */
export function readTitle(read: ReceiptRead): string {
  switch (read.via) {
    case 'mem0-recall':
      return 'Recalled for your message';
    case 'memory-view':
      return 'Facts the model listed';
    case 'memory-search':
      return `Search of past chats for “${read.query}”`;
    case 'graph-explore':
      return `Knowledge graph search for “${read.query}”`;
    case 'graph-node':
      return `Knowledge graph entry “${read.query}”`;
  }
}

/** The text an item shows. */
export function itemText(item: ReceiptItem): string {
  switch (item.kind) {
    case 'entity':
      return item.summary ? `${item.name} (${entityTypeWords(item.type)}): ${item.summary}` : `${item.name} (${entityTypeWords(item.type)})`;
    case 'message':
      return item.text;
    default:
      return item.text;
  }
}

/**
 * Where an item opens, as the History view's links name them (features/history/open-item.ts). Graph
 * and law ids in an imported receipt name rows of another Monad: they are not linked.
 */
export function itemRef(item: ReceiptItem, imported: boolean): ItemRef | null {
  switch (item.kind) {
    case 'fact':
      return { kind: 'fact', scope: item.scope, factId: item.factId };
    case 'message':
      return { kind: 'message', sessionId: item.sessionId, messageId: item.messageId };
    case 'entity':
      return imported ? null : { kind: 'entity', scope: item.scope, nodeId: item.nodeId };
    case 'relation':
      return imported ? null : { kind: 'relation', scope: item.scope, edgeId: item.edgeId };
    case 'law':
      return imported ? null : { kind: 'law', scope: item.scope, lawId: item.lawId };
    case 'mem0':
      return { kind: 'mem0', id: item.memoryId };
  }
}

/** What was said is what was said: a message has nothing to correct; everything else does. */
export function canCorrect(item: ReceiptItem, imported: boolean): boolean {
  if (item.kind === 'message') return false;
  return !(imported && (item.kind === 'entity' || item.kind === 'relation' || item.kind === 'law'));
}

/** A score as people read it: mem0's similarity as a percentage, a search score with two decimals. */
export function scoreText(score: number): string {
  return score >= 0 && score <= 1 ? `${Math.round(score * 100)}% match` : `score ${score.toFixed(2)}`;
}

export function approxTokens(n: number): string {
  return `about ${n.toLocaleString()} token${n === 1 ? '' : 's'}`;
}
