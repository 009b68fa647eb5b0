// The Memory tab's facts: scope summaries, the selected scope's facts with their sources, the outcome of
// the last write (shown until replaced, never silently), the last forgotten fact (for undo), the moment
// the facts are shown at (null: now; a past moment reads their kept versions, read-only), and the recall
// snapshot of the selected session. The engine is the truth: every write is followed by a reload.
import { create } from 'zustand';
import type { Fact, FactProposal, FactScopeSummary, FactView, FactWriteResult, RecallSnapshot } from '../../../../shared/domain';
import { attempt, invoke } from '../../lib/api';

export type MemoryView = 'facts' | 'recall' | 'identity' | 'mem0' | 'history';

export interface ScopeFacts {
  scope: string;
  facts: FactView[];
  warnings: string[];
  updated: string | null;
  /** The moment shown (ISO), or null for now. */
  at: string | null;
}

/** What the last action did, as the engine reported it. */
export type Feedback =
  | { seq: number; op: 'add' | 'edit' | 'undo'; scope: string; result: FactWriteResult; text: string }
  | { seq: number; op: 'forget'; scope: string; fact: Fact }
  | { seq: number; op: 'missing'; scope: string; factId: string };

type FeedbackInput = Feedback extends infer F ? (F extends Feedback ? Omit<F, 'seq'> : never) : never;

interface FactsState {
  view: MemoryView;
  summaries: FactScopeSummary[];
  summariesLoaded: boolean;
  scope: string;
  list: ScopeFacts | null;
  loading: boolean;
  query: string;
  feedback: Feedback | null;
  /** The last forgotten fact, until it is restored or another one is forgotten. */
  undo: Fact | null;
  /**
   * A fact to scroll to and highlight; `seq` re-triggers for the same id. Consumed once shown
   * (`flashShown`), and never shown once older than FLASH_FRESH_MS (issue 29 §5: an old highlight came
   * back minutes later, when the list re-rendered or the scope was opened again).
   */
  flash: { id: string; seq: number; at: number } | null;
  editingId: string | null;
  recall: RecallSnapshot | null;
  recallFor: string | null;
  /** The moment the facts are shown at (ms), or null for now. */
  at: number | null;
  /** When the selected scope's facts changed (ms, oldest first): the date control's stops. */
  changes: { scope: string; at: number[] } | null;
  /** Titles of the chats facts came from, by session id (a missing one was deleted). */
  chatTitles: Record<string, string>;
  /** Changes a model proposed to facts the person wrote, waiting for the person (all scopes). */
  proposals: FactProposal[];

  setView(view: MemoryView): void;
  /** Re-reads the scope summaries and the selected scope; state changes only when something did. */
  refresh(): Promise<void>;
  selectScope(scope: string): Promise<void>;
  add(text: string): Promise<FactWriteResult | undefined>;
  edit(id: string, text: string): Promise<FactWriteResult | undefined>;
  forget(fact: Fact): Promise<boolean>;
  undoForget(): Promise<void>;
  setQuery(query: string): void;
  startEdit(id: string): void;
  stopEdit(): void;
  dismissFeedback(): void;
  /** The list showed the flash: it is not shown again. */
  flashShown(seq: number): void;
  /** Leaving the Memory tab: a notice about a link opened then ("no longer here") is not shown again. */
  leave(): void;
  /** Opens a scope and highlights one fact in it (the `fact` navigation intent). */
  showFact(scope: string, factId: string): Promise<void>;
  loadRecall(sessionId: string | null): Promise<void>;
  /** Shows the facts as they were at a moment (null: now). */
  setAt(at: number | null): Promise<void>;
  loadChanges(): Promise<void>;
  loadProposals(): Promise<void>;
  decideProposal(p: FactProposal, apply: boolean): Promise<void>;
}

let seq = 0;

export const useFacts = create<FactsState>((set, get) => {
  function say(feedback: FeedbackInput): void {
    set({ feedback: { ...feedback, seq: ++seq } as Feedback });
  }

  function flash(id: string): void {
    set({ flash: { id, seq: ++seq, at: Date.now() } });
  }

  async function loadList(scope: string): Promise<ScopeFacts | undefined> {
    const at = get().at;
    const list = await attempt(() => invoke('facts.list', at === null ? { scope } : { scope, at: new Date(at).toISOString() }));
    // The person may have picked another scope, or another moment, while this one loaded.
    if (!list || get().scope !== scope || get().at !== at) return undefined;
    const prev = get().list;
    if (!prev || prev.scope !== scope || signature(prev) !== signature(list)) set({ list });
    void loadChatTitles(list.facts);
    return get().list ?? undefined;
  }

  /** Chat titles for source links; asked for once a fact names a chat not known yet. */
  let titlesAsked = new Set<string>();
  async function loadChatTitles(facts: FactView[]): Promise<void> {
    const wanted = facts.map((f) => f.source.sessionId).filter((id): id is string => !!id && !(id in get().chatTitles) && !titlesAsked.has(id));
    if (!wanted.length) return;
    wanted.forEach((id) => titlesAsked.add(id));
    const sessions = await attempt(() => invoke('sessions.list', {}));
    if (!sessions) {
      titlesAsked = new Set();
      return;
    }
    set({ chatTitles: { ...get().chatTitles, ...Object.fromEntries(sessions.map((s) => [s.id, s.title])) } });
  }

  async function loadSummaries(): Promise<void> {
    const summaries = await attempt(() => invoke('facts.scopes'));
    if (!summaries) return;
    if (!get().summariesLoaded || JSON.stringify(summaries) !== JSON.stringify(get().summaries)) set({ summaries, summariesLoaded: true });
  }

  async function afterWrite(scope: string): Promise<void> {
    await Promise.all([loadSummaries(), get().scope === scope ? loadList(scope) : Promise.resolve(undefined)]);
  }

  return {
    view: 'facts',
    summaries: [],
    summariesLoaded: false,
    scope: 'global',
    list: null,
    loading: false,
    query: '',
    feedback: null,
    undo: null,
    flash: null,
    editingId: null,
    recall: null,
    recallFor: null,
    at: null,
    changes: null,
    chatTitles: {},
    proposals: [],

    setView(view) {
      set({ view });
    },

    async refresh() {
      await Promise.all([loadSummaries(), loadList(get().scope), get().at === null ? get().loadChanges() : Promise.resolve(), get().loadProposals()]);
    },

    async loadProposals() {
      const proposals = await attempt(() => invoke('facts.proposals', {}));
      if (proposals && JSON.stringify(proposals) !== JSON.stringify(get().proposals)) set({ proposals });
    },

    async decideProposal(p, apply) {
      const done = apply ? await attempt(() => invoke('facts.applyProposal', { id: p.id })) : await attempt(() => invoke('facts.dismissProposal', { id: p.id }));
      await Promise.all([get().loadProposals(), afterWrite(p.scope)]);
      if (done && apply) {
        const merged = get().list?.facts.find((f) => f.text === p.text);
        if (merged) flash(merged.id);
      }
    },

    async selectScope(scope) {
      if (scope === get().scope && get().list?.scope === scope) return;
      // "That fact is no longer here" was about the scope being left.
      if (get().feedback?.op === 'missing') set({ feedback: null });
      set({ scope, list: null, loading: true, editingId: null, changes: null });
      await Promise.all([loadList(scope), get().loadChanges()]);
      if (get().scope === scope) set({ loading: false });
    },

    async setAt(at) {
      if (at === get().at) return;
      set({ at, editingId: null });
      await loadList(get().scope);
    },

    async loadChanges() {
      const scope = get().scope;
      const r = await attempt(() => invoke('facts.changes', { scope }));
      if (!r || get().scope !== scope) return;
      const at = r.changes.map((c) => Date.parse(c));
      const prev = get().changes;
      if (!prev || prev.scope !== scope || prev.at.join() !== at.join()) set({ changes: { scope, at } });
    },

    async add(text) {
      const scope = get().scope;
      const result = await attempt(() => invoke('facts.add', { scope, text }));
      if (!result) return undefined;
      say({ op: 'add', scope, result, text });
      await afterWrite(scope);
      if (result.fact) flash(result.fact.id);
      return result;
    },

    async edit(id, text) {
      const scope = get().scope;
      const result = await attempt(() => invoke('facts.edit', { scope, id, text }));
      if (!result) return undefined;
      say({ op: 'edit', scope, result, text });
      if (result.status !== 'rejected' && result.status !== 'refused') set({ editingId: null });
      await afterWrite(scope);
      if (result.fact) flash(result.fact.id);
      return result;
    },

    async forget(fact) {
      const res = await attempt(() => invoke('facts.forget', { scope: fact.scope, id: fact.id }));
      if (!res) return false;
      set({ undo: res.forgotten, editingId: null });
      say({ op: 'forget', scope: fact.scope, fact: res.forgotten });
      await afterWrite(fact.scope);
      return true;
    },

    async undoForget() {
      const fact = get().undo;
      if (!fact) return;
      // Undo the forget's history entry, so the fact comes back with the source it had (and the laws the
      // forget took out of recall come back with it: they are in the same group). Only when no such entry
      // is found (a forget from before the history existed) is it added again as a new write of yours.
      const page = await attempt(() => invoke('history.list', { layer: 'facts', item: `fact:${fact.id}`, limit: 1 }));
      const entry = page?.entries[0];
      if (entry && entry.action === 'fact.forgotten' && entry.canUndo) {
        const undone = await attempt(() => invoke('history.undo', { id: entry.id, confirm: true }));
        if (undone?.done) {
          set({ undo: null });
          say({ op: 'undo', scope: fact.scope, result: { status: 'recorded', fact, redactions: [], reason: null }, text: fact.text });
          if (get().scope !== fact.scope) await get().selectScope(fact.scope);
          await afterWrite(fact.scope);
          flash(fact.id);
          return;
        }
      }
      const result = await attempt(() => invoke('facts.add', { scope: fact.scope, text: fact.text }));
      if (!result) return;
      set({ undo: null });
      say({ op: 'undo', scope: fact.scope, result, text: fact.text });
      if (get().scope !== fact.scope) await get().selectScope(fact.scope);
      await afterWrite(fact.scope);
      if (result.fact) flash(result.fact.id);
    },

    setQuery(query) {
      set({ query });
    },

    startEdit(id) {
      set({ editingId: id });
    },

    stopEdit() {
      set({ editingId: null });
    },

    dismissFeedback() {
      set({ feedback: null });
    },

    flashShown(shown) {
      if (get().flash?.seq === shown) set({ flash: null });
    },

    leave() {
      if (get().feedback?.op === 'missing') set({ feedback: null });
      set({ flash: null });
    },

    async showFact(scope, factId) {
      // A link to a fact is to the fact as it is now.
      set({ view: 'facts', query: '', at: null });
      await get().selectScope(scope);
      // Read again even if the scope was showing: the fact may have been written since.
      const list = await loadList(scope);
      if (list?.facts.some((f) => f.id === factId)) flash(factId);
      else say({ op: 'missing', scope, factId });
    },

    async loadRecall(sessionId) {
      if (!sessionId) {
        set({ recall: null, recallFor: null });
        return;
      }
      if (get().recallFor !== sessionId) set({ recall: null, recallFor: sessionId });
      const recall = await attempt(() => invoke('facts.recall', { sessionId }));
      if (recall && get().recallFor === sessionId) set({ recall });
    },
  };
});

/** Ids change with the text, so ids + warnings + the stamp say whether a reload brought anything new. */
function signature(list: ScopeFacts): string {
  const sources = list.facts.map((f) => `${f.source.actor}/${f.source.via ?? ''}/${f.source.at ?? ''}`).join(',');
  return `${list.at ?? ''}|${list.updated ?? ''}|${list.warnings.join('\n')}|${list.facts.map((f) => f.id).join(',')}|${sources}`;
}
