// The Inbox (issue 16 §3): one list of every change to memory that waits for the person, whichever layer
// it belongs to — writes an agent proposed under "Ask me first", consolidation merges that would rewrite
// facts the person asserted, graph and law changes proposed against what the person asserted, and facts
// the assistant inferred that an agent holds out of recall until approved. Each is approved (maybe
// edited first) or rejected through its own layer's path, so every change is journaled as the person's;
// a rejection is remembered (inbox/rejections.ts, or the layer's own "dismissed") so it is not made again.
import type { Agent } from '../../../shared/config';
import { MonadError } from '../../../shared/errors';
import type { InboxDecision, InboxItem, InboxList, InboxSource } from '../../../shared/inbox';
import type { JournalSource } from '../../../shared/journal';
import { holdsInferred } from '../../../shared/remember-mode';
import type { FactsLayer } from '../facts-layer';
import type { GraphLayer } from '../graph-layer';
import type { LawsLayer } from '../laws-layer';
import type { CorrectionLinks } from '../cross-layer/correction-links';
import type { CorrectionLink } from '../cross-layer/link-store';
import { agentScope } from '../scope';
import type { ChatProposal } from './chat-proposals';
import { isHeld } from './origin-marks';

export type DecideBy = { via: NonNullable<JournalSource['via']> };

const CHAT_ACTION: Record<ChatProposal['action'], string> = { record: 'Remember', update: 'Change', delete: 'Forget' };

const LINK_ACTION: Record<CorrectionLink['kind'], string> = { 'fact.forget': 'Forget', 'fact.edit': 'Change', 'relation.retract': 'Mark relation wrong', 'relation.edit': 'Change relation' };

/** What accepting a carried correction did, in words (`written`: an edit's new text). */
const LINK_DONE: Record<CorrectionLink['kind'], (l: CorrectionLink, written: string | null) => string> = {
  'fact.forget': (l) => `Forgot “${l.targetText}”. One undo in History brings it back with the correction.`,
  'fact.edit': (l, written) => `Changed “${l.targetText}” to “${written ?? l.text}”. One undo in History reverts both.`,
  'relation.retract': (l) => `Marked “${l.targetText}” as wrong in the graph. One undo in History brings it back with the fact.`,
  'relation.edit': (l) => `The graph now says “${l.text}” instead of “${l.targetText}”. One undo in History reverts both.`,
};

/** An Inbox id: "<source>:<number>", or "held:<scope>:<fact id>". */
export function parseInboxId(id: string): { source: InboxSource; n: number; scope?: string; factId?: string } {
  const held = /^held:(.+):([0-9a-f]{12})$/.exec(id);
  if (held) return { source: 'held', n: 0, scope: held[1], factId: held[2] };
  const m = /^(chat|merge|graph|law|link):([1-9]\d{0,15})$/.exec(id);
  if (!m) throw new MonadError('BAD_INPUT', `Not an Inbox item: ${id}. Use the ids \`monad inbox list\` shows.`);
  return { source: m[1] as InboxSource, n: Number(m[2]) };
}

export class InboxService {
  private listeners = new Set<(count: number) => void>();

  constructor(
    private readonly d: {
      facts: FactsLayer;
      graph: GraphLayer;
      laws: LawsLayer;
      /** Corrections carried to another layer (cross-layer/); absent where a host builds no links. */
      links?: CorrectionLinks;
      agents: () => Agent[];
    },
  ) {
    d.facts.chatProposals.onChange(() => this.changed());
    d.links?.onChange(() => this.changed());
  }

  /** Called with the new count after every change of what waits (the shell's badge). */
  onChange(listener: (count: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Something that may have added proposals happened elsewhere (a consolidation run): tell the badge. */
  changed(): void {
    if (!this.listeners.size) return;
    const n = this.count();
    for (const l of this.listeners) l(n);
  }

  count(): number {
    return this.list().count;
  }

  /** Everything waiting, oldest first. */
  list(): InboxList {
    const items = [...this.chatItems(), ...this.mergeItems(), ...this.graphItems(), ...this.lawItems(), ...this.heldItems(), ...this.linkItems()];
    items.sort((a, b) => (a.proposedAt < b.proposedAt ? -1 : a.proposedAt > b.proposedAt ? 1 : 0));
    return { items, count: items.length };
  }

  /** Approves one item; `text` (edit, then approve) replaces the proposed text where the item is editable. */
  async approve(id: string, by: DecideBy, text?: string): Promise<InboxDecision> {
    const ref = parseInboxId(id);
    const person = { actor: 'person' as const, source: { via: by.via } };
    try {
      switch (ref.source) {
        case 'chat':
          return await this.d.facts.chatProposals.approve(ref.n, by, text);
        case 'merge': {
          const p = this.d.facts.proposals.apply(ref.n, person, text);
          const applied = this.d.facts.memory.read(p.scope).facts.find((f) => f.text === (text?.trim() || p.text));
          return { id, outcome: 'approved', message: `Merged into “${applied?.text ?? p.text}”.`, fact: applied ? { id: applied.id, scope: p.scope, text: applied.text } : null };
        }
        case 'graph': {
          if (text?.trim()) throw new MonadError('BAD_INPUT', 'A proposed graph change cannot be edited; approve or reject it, then change the relation in the Graph tab');
          const item = this.graphItems().find((g) => g.id === id);
          this.d.graph.proposals.accept(ref.n, person);
          return { id, outcome: 'approved', message: item ? `Added “${item.text}”.` : 'Done.', fact: null };
        }
        case 'law': {
          let law = this.d.laws.corrections.accept(ref.n, person);
          if (text?.trim() && text.trim() !== law.statement) law = this.d.laws.corrections.edit(law.id, text.trim(), person);
          return { id, outcome: 'approved', message: `Law now reads “${law.statement}”.`, fact: null };
        }
        case 'held':
          return await this.approveHeld(id, ref.scope!, ref.factId!, by, text);
        case 'link': {
          const { link, fact } = this.links().accept(ref.n, by.via, text);
          return { id, outcome: 'approved', message: LINK_DONE[link.kind](link, fact?.text ?? null), fact: fact ? { id: fact.id, scope: link.scope, text: fact.text } : null };
        }
      }
    } finally {
      this.changed();
    }
  }

  reject(id: string, by: DecideBy): InboxDecision {
    const ref = parseInboxId(id);
    const person = { actor: 'person' as const, source: { via: by.via } };
    try {
      switch (ref.source) {
        case 'chat':
          return this.d.facts.chatProposals.reject(ref.n);
        case 'merge': {
          const p = this.d.facts.proposals.dismiss(ref.n);
          return { id, outcome: 'rejected', message: `Kept the facts apart; “${p.text}” will not be proposed again.`, fact: null };
        }
        case 'graph': {
          const p = this.d.graph.proposals.dismiss(ref.n);
          return { id, outcome: 'rejected', message: `${p.summary}: not done, and not proposed again.`, fact: null };
        }
        case 'law': {
          this.d.laws.corrections.dismiss(ref.n, person);
          return { id, outcome: 'rejected', message: 'The law stays as you had it; this change will not be proposed again.', fact: null };
        }
        case 'held': {
          // The assistant inferred it and the person says no: it is forgotten, and not written again in the same words.
          const f = this.d.facts.forget(ref.scope!, ref.factId!, person);
          this.d.facts.rejections.remember('record', ref.scope!, f.text);
          return { id, outcome: 'rejected', message: `Forgot “${f.text}”; it will not be remembered again in those words.`, fact: null };
        }
        case 'link': {
          const { link: l, laws } = this.links().reject(ref.n, by.via);
          const back = laws ? ` The ${laws === 1 ? 'law resting on it is' : `${laws} laws resting on it are`} back in recall.` : '';
          return { id, outcome: 'rejected', message: `${l.kind.startsWith('relation.') ? 'Kept the relation' : 'Kept the fact'} “${l.targetText}” as it is; this will not be proposed again.${back}`, fact: null };
        }
      }
    } finally {
      this.changed();
    }
  }

  /** Approves or rejects several items; each is decided on its own (one failing does not stop the rest). */
  async decideMany(ids: readonly string[], decision: 'approve' | 'reject', by: DecideBy): Promise<InboxDecision[]> {
    const out: InboxDecision[] = [];
    for (const id of ids) {
      try {
        out.push(decision === 'approve' ? await this.approve(id, by) : this.reject(id, by));
      } catch (err) {
        out.push({ id, outcome: 'failed', message: err instanceof Error ? err.message : String(err), fact: null });
      }
    }
    return out;
  }

  private async approveHeld(id: string, scope: string, factId: string, by: DecideBy, text?: string): Promise<InboxDecision> {
    const fact = this.d.facts.memory.read(scope).facts.find((f) => f.id === factId);
    if (!fact) throw new MonadError('NOT_FOUND', 'That fact is no longer in memory');
    const source = { via: by.via, detail: 'approved in the Inbox' };
    if (text?.trim() && text.trim() !== fact.text) {
      const r = await this.d.facts.edit(scope, factId, text.trim(), { actor: 'person', source, origin: 'person' });
      if (!r.fact || r.status === 'rejected' || r.status === 'refused') return { id, outcome: 'failed', message: `Not saved: ${r.reason ?? 'the text cannot be saved'}`, fact: null };
      return { id, outcome: 'approved', message: `Changed to “${r.fact.text}”; it is used in recall from new sessions on.`, fact: { id: r.fact.id, scope, text: r.fact.text } };
    }
    // The person's word for the fact as it is: it is theirs from now on ("you said it"), so no longer held.
    this.d.facts.origins.record({ scope, factId, origin: 'person', event: 'duplicate', detail: 'approved in the Inbox' });
    return { id, outcome: 'approved', message: `Approved “${fact.text}”; it is used in recall from new sessions on.`, fact: { id: factId, scope, text: fact.text } };
  }

  private chatItems(): InboxItem[] {
    return this.d.facts.chatProposals.pending().map((p) => ({
      id: `chat:${p.id}`,
      source: 'chat',
      action: CHAT_ACTION[p.action],
      text: p.text,
      replaces: p.action === 'update' && p.targetText ? [p.targetText] : [],
      scope: p.scope,
      reason: p.client ? `Proposed via ${p.client} (MCP); it waits for your approval` : `${this.agentName(p.agentId)} asks before remembering`,
      quote: p.quote,
      sessionId: p.sessionId,
      messageId: p.messageId,
      agentId: p.agentId,
      client: p.client,
      proposedAt: p.proposedAt,
      editable: p.action !== 'delete',
    }));
  }

  private mergeItems(): InboxItem[] {
    return this.d.facts.proposals.list().map((p) => ({
      id: `merge:${p.id}`,
      source: 'merge',
      action: 'Merge',
      text: p.text,
      replaces: p.from.map((f) => f.text),
      scope: p.scope,
      reason: 'Consolidation would put facts you wrote into other words',
      quote: null,
      sessionId: p.source?.sessionId ?? null,
      messageId: p.source?.messageId ?? null,
      agentId: null,
      proposedAt: p.proposedAt,
      editable: true,
    }));
  }

  private graphItems(): InboxItem[] {
    return this.d.graph.proposals.list({ status: 'pending' }).map((p) => ({
      id: `graph:${p.id}`,
      source: 'graph',
      action: p.kind === 'relation.add' ? 'Add relation' : 'Replace relation',
      text: `${p.relation.src} ${p.relation.relation.replace(/_/g, ' ')} ${p.relation.dst}`,
      replaces: [...p.closes.map((c) => c.text), ...(p.retracted ? [p.retracted.text] : [])],
      scope: p.scope,
      reason: p.reason,
      quote: p.sources[0]?.excerpt ?? null,
      sessionId: p.sources[0]?.sessionId ?? null,
      messageId: p.sources[0]?.id ?? null,
      agentId: null,
      proposedAt: p.createdAt,
      editable: false,
    }));
  }

  private lawItems(): InboxItem[] {
    return this.d.laws.openProposals().map((p) => ({
      id: `law:${p.id}`,
      source: 'law',
      action: p.kind === 'edit' ? 'Restate law' : 'Take law out of recall',
      text: p.kind === 'edit' ? p.statement : p.lawStatement,
      replaces: p.kind === 'edit' ? [p.lawStatement] : [],
      scope: p.scope,
      reason: p.reason,
      quote: null,
      sessionId: null,
      messageId: null,
      agentId: null,
      proposedAt: p.proposedAt,
      editable: p.kind === 'edit',
    }));
  }

  /** Inferred facts held out of recall: in the scopes of every agent that holds them back (its own, global, projects). */
  private heldItems(): InboxItem[] {
    const holders = this.d.agents().filter(holdsInferred);
    if (!holders.length) return [];
    const scopes = new Set<string>(['global', ...holders.map((a) => agentScope(a.id))]);
    for (const s of this.d.facts.memory.scopes()) if (s.scope.startsWith('project:')) scopes.add(s.scope);
    const names = holders.map((a) => a.name).join(', ');
    const out: InboxItem[] = [];
    for (const scope of scopes) {
      const facts = this.d.facts.memory.read(scope).facts;
      if (!facts.length) continue;
      const sources = this.d.facts.ledger.versions.sources(scope);
      const origins = this.d.facts.origins.of(scope, facts.map((f) => f.id));
      for (const f of facts) {
        const source = sources.get(f.id);
        if (!isHeld(source, origins.get(f.id))) continue;
        out.push({
          id: `held:${scope}:${f.id}`,
          source: 'held',
          action: 'Use in recall',
          text: f.text,
          replaces: [],
          scope,
          reason: `The assistant inferred this; ${names} ${holders.length === 1 ? 'keeps' : 'keep'} inferred facts out of recall until you approve them`,
          quote: null,
          sessionId: source?.sessionId ?? null,
          messageId: source?.messageId ?? null,
          agentId: scope.startsWith('agent:') ? scope.slice(6) : null,
          proposedAt: source?.at ?? '',
          editable: true,
        });
      }
    }
    return out;
  }

  private links(): CorrectionLinks {
    if (!this.d.links) throw new MonadError('NOT_FOUND', 'This host does not carry corrections between layers');
    return this.d.links;
  }

  /** Corrections carried to another layer: forget or edit a fact, or retract a relation, as the correction implies. */
  private linkItems(): InboxItem[] {
    return (this.d.links?.pending() ?? []).map((l) => ({
      id: `link:${l.id}`,
      source: 'link',
      action: LINK_ACTION[l.kind],
      text: l.text,
      replaces: l.kind === 'fact.edit' || l.kind === 'relation.edit' ? [l.targetText] : [],
      scope: l.scope,
      reason: `${l.cause}; ${l.basis === 'source' ? 'this came from the same message' : 'this says the same thing'}${l.kind.startsWith('relation.') ? ' in the graph' : ''}${l.kind === 'fact.edit' && l.text === l.targetText ? '. Edit it to match, or reject it to keep it' : ''}`,
      quote: null,
      sessionId: l.sessionId,
      messageId: l.messageId,
      agentId: null,
      proposedAt: l.proposedAt,
      editable: l.kind === 'fact.edit',
    }));
  }

  private agentName(id: string): string {
    return this.d.agents().find((a) => a.id === id)?.name ?? 'The agent';
  }
}
