// The receipt's dialogs, mounted once by the chat pane: the receipt, or the correction of one of its
// items in its place (one dialog at a time; closing the correction goes back to the receipt, read again).
import { CorrectionDialog } from './CorrectionDialog';
import { ReceiptPanel } from './ReceiptPanel';
import { useReceipts } from './store';

export function ReceiptDialogs() {
  const correcting = useReceipts((s) => s.correcting);
  if (correcting) return <CorrectionDialog item={correcting} />;
  return <ReceiptPanel />;
}
