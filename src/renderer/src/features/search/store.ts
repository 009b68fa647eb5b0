// The search box's state: the query, whether it searches the selected agent only, and the results of
// the latest request. Typing is debounced; a reply that arrives after a newer request was sent is dropped.
import { create } from 'zustand';
import type { SearchResults } from '../../../../shared/search';
import { ApiError, invoke } from '../../lib/api';
import { recall, remember } from '../../lib/prefs';
import { useAgents } from '../agents/store';
import { quietToast } from '../chat/quiet-toast';
import { flatten, type ResultItem } from './items';

/** Long enough to skip the keystrokes of a word being typed, short enough to feel live. */
export const DEBOUNCE_MS = 160;
/** Results per kind (messages, facts, entities). */
const PER_KIND = 8;
const SCOPE_KEY = 'search.scope';

export type SearchStatus = 'idle' | 'pending' | 'done' | 'error';

interface SearchState {
  open: boolean;
  query: string;
  /** Only the selected agent's sessions and scopes. */
  agentOnly: boolean;
  status: SearchStatus;
  results: SearchResults | null;
  items: ResultItem[];
  /** What `results` answer: the query and the agent (null: all agents). */
  answered: { query: string; agentId: string | null } | null;
  error: string | null;
  active: number;
  setOpen(open: boolean): void;
  setQuery(query: string): void;
  setAgentOnly(agentOnly: boolean): void;
  /** Sends the current query now (no debounce). */
  run(): Promise<void>;
  move(delta: number): void;
  setActive(index: number): void;
}

let timer: ReturnType<typeof setTimeout> | null = null;
let seq = 0;

function cancelTimer(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

export const useSearch = create<SearchState>((set, get) => ({
  open: false,
  query: '',
  agentOnly: recall(SCOPE_KEY) === 'agent',
  status: 'idle',
  results: null,
  items: [],
  answered: null,
  error: null,
  active: 0,

  setOpen(open) {
    if (open === get().open) return;
    set({ open });
    // Reopening shows fresh results: messages may have arrived since.
    if (open && get().query.trim()) void get().run();
  },

  setQuery(query) {
    set({ query, open: true });
    cancelTimer();
    if (!query.trim()) {
      seq++;
      set({ status: 'idle', results: null, items: [], answered: null, error: null, active: 0 });
      return;
    }
    set({ status: 'pending' });
    timer = setTimeout(() => void get().run(), DEBOUNCE_MS);
  },

  setAgentOnly(agentOnly) {
    set({ agentOnly });
    remember(SCOPE_KEY, agentOnly ? 'agent' : 'all');
    if (get().query.trim()) void get().run();
  },

  async run() {
    cancelTimer();
    const query = get().query.trim();
    if (!query) return;
    const agentId = get().agentOnly ? useAgents.getState().selectedId : null;
    const mine = ++seq;
    set({ status: 'pending' });
    try {
      const results = await invoke('search.query', { query, k: PER_KIND, ...(agentId ? { agentId } : {}) });
      if (mine !== seq) return;
      const same = get().answered?.query === query && get().answered?.agentId === agentId;
      const items = flatten(results);
      set({
        status: 'done',
        results,
        items,
        answered: { query, agentId },
        error: null,
        // Keep the highlighted row when the same search is refreshed; start at the top otherwise.
        active: same ? Math.min(get().active, Math.max(0, items.length - 1)) : 0,
      });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // Shown in the panel, with a Retry: a toast would say it twice.
      quietToast(err);
      if (mine !== seq) return;
      set({ status: 'error', error: err.message });
    }
  },

  move(delta) {
    const n = get().items.length;
    if (n === 0) return;
    set({ active: (get().active + delta + n) % n });
  },

  setActive(index) {
    if (index !== get().active) set({ active: index });
  },
}));
