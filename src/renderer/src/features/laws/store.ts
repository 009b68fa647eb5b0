// The Laws tab: every stored law with its grounding (the engine resolves facts, relations and source
// messages), the laws the person rejected, the changes models proposed to the person's own laws, which
// scope is shown, and the state of the slow actions — re-deriving a scope and checking for
// contradictions. Laws change through consolidation, a re-derive, a check, the person's corrections and
// changes elsewhere (a forgotten fact takes laws out of recall), so the list is re-read on those occasions.
import { create } from 'zustand';
import type { LawProposal, LawView } from '../../../../shared/domain';
import { ApiError, attempt, invoke } from '../../lib/api';
import { recall, remember } from '../../lib/prefs';

/** 'all' = every scope of the selected agent (global, its own, its projects) plus any other with laws. */
export type LawScopeChoice = 'all' | string;

export type DeriveState =
  | { state: 'running'; startedAt: number }
  | { state: 'done'; derived: number; dropped: number; rejected: number; excluded: number; kept: number; proposed: number; at: number }
  | { state: 'error'; message: string; at: number };

export type CheckState =
  | { state: 'running'; scopes: string[] }
  | { state: 'done'; scopes: string[]; checked: number; flagged: number; at: number }
  | { state: 'error'; message: string; at: number };

interface LawsState {
  laws: LawView[];
  /** Rejected laws: kept as exclusions, shown under each scope so a rejection can be taken back. */
  rejected: LawView[];
  proposals: LawProposal[];
  loaded: boolean;
  /** The law whose statement is being edited, or whose rejection is being confirmed (one at a time). */
  editing: number | null;
  rejecting: number | null;
  /** Law or proposal ids with a correction in flight (their buttons are disabled meanwhile). */
  busy: Record<string, true>;
  /** The law a link pointed at (lit for a moment); its scope's rejected list opens when it is rejected. */
  lit: number | null;
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
  /** Shows one law: its scope (or all), its card lit; a rejected law's list opened. */
  reveal(id: number): Promise<boolean>;
  startEdit(id: number | null): void;
  startReject(id: number | null): void;
  /** Resolves to null when saved, else the reason it was not (shown beside the field). */
  edit(id: number, statement: string): Promise<string | null>;
  reject(id: number, reason: string): Promise<boolean>;
  unreject(id: number): Promise<void>;
  pin(id: number, pinned: boolean): Promise<void>;
  unsuppress(id: number): Promise<void>;
  decide(proposalId: number, accept: boolean): Promise<void>;
}

const CHOICE_KEY = 'laws.scope';

export const useLaws = create<LawsState>((set, get) => ({
  laws: [],
  rejected: [],
  proposals: [],
  loaded: false,
  editing: null,
  rejecting: null,
  busy: {},
  lit: null,
  choice: recall(CHOICE_KEY) ?? 'all',
  expanded: {},
  derive: {},
  check: null,

  async load() {
    const [laws, rejected, proposals] = await Promise.all([
      attempt(() => invoke('laws.list', {})),
      attempt(() => invoke('laws.rejected', {})),
      attempt(() => invoke('laws.proposals', {})),
    ]);
    if (!laws || !rejected || !proposals) return;
    // Unchanged data keeps its identity, so an idle refresh re-renders nothing.
    const s = get();
    if (!s.loaded || JSON.stringify(laws) !== JSON.stringify(s.laws)) set({ laws });
    if (JSON.stringify(rejected) !== JSON.stringify(s.rejected)) set({ rejected });
    if (JSON.stringify(proposals) !== JSON.stringify(s.proposals)) set({ proposals });
    if (!s.loaded) set({ loaded: true });
  },

  async reveal(id) {
    await get().load();
    const law = get().laws.find((l) => l.id === id) ?? get().rejected.find((l) => l.id === id);
    if (!law) return false;
    const choice = get().choice;
    if (choice !== 'all' && choice !== law.scope) get().choose(law.scope);
    set({ lit: id });
    return true;
  },

  startEdit(id) {
    set({ editing: id, rejecting: null });
  },

  startReject(id) {
    set({ rejecting: id, editing: null });
  },

  async edit(id, statement) {
    try {
      await correcting(`law:${id}`, () => invoke('laws.edit', { id, statement }));
      set({ editing: null });
      return null;
    } catch (err) {
      return err instanceof ApiError ? err.message : String(err);
    } finally {
      await get().load();
    }
  },

  async reject(id, reason) {
    const ok = await attempt(() => correcting(`law:${id}`, () => invoke('laws.reject', reason.trim() ? { id, reason: reason.trim() } : { id })));
    if (ok) set({ rejecting: null });
    await get().load();
    return !!ok;
  },

  async unreject(id) {
    await attempt(() => correcting(`law:${id}`, () => invoke('laws.unreject', { id })));
    await get().load();
  },

  async pin(id, pinned) {
    await attempt(() => correcting(`law:${id}`, () => invoke('laws.pin', { id, pinned })));
    await get().load();
  },

  async unsuppress(id) {
    await attempt(() => correcting(`law:${id}`, () => invoke('laws.unsuppress', { id })));
    await get().load();
  },

  async decide(proposalId, accept) {
    await attempt(() => correcting(`proposal:${proposalId}`, () => invoke('laws.decide', { id: proposalId, accept })));
    await get().load();
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
      next = { state: 'done', derived: r.derived, dropped: r.dropped, rejected: r.rejected, excluded: r.excluded, kept: r.kept, proposed: r.proposed, at: Date.now() };
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

/** Marks `key` busy while `run` is in flight. */
async function correcting<T>(key: string, run: () => Promise<T>): Promise<T> {
  useLaws.setState((s) => ({ busy: { ...s.busy, [key]: true } }));
  try {
    return await run();
  } finally {
    useLaws.setState((s) => {
      const { [key]: _done, ...rest } = s.busy;
      return { busy: rest };
    });
  }
}
