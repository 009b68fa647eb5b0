// The Inbox's decisions from a v2 archive. What the person said no to comes in, so a rejected proposal
// is not made again here, whichever layer would make it: the fingerprint is computed here from the kind,
// scope and text (rejections.ts), never taken from the file. Writes still waiting are left out and the
// report says how many: a write proposed in another home, about chats and agents that may not be here,
// is not this home's to ask about; the person can say it again here. Cross-layer proposals still waiting
// are about records the file carries, so they come in, remapped to this home's (import-links.ts).
import type { Database } from 'better-sqlite3';
import { proposalFingerprint } from '../memory/inbox/rejections';
import { archiveInboxSchema } from './formats-memory';
import type { ImportCleaner } from './import-clean';
import { importLinks, type LinkIdMaps, type LinkImportDeps } from './import-links';
import { validate } from './positions';

export interface InboxImportResult {
  rejections: number;
  /** Cross-layer proposals brought in as pending. */
  links: number;
  leftOut: string[];
}

export function importInbox(d: LinkImportDeps, raw: unknown, maps: LinkIdMaps): InboxImportResult {
  const inbox = validate(archiveInboxSchema, raw, 'Monad export', ['inbox']);
  const insert = d.memoryDb.prepare(`INSERT INTO inbox_rejection (fingerprint, kind, scope, text, rejected_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (fingerprint) DO NOTHING`);
  let rejections = 0;
  for (const r of inbox.rejections) {
    // Shown in the Inbox's "rejected" list: cleaned like a message (a rejection is never recalled).
    // A cross-layer rejection is "kind\0what it would change\0what it would write" (link-store.ts): each
    // part cleaned on its own, so the separators survive and the fingerprint is the one this home computes.
    const text = r.kind === 'link' ? r.text.split('\u0000').map((part) => d.cleaner.messageText(part)).join('\u0000') : d.cleaner.messageText(r.text);
    if (!text.trim()) continue;
    if (insert.run(proposalFingerprint(r.kind, r.scope, text), r.kind, r.scope, text, r.rejectedAt).changes) rejections++;
  }
  const links = importLinks(d, inbox.links, maps);
  const leftOut: string[] = [...links.leftOut];
  const pending = inbox.pending.length;
  if (pending) {
    leftOut.push(`Inbox: ${pending.toLocaleString('en')} proposal${pending === 1 ? '' : 's'} still waiting for a decision in the other Monad; say them again here if you want them remembered.`);
  }
  return { rejections, links: links.added, leftOut };
}
