// Shell UI state: which main tab is showing.
import { create } from 'zustand';
import { recall, remember } from '../lib/prefs';

export const TABS = ['chat', 'memory', 'graph', 'laws', 'settings'] as const;
export type TabId = (typeof TABS)[number];

const TAB_KEY = 'shell.tab';

function initialTab(): TabId {
  const saved = recall(TAB_KEY);
  return (TABS as readonly string[]).includes(saved ?? '') ? (saved as TabId) : 'chat';
}

interface ShellState {
  tab: TabId;
  setTab(tab: TabId): void;
}

export const useShell = create<ShellState>((set) => ({
  tab: initialTab(),
  setTab(tab) {
    set({ tab });
    remember(TAB_KEY, tab);
  },
}));
