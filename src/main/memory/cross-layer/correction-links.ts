// One correction reaches every layer, both ways (issue 27 §2). A journal listener, like the law cascade:
//   graph → facts  a relation marked wrong proposes forgetting the facts that say it; a relation reworded
//                  proposes the facts reworded; an entity renamed or merged proposes the facts that say its
//                  relations with the new name (a deleted entity's relations are marked wrong with it, so
//                  they are covered as relations);
//   facts → graph  a fact forgotten proposes retracting the relation it said; a fact edited so that it no
//                  longer says the relation does too, unless it words the relation anew between the same
//                  two ends ("Rui works in Braga"): then the relation is proposed reworded.
// "Says the same thing" is fact-match.ts: the same source message, or the same entities and relation words.
// Facts are the person's words, so every change is only proposed, in the Inbox; laws citing what was
// corrected or what it matched leave recall at once, in the correction's own group. Accepting joins that
// group too, so one undo of any of it restores every layer. Only corrections are carried over (the
// person's, and an agent's change to a fact, made on the person's word): the system dropping a relation
// whose messages were deleted, extraction, consolidation, an import or an undo correct nothing.
import type { Fact, FactSource, FactWriteResult } from '../../../shared/domain';
import { MonadError } from '../../../shared/errors';
import type { JournalEntry, JournalSource } from '../../../shared/journal';
import type { GraphCorrections } from '../graph/graph-corrections';
import type { EdgeSnapshot, NodeSnapshot } from '../graph/graph-journal';
import type { MemoryJournal } from '../journal/journal';
import type { LawCorrections } from '../laws/law-corrections';
import type { LawStore } from '../laws/law-store';
import { prepareFact, prepareRelation, renameInFact, rewordInFact, saysPrepared, saysRelation, wordsBetween, type PreparedFact } from './fact-match';
import { normalizeRelation } from '../graph/graph-normalize';
import { relationSentence } from '../../../shared/relation-words';
import type { CorrectionLink, LinkStore, NewLink } from './link-store';
import { RelationReader, type RelationRef } from './relation-match';

/** The L1 operations this needs (FactsLayer provides them; engine.ts wires it). */
export interface LinkFacts {
  scopes(): string[];
  facts(scope: string): Fact[];
  sources(scope: string): Map<string, FactSource>;
  forget(scope: string, id: string, by: Person): Fact;
  /** A synchronous edit (no model call), so it can join the correction's group; sanitised like every write. */
  update(scope: string, id: string, text: string, by: Person): FactWriteResult;
}

export interface Person {
  actor: 'person';
  source: JournalSource;
}

export interface CorrectionLinksDeps {
  reader: RelationReader;
  links: LinkStore;
  journal: MemoryJournal;
  facts: LinkFacts;
  graph: Pick<GraphCorrections, 'retractRelation' | 'editRelation'>;
  laws: { store: LawStore; corrections: LawCorrections };
  log: (msg: string, err?: unknown) => void;
}

interface CorpusFact {
  scope: string;
  fact: Fact;
  source: FactSource | undefined;
  prepared: PreparedFact;
}

/**
 * Whose changes are corrections to carry over: the person's, in any layer; and in L1 also the agent's,
 * which forgets or rewrites a fact when the person says so in a chat ("forget that Rui lives in Braga").
 * Extraction, consolidation, imports and the system only follow what they read; they correct nothing.
 */
function correctedBy(entry: JournalEntry): boolean {
  if (FORGET_EVERYTHING.test(entry.source?.detail ?? '')) return false;
  return entry.actor === 'person' || (entry.actor === 'agent' && entry.layer === 'facts');
}

/**
 * "Forget everything about X" (forget/forget-service.ts) showed the person every fact, relation and law
 * about X and they chose which go: what they left is their decision, not something to propose again.
 */
const FORGET_EVERYTHING = /^Forgot (everything about|what rested only on the chat) “/;

const TRIGGERS: ReadonlySet<string> = new Set(['relation.retracted', 'relation.edited', 'entity.renamed', 'entity.merged', 'fact.forgotten', 'fact.edited']);

export class CorrectionLinks {
  /** Set while an accepted proposal is applied: its own journal entries are not new corrections. */
  private applying = false;
  private readonly changeListeners = new Set<() => void>();
  /**
   * Every current fact, read and normalised once per correction: deleting an entity retracts each of its
   * relations in one group, and each is matched against the same facts. Dropped on any change of L1.
   */
  private corpus: { key: string; facts: CorpusFact[] } | null = null;

  constructor(private readonly d: CorrectionLinksDeps) {}

  /** Called after proposals were added (the Inbox badge). */
  onChange(fn: () => void): () => void {
    this.changeListeners.add(fn);
    return () => this.changeListeners.delete(fn);
  }

  /** The journal listener. Never throws into the layer that appended the entry. */
  handle(entry: JournalEntry): void {
    if (entry.layer === 'facts') this.corpus = null;
    if (this.applying || !TRIGGERS.has(entry.action) || !correctedBy(entry) || entry.undoes !== null) return;
    try {
      const made = this.propose(entry);
      if (made) for (const l of this.changeListeners) l();
    } catch (err) {
      // The correction itself stands; the person can still make the matching change by hand.
      this.d.log(`[memory] could not look for what else says ${entry.item}`, err);
    }
  }

  private propose(entry: JournalEntry): number {
    switch (entry.action) {
      case 'relation.retracted':
        return this.fromRelation(entry, 'forget');
      case 'relation.edited':
        return this.fromRelation(entry, 'reword');
      case 'entity.renamed':
        return this.fromRename(entry);
      case 'entity.merged':
        return this.fromMerge(entry);
      default:
        return this.fromFact(entry);
    }
  }

  // ── graph → facts ───────────────────────────────────────────────────────────────────────────────

  private fromRelation(entry: JournalEntry, mode: 'forget' | 'reword'): number {
    const before = entry.before as EdgeSnapshot | null;
    const after = entry.after as EdgeSnapshot | null;
    if (!before) return 0;
    if (mode === 'reword' && (!after || after.relation === before.relation)) return 0; // only its dates changed
    const shape = this.d.reader.shape(before.id, before.relation);
    if (!shape) return 0;
    // The person's reason, or the entity deletion that took the relation with it ("“Braga” was deleted").
    const why = after?.retracted?.reason ? ` (${after.retracted.reason})` : '';
    const cause = mode === 'forget' ? `You marked “${before.text}” as wrong${why}` : `You changed “${before.text}” to “${after!.text}”`;
    let made = 0;
    const suppressed: string[] = [];
    for (const { scope, fact, basis, source } of this.factsSaying(entry, shape)) {
      const text = mode === 'forget' ? fact.text : rewordInFact(fact.text, before.relation, after!.relation);
      // A fact whose words the rewording cannot find is offered unchanged for the person to edit.
      const link = this.link(entry, { kind: mode === 'forget' ? 'fact.forget' : 'fact.edit', scope, target: `fact:${fact.id}`, targetText: fact.text, text: text ?? fact.text, relation: null, cause, basis }, source);
      if (link) made++, suppressed.push(`${scope}\u0000fact:${fact.id}`);
    }
    this.outOfRecall(entry, suppressed, mode === 'forget' ? `A fact it rests on says what you marked wrong: “${before.text}”.` : `A fact it rests on says “${before.text}”, which you changed to “${after!.text}”.`);
    return made;
  }

  /** A renamed entity: the facts that say one of its relations under the old name, with the new one. */
  private fromRename(entry: JournalEntry): number {
    const before = entry.before as (NodeSnapshot & { norm?: string }) | null;
    const after = entry.after as NodeSnapshot | null;
    if (!before || !after || before.name === after.name) return 0;
    return this.renamed(entry, before.id, [before.name], after.name, `You renamed “${before.name}” to “${after.name}”`);
  }

  /** A merge: the dropped entity's name becomes the kept one's in the facts that say its relations. */
  private fromMerge(entry: JournalEntry): number {
    const b = entry.before as { keep?: NodeSnapshot; drop?: NodeSnapshot } | null;
    if (!b?.keep || !b.drop || b.keep.name === b.drop.name) return 0;
    return this.renamed(entry, b.keep.id, [b.drop.name], b.keep.name, `You merged “${b.drop.name}” into “${b.keep.name}”`);
  }

  private renamed(entry: JournalEntry, nodeId: number, oldNames: string[], newName: string, cause: string): number {
    let made = 0;
    const seen = new Set<string>();
    for (const rel of this.d.reader.liveOf(nodeId)) {
      // The facts still use the old name: match on it (an alias of the entity now).
      const shape: RelationRef = { ...rel, src: rel.srcId === nodeId ? [...oldNames, ...rel.src] : rel.src, dst: rel.dstId === nodeId ? [...oldNames, ...rel.dst] : rel.dst };
      for (const { scope, fact, basis, source } of this.factsSaying(entry, shape)) {
        const key = `${scope}\u0000${fact.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const text = renameInFact(fact.text, oldNames, newName);
        if (text && this.link(entry, { kind: 'fact.edit', scope, target: `fact:${fact.id}`, targetText: fact.text, text, relation: null, cause, basis }, source)) made++;
      }
    }
    return made;
  }

  /** Every current fact, in every scope, that says the relation. */
  private factsSaying(entry: JournalEntry, shape: RelationRef): { scope: string; fact: Fact; basis: 'source' | 'words'; source: FactSource | undefined }[] {
    const support = new Set(shape.support);
    const rel = prepareRelation(shape);
    const out: { scope: string; fact: Fact; basis: 'source' | 'words'; source: FactSource | undefined }[] = [];
    for (const c of this.facts(entry)) {
      const sameSource = !!c.source?.messageId && support.has(c.source.messageId);
      if (saysPrepared(c.prepared, rel, sameSource)) out.push({ scope: c.scope, fact: c.fact, basis: sameSource ? 'source' : 'words', source: c.source });
    }
    return out;
  }

  private facts(entry: JournalEntry): CorpusFact[] {
    const key = entry.groupId ?? `entry:${entry.id}`;
    if (this.corpus?.key === key) return this.corpus.facts;
    const facts: CorpusFact[] = [];
    for (const scope of this.d.facts.scopes()) {
      const list = this.d.facts.facts(scope);
      if (!list.length) continue;
      const sources = this.d.facts.sources(scope);
      for (const fact of list) facts.push({ scope, fact, source: sources.get(fact.id), prepared: prepareFact(fact.text) });
    }
    this.corpus = { key, facts };
    return facts;
  }

  // ── facts → graph ───────────────────────────────────────────────────────────────────────────────

  private fromFact(entry: JournalEntry): number {
    const before = entry.before as { scope?: string; id?: string; text?: string; source?: FactSource | null } | null;
    if (!before?.text) return 0;
    const after = entry.action === 'fact.edited' ? ((entry.after as { text?: string } | null)?.text ?? null) : null;
    const messageId = before.source?.messageId ?? null;
    const who = entry.actor === 'person' ? 'You' : 'The assistant';
    const cause = after === null ? `${who} forgot “${before.text}”` : `${who} changed “${before.text}” to “${after}”`;
    let made = 0;
    const suppressed: string[] = [];
    for (const { ref, basis } of this.d.reader.saidBy(before.text, messageId)) {
      // An edit that still says the relation ("Rui lives in Braga" → "Rui lives in Braga, Portugal") leaves it be.
      // One end unnamed is allowed only when the old text left it unnamed too: "Rui lives in Porto" names
      // Rui but has dropped Braga, so it no longer says "Rui lives in Braga".
      const loose = basis === 'source' && !saysRelation(before.text, ref, false);
      if (after !== null && saysRelation(after, ref, loose)) continue;
      const reworded = after === null ? null : wordsBetween(after, ref.src, ref.dst);
      const relation = reworded && normalizeRelation(reworded) !== ref.relation ? reworded : null;
      const link = relation
        ? this.link(entry, { kind: 'relation.edit', scope: ref.scope, target: `edge:${ref.id}`, targetText: ref.text, text: relationSentence(ref.src[0], relation, ref.dst[0]), relation, cause, basis }, before.source ?? undefined)
        : this.link(entry, { kind: 'relation.retract', scope: ref.scope, target: `edge:${ref.id}`, targetText: ref.text, text: ref.text, relation: null, cause, basis }, before.source ?? undefined);
      if (link) made++, suppressed.push(`\u0000edge:${ref.id}`);
    }
    this.outOfRecall(entry, suppressed, after === null ? `A relation it rests on says what you forgot: “${before.text}”.` : `A relation it rests on says “${before.text}”, which you changed.`);
    return made;
  }

  private link(entry: JournalEntry, l: Omit<NewLink, 'causeEntry' | 'sessionId' | 'messageId'>, source: FactSource | undefined): number | null {
    return this.d.links.propose({ ...l, causeEntry: entry.id, sessionId: source?.sessionId ?? null, messageId: source?.messageId ?? null });
  }

  /**
   * Laws citing what a correction matched leave recall at once (the law cascade already takes out those
   * citing the corrected item itself), as consequences of the correction: one undo brings them back.
   * `refs`: "<scope>\0fact:<id>" (a fact ref is read in its scope) or "\0edge:<id>".
   */
  private outOfRecall(entry: JournalEntry, refs: string[], reason: string): void {
    if (!refs.length) return;
    const laws = new Map<number, { id: number; ref: string }>();
    for (const key of refs) {
      const [scope, ref] = key.split('\u0000');
      for (const law of this.d.laws.store.citing([ref], scope || null)) if (!law.suppressed) laws.set(law.id, { id: law.id, ref });
    }
    if (!laws.size) return;
    const by = { actor: entry.actor, source: entry.source ?? undefined };
    this.d.journal.consequenceOf(entry, () => {
      for (const l of laws.values()) this.d.laws.corrections.suppress(l.id, reason, by, { ref: l.ref });
    });
  }

  // ── the person's decision ───────────────────────────────────────────────────────────────────────

  /** Pending proposals; those whose correction was undone or whose target changed since are set aside as stale. */
  pending(): CorrectionLink[] {
    const out: CorrectionLink[] = [];
    for (const l of this.d.links.pending()) {
      if (this.current(l)) out.push(l);
      else this.d.links.decide(l.id, 'stale');
    }
    return out;
  }

  private current(l: CorrectionLink): boolean {
    const cause = this.d.journal.get(l.causeEntry);
    if (cause && cause.undoneBy !== null) return false;
    if (l.kind === 'relation.retract' || l.kind === 'relation.edit') {
      const id = Number(l.target.slice('edge:'.length));
      return this.d.reader.isLive(id) && this.d.reader.shape(id)?.text === l.targetText;
    }
    const id = l.target.slice('fact:'.length);
    return this.d.facts.facts(l.scope).some((f) => f.id === id && f.text === l.targetText);
  }

  /**
   * Makes the proposed change as the person's, in the group of the correction it follows from. `text`
   * replaces the proposed text of an edit. Returns the proposal and what was written.
   */
  accept(id: number, via: NonNullable<JournalSource['via']>, text?: string): { link: CorrectionLink; fact: Fact | null } {
    const l = this.d.links.get(id);
    if (l.status !== 'pending') throw new MonadError('CONFLICT', `That proposal was already ${l.status === 'stale' ? 'overtaken by another change' : l.status}`);
    if (!this.current(l)) {
      this.d.links.decide(id, 'stale');
      throw new MonadError('CONFLICT', 'That proposal no longer applies: what it would change has changed since, or the correction was undone. Nothing was done.');
    }
    if (text?.trim() && l.kind !== 'fact.edit') throw new MonadError('BAD_INPUT', 'Only a proposed edit can be changed before accepting; accept or reject this one as it is');
    const person: Person = { actor: 'person', source: { via, detail: 'accepted in the Inbox' } };
    const cause = this.d.journal.get(l.causeEntry);
    const apply = (): Fact | null => {
      switch (l.kind) {
        case 'fact.forget':
          this.d.facts.forget(l.scope, l.target.slice('fact:'.length), person);
          return null;
        case 'fact.edit': {
          if ((text?.trim() || l.text) === l.targetText) throw new MonadError('BAD_INPUT', `Edit the fact to say what the graph now says before accepting (${l.cause.replace(/^You /, 'you ')}), or reject it to keep it as it is`);
          const r = this.d.facts.update(l.scope, l.target.slice('fact:'.length), text?.trim() || l.text, person);
          if (!r.fact || r.status === 'rejected' || r.status === 'refused') throw new MonadError('BAD_INPUT', `Not saved: ${r.reason ?? 'the text cannot be saved'}. Edit it and accept again.`);
          return r.fact;
        }
        case 'relation.retract':
          this.d.graph.retractRelation(Number(l.target.slice('edge:'.length)), { reason: l.cause }, person);
          return null;
        case 'relation.edit':
          this.d.graph.editRelation(Number(l.target.slice('edge:'.length)), { relation: l.relation! }, person);
          return null;
      }
    };
    this.applying = true;
    try {
      // The cause may be gone from History (retention): the change is then an undo of its own.
      const fact = cause ? this.d.journal.consequenceOf(cause, apply) : apply();
      this.d.links.decide(id, 'approved');
      return { link: l, fact };
    } finally {
      this.applying = false;
    }
  }

  /**
   * Rejects a proposal; the same one is not made again. The person says the fact (or relation) stands, so
   * a law the correction took out of recall only because it rests on this one comes back; laws resting on
   * the corrected item itself stay out. Returns the proposal and how many laws came back.
   */
  reject(id: number, via: NonNullable<JournalSource['via']>): { link: CorrectionLink; laws: number } {
    const l = this.d.links.get(id);
    if (l.status !== 'pending') throw new MonadError('CONFLICT', `That proposal was already ${l.status === 'stale' ? 'overtaken by another change' : l.status}`);
    this.d.links.reject(l);
    const cause = this.d.journal.get(l.causeEntry);
    if (!cause?.groupId || cause.undoneBy !== null) return { link: l, laws: 0 };
    const ref = l.target;
    const person: Person = { actor: 'person', source: { via, detail: 'kept in the Inbox' } };
    let laws = 0;
    for (const law of this.d.laws.store.citing([ref], l.kind.startsWith('fact.') ? l.scope : null)) {
      if (law.suppressed?.ref !== ref) continue;
      // Only this correction's doing: the law's last change is the suppression made in the correction's group.
      const last = this.d.journal.itemHistory(`law:${law.id}`).at(-1);
      if (last?.action !== 'law.suppressed' || last.groupId !== cause.groupId || last.undoneBy !== null) continue;
      this.d.laws.corrections.unsuppress(law.id, person);
      laws++;
    }
    return { link: l, laws };
  }
}
