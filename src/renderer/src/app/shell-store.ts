// Shell UI state: which main tab is showing.
import { create } from 'zustand';
import { recall, remember } from '../lib/prefs';

export const TABS = ['chat', 'memory', 'graph', 'laws', 'inbox', 'settings'] as const;
export type TabId = (typeof TABS)[number];

const TAB_KEY = 'shell.tab';

function initialTab(): TabId {
  const saved = recall(TAB_KEY);
  return (TABS as readonly string[]).includes(saved ?? '') ? (saved as TabId) : 'chat';
}

/**
 * A request from one feature to show something in another ("open this message in its chat",
 * "show this fact", "focus this relation in the graph"). The target feature consumes it and calls
 * `clearIntent()`. Provenance links across Memory, Graph and Laws all go through here.
 */
export type NavIntent =
  | { kind: 'message'; sessionId: string; messageId: string }
  | { kind: 'fact'; scope: string; factId: string }
  | { kind: 'graph'; scope: string; nodeId?: number; edgeId?: number }
  /** A law, active or rejected (a history entry's link): its card is scrolled to and lit. */
  | { kind: 'law'; scope: string | null; lawId: number }
  /** An invite link the desktop app was opened with: Settings → Devices with the Join form filled. */
  | { kind: 'syncJoin'; relay: string; code: string };

const INTENT_TAB: Record<NavIntent['kind'], TabId> = { message: 'chat', fact: 'memory', graph: 'graph', law: 'laws', syncJoin: 'settings' };

const SIDEBAR_KEY = 'shell.sidebarCollapsed';

interface ShellState {
  tab: TabId;
  intent: NavIntent | null;
  /** The sidebar folded away (Ctrl/Cmd+B, or the button at the left of the tab bar). Remembered. */
  sidebarCollapsed: boolean;
  toggleSidebar(): void;
  setTab(tab: TabId): void;
  navigate(intent: NavIntent): void;
  clearIntent(): void;
}

export const useShell = create<ShellState>((set) => ({
  tab: initialTab(),
  intent: null,
  sidebarCollapsed: recall(SIDEBAR_KEY) === '1',
  toggleSidebar() {
    set((s) => {
      remember(SIDEBAR_KEY, s.sidebarCollapsed ? '0' : '1');
      return { sidebarCollapsed: !s.sidebarCollapsed };
    });
  },
  setTab(tab) {
    set({ tab });
    remember(TAB_KEY, tab);
  },
  navigate(intent) {
    const tab = INTENT_TAB[intent.kind];
    set({ intent, tab });
    remember(TAB_KEY, tab);
  },
  clearIntent() {
    set({ intent: null });
  },
}));
