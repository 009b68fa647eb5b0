// Which receipt is open (a reply's "Memory" panel) and which of its items is being corrected ("This is
// wrong"). One of each at a time; both dialogs are mounted once, by the chat pane.
import { create } from 'zustand';
import type { ReceiptItem } from '../../../../shared/receipt';

interface ReceiptsState {
  /** The reply whose receipt is open. */
  messageId: string | null;
  /** The item being corrected, from that receipt. */
  correcting: ReceiptItem | null;
  open(messageId: string): void;
  close(): void;
  correct(item: ReceiptItem): void;
  closeCorrection(): void;
}

export const useReceipts = create<ReceiptsState>((set) => ({
  messageId: null,
  correcting: null,
  open: (messageId) => set({ messageId, correcting: null }),
  close: () => set({ messageId: null, correcting: null }),
  correct: (item) => set({ correcting: item }),
  closeCorrection: () => set({ correcting: null }),
}));
