// The sync room's port onto this home's Inbox decisions (issue 30 §2), built in the composition root's room.
// A rejection from another device is checked like an imported one (transfer/import-inbox.ts): a known kind, a
// valid scope, text through the sanitizer; its fingerprint is recomputed here, never taken from the record.
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import { normalizeFact } from './memory/facts/fact-id';
import { sanitizeFact } from './memory/facts/sanitize';
import { proposalFingerprint, type ProposalKind } from './memory/inbox/rejections';
import { parseScope } from './memory/scope';
import type { InboxSyncPort } from './sync/inbox-ports';
import { localDecisions, settleDecision } from './engine-sync-inbox-decisions';

const KINDS: readonly ProposalKind[] = ['record', 'update', 'delete', 'merge', 'graph', 'law', 'held', 'link'];

export function inboxSyncPort(engine: Engine): InboxSyncPort {
  const db = engine.memoryDb;
  return {
    rejections: () =>
      (db.prepare(`SELECT kind, scope, text, rejected_at FROM inbox_rejection ORDER BY rejected_at, fingerprint`).all() as { kind: string; scope: string; text: string; rejected_at: string }[]).map((r) => ({
        kind: r.kind,
        scope: r.scope,
        text: r.text,
        at: r.rejected_at,
      })),
    remember: (r) => {
      if (!KINDS.includes(r.kind as ProposalKind)) return { id: null, reason: `unknown kind of proposal "${r.kind}"` };
      try {
        parseScope(r.scope);
      } catch (err) {
        if (err instanceof MonadError) return { id: null, reason: err.message };
        throw err;
      }
      const clean = sanitizeFact(r.text);
      if (!clean.ok) return { id: null, reason: clean.reason };
      const kind = r.kind as ProposalKind;
      engine.facts.rejections.remember(kind, r.scope, clean.text);
      // This device's own pending proposal of the same form is the same question: answered already.
      const fingerprint = proposalFingerprint(kind, r.scope, clean.text);
      const pending = db.prepare(`SELECT id FROM memory_proposal WHERE fingerprint = ? AND status = 'pending'`).pluck().all(fingerprint) as number[];
      for (const id of pending) engine.inbox.reject(`chat:${id}`, { via: 'sync' });
      return { id: fingerprint, reason: null };
    },
    normalize: (text) => normalizeFact(text),
    decisions: () => localDecisions(engine),
    settle: (d, device) => settleDecision(engine, d, device),
  };
}
