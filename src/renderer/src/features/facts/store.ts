// The Memory tab's facts: scope summaries, the selected scope's facts, the outcome of the last write
// (shown until replaced, never silently), the last forgotten fact (for undo), and the recall snapshot
// of the selected session. The engine is the truth: every write is followed by a reload.
import { create } from 'zustand';
import type { Fact, FactScopeSummary, FactWriteResult, RecallSnapshot } from '../../../../shared/domain';
import { attempt, invoke } from '../../lib/api';

export type MemoryView = 'facts' | 'recall' | 'identity' | 'mem0' | 'history';

export interface ScopeFacts {
  scope: string;
  facts: Fact[];
  warnings: string[];
  updated: string | null;
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
  /** A fact to scroll to and highlight; `seq` re-triggers for the same id. */
  flash: { id: string; seq: number } | null;
  editingId: string | null;
  recall: RecallSnapshot | null;
  recallFor: string | null;

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
  /** Opens a scope and highlights one fact in it (the `fact` navigation intent). */
  showFact(scope: string, factId: string): Promise<void>;
  loadRecall(sessionId: string | null): Promise<void>;
}

let seq = 0;

export const useFacts = create<FactsState>((set, get) => {
  function say(feedback: FeedbackInput): void {
    set({ feedback: { ...feedback, seq: ++seq } as Feedback });
  }

  function flash(id: string): void {
    set({ flash: { id, seq: ++seq } });
  }

  async function loadList(scope: string): Promise<ScopeFacts | undefined> {
    const list = await attempt(() => invoke('facts.list', { scope }));
    // The person may have picked another scope while this one loaded.
    if (!list || get().scope !== scope) return undefined;
    const prev = get().list;
    if (!prev || prev.scope !== scope || signature(prev) !== signature(list)) set({ list });
    return get().list ?? undefined;
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

    setView(view) {
      set({ view });
    },

    async refresh() {
      await Promise.all([loadSummaries(), loadList(get().scope)]);
    },

    async selectScope(scope) {
      if (scope === get().scope && get().list?.scope === scope) return;
      set({ scope, list: null, loading: true, editingId: null });
      await loadList(scope);
      if (get().scope === scope) set({ loading: false });
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
      // Undo is an add of the same text: the id is a hash of the text, so the fact comes back with its id.
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

    async showFact(scope, factId) {
      set({ view: 'facts', query: '' });
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
  return `${list.updated ?? ''}|${list.warnings.join('\n')}|${list.facts.map((f) => f.id).join(',')}`;
}
