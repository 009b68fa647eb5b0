// The Inbox's decisions from a v2 archive. What the person said no to comes in, so a rejected proposal
// is not made again here, whichever layer would make it: the fingerprint is computed here from the kind,
// scope and text (rejections.ts), never taken from the file. Proposals still waiting are left out and
// the report says how many: a write proposed in another home, about chats and agents that may not be
// here, is not this home's to ask about; the person can say it again here.
import type { Database } from 'better-sqlite3';
import { proposalFingerprint } from '../memory/inbox/rejections';
import { archiveInboxSchema } from './formats-memory';
import type { ImportCleaner } from './import-clean';
import { validate } from './positions';

export interface InboxImportResult {
  rejections: number;
  leftOut: string[];
}

export function importInbox(d: { memoryDb: Database; cleaner: ImportCleaner }, raw: unknown): InboxImportResult {
  const inbox = validate(archiveInboxSchema, raw, 'Monad export', ['inbox']);
  const insert = d.memoryDb.prepare(`INSERT INTO inbox_rejection (fingerprint, kind, scope, text, rejected_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (fingerprint) DO NOTHING`);
  let rejections = 0;
  for (const r of inbox.rejections) {
    // Shown in the Inbox's "rejected" list: cleaned like a message (a rejection is never recalled).
    const text = d.cleaner.messageText(r.text);
    if (!text.trim()) continue;
    if (insert.run(proposalFingerprint(r.kind, r.scope, text), r.kind, r.scope, text, r.rejectedAt).changes) rejections++;
  }
  const leftOut: string[] = [];
  const pending = inbox.pending.length;
  if (pending) {
    leftOut.push(`Inbox: ${pending.toLocaleString('en')} proposal${pending === 1 ? '' : 's'} still waiting for a decision in the other Monad; say them again here if you want them remembered.`);
  }
  return { rejections, leftOut };
}
