// Cross-layer proposals of a v2 archive (issue 27 §2): a correction in one layer that proposed the
// matching change in another (forget or edit a fact, retract or reword a relation) and still waits for the
// person. They come in as pending Inbox items of this home ("link:<n>"), so one click accepts or rejects
// them here as it would have there.
//
// Untrusted like the rest of the file: the fact or relation a proposal names is remapped through the
// import's id maps to what the file's record became here, and a proposal whose target did not come in
// (refused, left out, or never in the file) is left out and counted: it would otherwise name one of this
// home's own records. Texts pass the sanitizer; the correction it follows from is linked only when its
// History entry came in too (accepting then joins that entry's undo group, as in the other home). A
// proposal the person already rejected here, or one whose target no longer reads as it did, is not asked.
import type { Database } from 'better-sqlite3';
import { proposalFingerprint } from '../memory/inbox/rejections';
import { rejectionText } from '../memory/cross-layer/link-store';
import type { ArchiveLink } from './formats-memory';
import type { ImportCleaner } from './import-clean';
import { formatPath } from './positions';

/** The import's id maps, from the file's ids to this home's. */
export interface LinkIdMaps {
  /** `${scope}\n${fact id in the file}` → the fact's id here. */
  facts: ReadonlyMap<string, string>;
  /** A relation id in the file → the relation here and its scope. */
  edges: ReadonlyMap<number, { id: number; scope: string }>;
  sessions: ReadonlySet<string>;
  messages: ReadonlySet<string>;
  /** A History entry id in the file → its id here. */
  journal: ReadonlyMap<number, number>;
}

export interface LinkImportDeps {
  memoryDb: Database;
  cleaner: ImportCleaner;
  now: () => Date;
  /** The ids of the proposals still pending once stale ones are set aside (CorrectionLinks.pending). */
  pendingIds: () => ReadonlySet<number>;
}

export interface LinkImportResult {
  added: number;
  leftOut: string[];
}

export function importLinks(d: LinkImportDeps, links: ArchiveLink[], maps: LinkIdMaps): LinkImportResult {
  const db = d.memoryDb;
  const rejected = db.prepare(`SELECT 1 FROM inbox_rejection WHERE fingerprint = ?`).pluck();
  const ins = db.prepare(
    `INSERT OR IGNORE INTO correction_link (kind, scope, target, target_text, text, relation, cause_entry, cause, basis, session_id, message_id, proposed_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const inserted: number[] = [];
  let noTarget = 0;
  let refused = 0;
  links.forEach((l, i) => {
    const where = formatPath(['inbox', 'links', i]);
    const target = mapTarget(l, maps);
    if (target === null) {
      noTarget++;
      return;
    }
    const targetText = d.cleaner.memoryText(l.targetText, 'text a proposal would change', `${where}.targetText`);
    const text = targetText === null ? null : d.cleaner.memoryText(l.text, 'proposed text', `${where}.text`);
    const relation = text === null || l.relation === null ? null : d.cleaner.memoryText(l.relation, 'proposed relation words', `${where}.relation`);
    if (targetText === null || text === null || (l.relation !== null && relation === null) || (l.kind === 'relation.edit' && relation === null)) {
      refused++;
      return;
    }
    // Shown in the Inbox as the proposal's reason, never recalled: cleaned like a message.
    const cause = d.cleaner.messageText(l.cause).trim() || 'A correction in the other Monad';
    if (rejected.get(proposalFingerprint('link', l.scope, rejectionText({ kind: l.kind, targetText, text })))) return;
    const sessionId = l.sessionId !== null && maps.sessions.has(l.sessionId) ? l.sessionId : null;
    const messageId = sessionId !== null && l.messageId !== null && maps.messages.has(l.messageId) ? l.messageId : null;
    // 0 names no entry (ids start at 1): its correction stayed behind, and accepting is an undo of its own.
    const causeEntry = l.causeEntry === null ? 0 : (maps.journal.get(l.causeEntry) ?? 0);
    const r = ins.run(l.kind, l.scope, target, targetText, text, relation, causeEntry, cause, l.basis, sessionId, messageId, l.proposedAt);
    if (r.changes) inserted.push(Number(r.lastInsertRowid));
  });
  // What no longer reads as the proposal says (the file's own fact changed after it, say) is not asked:
  // the same test the Inbox applies to every proposal before showing it.
  const pending = d.pendingIds();
  const stale = inserted.filter((id) => !pending.has(id));
  if (stale.length) db.prepare(`DELETE FROM correction_link WHERE id IN (${stale.map(() => '?').join(',')})`).run(...stale);
  const leftOut: string[] = [];
  const plural = (n: number) => `${n.toLocaleString('en')} proposal${n === 1 ? '' : 's'}`;
  if (noTarget) {
    leftOut.push(`Inbox: ${plural(noTarget)} to carry a correction to another layer whose fact or relation did not come in with this file; make that change by hand if you still want it.`);
  }
  if (stale.length) leftOut.push(`Inbox: ${plural(stale.length)} to carry a correction to another layer whose fact or relation no longer reads as when it was proposed.`);
  if (refused) leftOut.push(`Inbox: ${plural(refused)} to carry a correction to another layer whose text was refused (listed below).`);
  return { added: inserted.length - stale.length, leftOut };
}

/** "fact:<id>" or "edge:<id>" of the file, as this home's; null when the file's record did not come in here. */
function mapTarget(l: ArchiveLink, maps: LinkIdMaps): string | null {
  if (l.target.startsWith('fact:')) {
    const here = maps.facts.get(`${l.scope}\n${l.target.slice('fact:'.length)}`);
    return here ? `fact:${here}` : null;
  }
  const edge = maps.edges.get(Number(l.target.slice('edge:'.length)));
  return edge && edge.scope === l.scope ? `edge:${edge.id}` : null;
}
