// The person corrects laws directly: reject ("don't infer this again"), edit the statement, pin, and
// take a law out of recall or bring it back. Every change is journaled (law-writer.ts) and undoable.
//
// What the person asserts outranks what a model derived. A law the person edited or pinned is
// "asserted": when anyone other than the person (the agent, consolidation, inference, extraction, an
// import) asks to reject, restate or suppress it, the change is not made — it becomes a proposal that
// waits for the person (law-proposals.ts). Pinning is the person's alone.
import { MonadError } from '../../../shared/errors';
import { sanitizeFact } from '../facts/sanitize';
import type { MemoryJournal } from '../journal/journal';
import type { LawProposals } from './law-proposals';
import { isAsserted, type LawRow, type LawStore } from './law-store';
import { quoted, type By, type LawWriter } from './law-writer';
import { findAllSame } from './near-same';

/** A rejection's reason is a short note, not a document. */
export const MAX_REASON_CHARS = 500;

export interface LawCorrectionsDeps {
  journal: MemoryJournal;
  store: LawStore;
  writer: LawWriter;
  proposals: LawProposals;
  now: () => Date;
}

export class LawCorrections {
  constructor(private readonly d: LawCorrectionsDeps) {}

  /** The law, which must exist; `active` also requires it not to be rejected. */
  private law(id: number, active = true): LawRow {
    const law = this.d.store.get(id);
    if (!law) throw new MonadError('NOT_FOUND', `No law ${id}`);
    if (active && law.status !== 'active') throw new MonadError('CONFLICT', `Law ${id} was rejected; un-reject it first`);
    return law;
  }

  /**
   * Rejects a law: out of recall at once, and its statement becomes an exclusion that inference is given
   * and that no later derivation may match, in the same or a near-same form, in any scope.
   */
  reject(id: number, opts: { reason?: string | null }, by: By): LawRow {
    const law = this.law(id, false);
    if (law.status === 'rejected') return law;
    const reason = cleanReason(opts.reason);
    if (this.defer(law, by, reason ? `Asked to reject it: ${reason}` : 'Asked to reject it.')) return law;
    const at = this.d.now().toISOString();
    const rejectOne = (l: LawRow) =>
      this.d.writer.change(l.id, { status: 'rejected', rejectedReason: reason, rejectedAt: at }, 'law.rejected', by, (b) => `Rejected law ${quoted(b.statement)}${reason ? ` (${reason})` : ''}`);
    // The same law learned in another scope is just as wrong: it goes too, in the same group (one undo).
    // A model's rejection leaves the person's own copies alone.
    const copies = findAllSame(law.statement, this.d.store.list(), (l) => l.statement).filter((l) => l.id !== law.id && (by.actor === 'person' || !isAsserted(l)));
    return this.d.journal.inGroup(() => {
      const done = rejectOne(law);
      for (const c of copies) rejectOne(c);
      return done;
    });
  }

  /** Takes a rejection back: the law is active again and no longer excluded from inference. */
  unreject(id: number, by: By): LawRow {
    const law = this.law(id, false);
    if (law.status === 'active') return law;
    this.personOnly(by, 'un-reject a law');
    return this.d.writer.change(id, { status: 'active', rejectedReason: null, rejectedAt: null }, 'law.unrejected', by, (b) => `Un-rejected law ${quoted(b.statement)}`);
  }

  /**
   * Restates a law. The person's wording outranks inference from then on: re-derivation keeps it, and
   * re-inferring the old wording is recognised as this law. The text passes the same sanitizer as facts.
   */
  edit(id: number, statement: string, by: By, opts: { support?: string[] } = {}): LawRow {
    const law = this.law(id);
    const clean = sanitizeFact(statement.replace(/\s+/g, ' ').trim());
    if (!clean.ok) throw new MonadError('BAD_INPUT', `This statement cannot be kept: ${clean.reason}`, { reason: clean.reason });
    if (clean.text === law.statement) return law;
    if (this.defer(law, by, by.source?.detail ?? 'A change to a law you edited or pinned waits for you.', clean.text)) return law;
    const person = by.actor === 'person';
    return this.d.writer.change(
      id,
      {
        statement: clean.text,
        ...(opts.support?.length ? { support: opts.support, supportText: {} } : {}),
        // Only the person's edit makes a law theirs; a model's edit of an inferred law stays inferred.
        origin: person ? 'person' : law.origin,
        derivedStatement: law.derivedStatement ?? (law.origin === 'person' ? null : law.statement),
        editedAt: this.d.now().toISOString(),
        // The person restated it knowing what it rests on: it is theirs now, not a suspect inference.
        ...(person ? { contradictedBy: null, contradictedWhy: null, suppressed: null } : {}),
      },
      'law.edited',
      by,
      (b, a) => `Edited law ${quoted(b.statement)} → ${quoted(a.statement)}`,
    );
  }

  /** Pins (or unpins) a law: a pinned law is kept through re-derivation, does not decay and stays in recall. */
  pin(id: number, pinned: boolean, by: By): LawRow {
    const law = this.law(id);
    this.personOnly(by, pinned ? 'pin a law' : 'unpin a law');
    if (law.pinned === pinned) return law;
    return this.d.writer.change(
      id,
      pinned ? { pinned: true, contradictedBy: null, contradictedWhy: null, suppressed: null } : { pinned: false },
      pinned ? 'law.pinned' : 'law.unpinned',
      by,
      (b) => `${pinned ? 'Pinned' : 'Unpinned'} law ${quoted(b.statement)}`,
    );
  }

  /**
   * Takes a law out of recall with a reason, until it is re-derived or brought back. A law already out of
   * recall keeps its first reason (later ones are seen in its grounding).
   */
  suppress(id: number, reason: string, by: By, opts: { ref?: string | null } = {}): LawRow {
    const law = this.law(id);
    if (law.suppressed) return law;
    if (this.defer(law, by, reason)) return law;
    return this.d.writer.change(id, { suppressed: { reason, ref: opts.ref ?? null, at: this.d.now().toISOString() } }, 'law.suppressed', by, (b) =>
      `Took law ${quoted(b.statement)} out of recall: ${reason}`,
    );
  }

  /** Brings a suppressed law back into recall (the person's call: the reason no longer holds for them). */
  unsuppress(id: number, by: By): LawRow {
    const law = this.law(id);
    this.personOnly(by, 'bring a law back into recall');
    if (!law.suppressed) return law;
    return this.d.writer.change(id, { suppressed: null }, 'law.unsuppressed', by, (b) => `Brought law ${quoted(b.statement)} back into recall`);
  }

  /**
   * Brings back into recall a law the system took out only because a relation it rests on left with a chat
   * branch set aside, now that the branch is shown again (graph/branch-relations.ts; the cascade checks
   * that the suppression was that one). The system's own step undone, not the person's: theirs stands.
   */
  unsuppressWithBranch(id: number, ref: string, by: By): LawRow | null {
    const law = this.law(id);
    if (by.actor !== 'system' || law.suppressed?.ref !== ref) return null;
    return this.d.writer.change(id, { suppressed: null }, 'law.unsuppressed', by, (b) => `Brought law ${quoted(b.statement)} back into recall: what it rests on is shown again`);
  }

  /** Accepts a proposal: the change is made as the person's own (and journaled as such). */
  accept(proposalId: number, by: By): LawRow {
    this.personOnly(by, 'accept a proposed change');
    const p = this.d.proposals.get(proposalId);
    if (!p || p.status !== 'open') throw new MonadError('NOT_FOUND', `No open proposal ${proposalId}`);
    const law =
      p.kind === 'edit'
        ? // The proposed statement rests on what the model cited for it, not on the old law's grounding.
          this.edit(p.lawId, p.statement, by, { support: p.support })
        : // A proposal to suppress a law is made by a model; accepted, the person suppresses it for that reason.
          this.suppress(p.lawId, p.reason, by);
    this.d.proposals.decide(p.id, 'accepted');
    return law;
  }

  dismiss(proposalId: number, by: By): void {
    this.personOnly(by, 'dismiss a proposed change');
    const p = this.d.proposals.get(proposalId);
    if (!p || p.status !== 'open') throw new MonadError('NOT_FOUND', `No open proposal ${proposalId}`);
    this.d.proposals.decide(p.id, 'dismissed');
  }

  /** A model asking to change a person-asserted law: record a proposal instead. True when deferred. */
  private defer(law: LawRow, by: By, reason: string, statement?: string): boolean {
    if (by.actor === 'person' || !isAsserted(law)) return false;
    this.d.proposals.propose({
      scope: law.scope,
      kind: statement ? 'edit' : 'suppress',
      lawId: law.id,
      statement: statement ?? law.statement,
      reason,
      actor: by.actor,
    });
    return true;
  }

  private personOnly(by: By, what: string): void {
    if (by.actor !== 'person') throw new MonadError('FORBIDDEN', `Only the person can ${what}`);
  }
}

function cleanReason(reason: string | null | undefined): string | null {
  const t = (reason ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return null;
  return t.length > MAX_REASON_CHARS ? `${t.slice(0, MAX_REASON_CHARS - 1)}…` : t;
}
