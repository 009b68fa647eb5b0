// Receipts as the person reads them (issue 16): a reply's stored receipt with the present state of each
// "Memory updated" line. A line is undone when its journal entry has been undone, wherever that was done
// (the line's Undo, Memory → History, `monad history undo`), so the state is read from the journal.
import type { Message, Page } from '../../shared/domain';
import type { JournalEntry } from '../../shared/journal';
import type { MemoryChange, ReceiptView } from '../../shared/receipt';
import type { MessageStore } from '../conversations/message-store';
import { recallBlockItems, type BlockLookup } from './recall-block-items';

export interface JournalLookup {
  get(id: number): JournalEntry | null;
  itemHistory(item: string): JournalEntry[];
}

function journalIdOf(c: MemoryChange): number | null {
  return 'journalId' in c ? c.journalId : null;
}

function undone(journal: JournalLookup, c: MemoryChange): boolean {
  // A memory mem0 took from the turn has no journal entry of its own: its undo is forgetting it, journaled.
  if (c.kind === 'remembered' && c.layer === 'mem0' && c.memoryId) {
    const last = journal.itemHistory(`mem0:${c.memoryId}`).at(-1);
    return last?.action === 'mem0.forgotten' && last.undoneBy === null;
  }
  const id = journalIdOf(c);
  return id !== null && (journal.get(id)?.undoneBy ?? null) !== null;
}

/** How a receipt finds the frozen block its reply saw, and the facts and rules behind its lines. */
export interface BlockSource {
  blockMadeAt(sessionId: string, builtAt: string): string | null;
  lookup(sessionId: string): BlockLookup;
}

/** A reply's receipt; null for a message that has none (an older reply, a person's message). */
export function receiptView(messages: MessageStore, journal: JournalLookup, messageId: string, blocks?: BlockSource): ReceiptView | null {
  const { message, receipt } = messages.receiptOf(messageId);
  if (!receipt) return null;
  // An imported receipt's block stayed in the other Monad (recall blocks are never imported).
  const builtAt = receipt.imported ? null : (receipt.frozen?.builtAt ?? null);
  const block = builtAt && blocks ? blocks.blockMadeAt(message.sessionId, builtAt) : null;
  return {
    messageId: message.id,
    sessionId: message.sessionId,
    receipt,
    changes: receipt.changes.map((c) => ({ ...c, undone: undone(journal, c) })),
    block: block !== null && blocks ? recallBlockItems(block, blocks.lookup(message.sessionId)) : null,
  };
}

/** The page with each reply's undone lines marked (journal ids of the lines undone since). */
export function withUndoState(page: Page<Message>, journal: JournalLookup): Page<Message> {
  for (const m of page.items) {
    if (!m.memory?.changes.length) continue;
    const gone = m.memory.changes.filter((c) => undone(journal, c));
    m.memory = {
      ...m.memory,
      undone: gone.map(journalIdOf).filter((id): id is number => id !== null),
      forgottenMemories: gone.flatMap((c) => (c.kind === 'remembered' && c.memoryId ? [c.memoryId] : [])),
    };
  }
  return page;
}
