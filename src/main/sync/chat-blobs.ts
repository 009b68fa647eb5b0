// Attached files as a sync kind (issue 30 §2): one document per file, `blob/<sha256>`, holding its bytes
// once (the name of a file is its message's, in the chat's document). A device that holds a file another
// lacks puts it in; a device that lacks it stores it through the port, checked as an imported file is.
// Runs before the chats (engine-sync.ts), so a message arriving with a file finds it here.
import type * as Y from 'yjs';
import { z } from 'zod';
import type { ChatBlob, ChatBlobPort } from './chat-ports';
import { emptyReport, sendable, type KindReport, type ReconcileContext, type SyncKind } from './sync-kind';

const SHA256 = /^[0-9a-f]{64}$/;
const blobShape = z.object({ name: z.string().max(300), sha256: z.string().regex(SHA256), data: z.array(z.string()) }).passthrough();

export function blobMapOf(doc: Y.Doc): Y.Map<ChatBlob> {
  return doc.getMap<ChatBlob>('file');
}

/**
 * Whether a file's bytes (or the text read from its pages) hold a stored secret. Its bytes are
 * content-addressed (the receiving home checks them against the hash), so they cannot travel redacted:
 * such a file is not sent at all.
 */
function holdsStoredSecret(blob: ChatBlob, ctx: ReconcileContext): boolean {
  // latin1 keeps every byte as one character, so a key in a text file is found as it is written.
  const text = Buffer.from(blob.data.join(''), 'base64').toString('latin1');
  const pages = blob.pdf?.text ?? [];
  return sendable(ctx, text) !== text || sendable(ctx, pages) !== pages;
}

export function reconcileBlob(sha256: string, doc: Y.Doc, port: ChatBlobPort, ctx: ReconcileContext): KindReport {
  const report = emptyReport('blob', sha256);
  if (!SHA256.test(sha256)) return report;
  const map = blobMapOf(doc);
  const stored = map.get('file');
  const here = port.has(sha256);
  if (here && stored === undefined) {
    const blob = port.blob(sha256);
    if (blob && holdsStoredSecret(blob, ctx)) {
      // Kept on this device; said once (not at every sync), and the other devices show the message without it.
      if (!ctx.memory.get('withheld')) {
        ctx.memory.set('withheld', '1');
        report.refused.push({ text: sendable(ctx, blob.name).slice(0, 120), reason: 'this file holds a secret saved in this home (a key or token), so it was not sent to your other devices; it stays here' });
      }
    } else if (blob) {
      // Its name travels as every other record's text does: a stored secret in it leaves redacted.
      doc.transact(() => map.set('file', { ...blob, name: sendable(ctx, blob.name) }));
      report.sent++;
    }
  } else if (!here && stored !== undefined) {
    const ok = blobShape.safeParse(stored);
    const refused = ok.success && ok.data.sha256 === sha256 ? port.store(stored) : 'not a file record this Monad can read';
    if (refused) report.refused.push({ text: ok.success ? ok.data.name.slice(0, 120) : sha256, reason: refused });
    else report.received++;
  }
  return report;
}

export function blobsKind(port: ChatBlobPort): SyncKind {
  return { kind: 'blob', localKeys: () => port.fileHashes(), reconcile: (key, doc, ctx) => reconcileBlob(key, doc, port, ctx) };
}
