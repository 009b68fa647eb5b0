// The Laws tab: every stored law with its grounding (the engine resolves facts, relations and source
// messages), which scope is shown, and the state of the two slow actions — re-deriving a scope and
// checking for contradictions. Laws change only through consolidation, a re-derive or a check, and
// grounding goes stale when a fact is forgotten, so the list is re-read on those occasions.
import { create } from 'zustand';
import type { LawView } from '../../../../shared/domain';
import { ApiError, attempt, invoke } from '../../lib/api';
import { recall, remember } from '../../lib/prefs';

/** 'all' = every scope of the selected agent (global, its own, its projects) plus any other with laws. */
export type LawScopeChoice = 'all' | string;

export type DeriveState =
  | { state: 'running'; startedAt: number }
  | { state: 'done'; derived: number; dropped: number; rejected: number; at: number }
  | { state: 'error'; message: string; at: number };

export type CheckState =
  | { state: 'running'; scopes: string[] }
  | { state: 'done'; scopes: string[]; checked: number; flagged: number; at: number }
  | { state: 'error'; message: string; at: number };

interface LawsState {
  laws: LawView[];
  loaded: boolean;
  choice: LawScopeChoice;
  /** Law ids whose grounding tree is open. Ids change on re-derivation, which closes them naturally. */
  expanded: Record<number, true>;
  derive: Record<string, DeriveState>;
  check: CheckState | null;

  load(): Promise<void>;
  choose(choice: LawScopeChoice): void;
  toggle(id: number): void;
  rederive(scope: string): Promise<void>;
  checkContradictions(scopes: string[]): Promise<void>;
}

const CHOICE_KEY = 'laws.scope';

export const useLaws = create<LawsState>((set, get) => ({
  laws: [],
  loaded: false,
  choice: recall(CHOICE_KEY) ?? 'all',
  expanded: {},
  derive: {},
  check: null,

  async load() {
    const laws = await attempt(() => invoke('laws.list', {}));
    if (!laws) return;
    // Unchanged data keeps its identity, so an idle refresh re-renders nothing.
    if (get().loaded && JSON.stringify(laws) === JSON.stringify(get().laws)) return;
    set({ laws, loaded: true });
  },

  choose(choice) {
    set({ choice });
    remember(CHOICE_KEY, choice);
  },

  toggle(id) {
    set((s) => {
      const { [id]: open, ...rest } = s.expanded;
      return { expanded: open ? rest : { ...rest, [id]: true } };
    });
  },

  async rederive(scope) {
    if (get().derive[scope]?.state === 'running') return;
    set((s) => ({ derive: { ...s.derive, [scope]: { state: 'running', startedAt: Date.now() } } }));
    let next: DeriveState;
    try {
      const r = await invoke('laws.derive', { scope });
      next = { state: 'done', derived: r.derived, dropped: r.dropped, rejected: r.rejected, at: Date.now() };
    } catch (err) {
      // The toast already said it; the scope keeps the message so it is visible where it happened.
      next = { state: 'error', message: err instanceof ApiError ? err.message : String(err), at: Date.now() };
    }
    set((s) => ({ derive: { ...s.derive, [scope]: next } }));
    await get().load();
  },

  async checkContradictions(scopes) {
    if (!scopes.length || get().check?.state === 'running') return;
    set({ check: { state: 'running', scopes } });
    try {
      const results = await invoke('laws.check', { scopes });
      set({
        check: {
          state: 'done',
          scopes,
          checked: results.reduce((n, r) => n + r.checked, 0),
          flagged: results.reduce((n, r) => n + r.flagged.length, 0),
          at: Date.now(),
        },
      });
    } catch (err) {
      set({ check: { state: 'error', message: err instanceof ApiError ? err.message : String(err), at: Date.now() } });
    }
    await get().load();
  },
}));
