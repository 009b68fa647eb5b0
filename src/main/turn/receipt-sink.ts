// How a memory layer or a tool reports to the receipt of the turn it runs in (issue 16 §1–§2). The sink is
// declared here, below memory and chat, so memory can report without importing chat; chat's
// TurnReceiptBuilder (chat/turn-receipt.ts) implements it and assembles the receipt.
import {
  RECEIPT_TEXT_MAX,
  type IdentityUse,
  type MemoryChange,
  type ReceiptItem,
  type ReceiptRead,
} from '../../shared/receipt';

/** What a layer or a tool tells the receipt. Every method is cheap and never throws into the turn. */
export interface ReceiptSink {
  /** The session's frozen recall block, as it went into the system prompt. */
  frozenBlock(block: string, builtAt: string | null): void;
  identityFile(use: IdentityUse): void;
  /** Items a lookup put in front of the model. */
  read(via: ReceiptRead['via'], query: string, items: ReceiptItem[], opts?: { failed?: boolean }): void;
  /** A change the journal does not see: a refused write, a write held for approval, a mem0 memory. */
  change(change: MemoryChange): void;
}

/** A sink that drops everything: for callers outside a turn (previews, tests of one tool). */
export const NO_RECEIPT: ReceiptSink = { frozenBlock() {}, identityFile() {}, read() {}, change() {} };

/** Cuts a text to what a receipt keeps (the item itself lives in its layer). */
export function clip(s: string): string {
  return s.length <= RECEIPT_TEXT_MAX ? s : `${s.slice(0, RECEIPT_TEXT_MAX - 1)}…`;
}
