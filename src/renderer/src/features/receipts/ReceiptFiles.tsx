// "What the model saw" of a message's attached files (issue 29 §1): for each, whether it went whole, as
// the passages search chose for the message (and how much of it that was), as an image, or not at all;
// and, behind a disclosure, exactly the text the model read inside its quoted block.
import type { TurnReceipt } from '../../../../shared/receipt';

type Sent = NonNullable<TurnReceipt['attachments']>[number];

function how(f: Sent): string {
  switch (f.mode) {
    case 'whole':
      return `sent whole · ${f.totalChars.toLocaleString()} characters`;
    case 'parts':
      return `too long to send whole: the parts search chose for your message · ${f.sentChars.toLocaleString()} of ${f.totalChars.toLocaleString()} characters`;
    case 'image':
      return 'sent as an image';
    case 'omitted':
      return 'not shown: the model cannot see images';
  }
}

export function ReceiptFiles({ files }: { files: Sent[] }) {
  return (
    <section className="receipt-section" aria-labelledby="receipt-files">
      <h3 id="receipt-files" className="receipt-heading">
        Attached files the model saw
      </h3>
      <ul className="receipt-files" data-testid="receipt-files">
        {files.map((f, i) => (
          <li key={i} data-testid="receipt-file" data-mode={f.mode}>
            <strong>{f.name}</strong> · {how(f)}
            {f.text ? (
              <details>
                <summary>What the model saw</summary>
                <pre className="attach-dialog-text selectable" data-testid="receipt-file-text">
                  {f.text}
                </pre>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
