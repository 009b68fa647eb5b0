// The shell: sidebar, tabbed main area, banners, toasts and the confirm dialog.
import { useEffect } from 'react';
import { useAgents } from '../features/agents/store';
import { ChatPane } from '../features/chat/ChatPane';
import { InboxBadge } from '../features/inbox/InboxBadge';
import { useSessions } from '../features/sessions/store';
import { ConfigErrorBanner } from '../features/settings/ConfigErrorBanner';
import { Toasts } from '../features/toasts/Toasts';
import { useConnection } from '../lib/connection';
import { ConfirmDialog } from './confirm';
import { ForgetDialog } from '../features/forget/ForgetDialog';
import { Icon, type IconName } from './icons';
import { lazyPart, type LazyPart } from './lazy-part';
import { NoTokenPage } from './NoTokenPage';
import { Notices } from './Notices';
import { Sidebar } from './Sidebar';
import { TABS, useShell, type TabId } from './shell-store';
import { useThemeSync } from './theme';
import { startWiring } from './wiring';

// Every tab but Chat is its own chunk, fetched when first opened or when the person shows the intent to
// open it (a pointer on the tab, keyboard focus on it: see TabBar), so the first screen compiles only the
// chat. The Graph chunk (Cytoscape, ~490 kB) used to be fetched and compiled whenever the app went idle,
// in every window, whether or not the graph was ever shown. It is not worth it: from a click with no
// hover first to the Graph pane drawn took a median 339 ms with the chunk fetched on the click and 325 ms
// with it preloaded (7 loads each, loopback `monad serve`, load average 17 on 2 cores): drawing the pane
// is the wait, not the chunk.
const LAZY_TABS: Record<Exclude<TabId, 'chat'>, LazyPart<object>> = {
  memory: lazyPart('the memory view', () => import('../features/facts/MemoryPane'), (m) => m.MemoryPane),
  graph: lazyPart('the graph', () => import('../features/graph/GraphPane'), (m) => m.GraphPane),
  laws: lazyPart('the laws', () => import('../features/laws/LawsPane'), (m) => m.LawsPane),
  inbox: lazyPart('the inbox', () => import('../features/inbox/InboxPane'), (m) => m.InboxPane),
  settings: lazyPart('the settings', () => import('../features/settings/SettingsPane'), (m) => m.SettingsPane),
};

const TAB_META: Record<TabId, { label: string; icon: IconName }> = {
  chat: { label: 'Chat', icon: 'chat' },
  memory: { label: 'Memory', icon: 'memory' },
  graph: { label: 'Graph', icon: 'graph' },
  laws: { label: 'Laws', icon: 'laws' },
  inbox: { label: 'Inbox', icon: 'inbox' },
  settings: { label: 'Settings', icon: 'settings' },
};

export function App() {
  const auth = useConnection((s) => s.auth);
  useThemeSync();
  if (auth !== 'ok') return <NoTokenPage reason={auth} />;
  return <Shell />;
}

function Shell() {
  useEffect(() => startWiring(), []);
  const agentId = useAgents((s) => s.selectedId);
  useEffect(() => {
    if (agentId) void useSessions.getState().showAgent(agentId);
  }, [agentId]);

  const collapsed = useShell((s) => s.sidebarCollapsed);
  useSidebarShortcut();

  return (
    <div className={`app${collapsed ? ' is-sidebar-collapsed' : ''}`} data-testid="app" data-sidebar={collapsed ? 'collapsed' : 'open'}>
      {collapsed ? null : <Sidebar />}
      <main className="main">
        <TabBar />
        <LinkBanner />
        <GlobalConfigBar />
        <Notices />
        <div className="pane" role="tabpanel">
          <ActivePane />
        </div>
      </main>
      <Toasts />
      <ConfirmDialog />
      <ForgetDialog />
    </div>
  );
}

/** Ctrl+B (Cmd+B on a Mac) folds the sidebar away and back, from anywhere, as in other chat apps. */
function useSidebarShortcut(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key.toLowerCase() !== 'b' || !(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.defaultPrevented) return;
      e.preventDefault();
      useShell.getState().toggleSidebar();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

function SidebarToggle() {
  const collapsed = useShell((s) => s.sidebarCollapsed);
  const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
  const label = collapsed ? 'Show the sidebar' : 'Hide the sidebar';
  return (
    <button
      type="button"
      className="icon-button sidebar-toggle"
      aria-label={label}
      aria-expanded={!collapsed}
      title={`${label} (${mac ? '⌘B' : 'Ctrl+B'})`}
      data-testid="sidebar-toggle"
      onClick={() => useShell.getState().toggleSidebar()}
    >
      <Icon name="sidebar" size={16} />
    </button>
  );
}

function TabBar() {
  const tab = useShell((s) => s.tab);
  return (
    <div className="tabbar-row">
    <SidebarToggle />
    <nav
      className="tabbar"
      role="tablist"
      aria-label="Views"
      onKeyDown={(e) => {
        if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
        const i = TABS.indexOf(tab);
        const next = TABS[(i + (e.key === 'ArrowRight' ? 1 : TABS.length - 1)) % TABS.length];
        useShell.getState().setTab(next);
        requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="tab-${next}"]`)?.focus());
      }}
    >
      {TABS.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          aria-selected={tab === id}
          tabIndex={tab === id ? 0 : -1}
          className={`tab${tab === id ? ' is-active' : ''}`}
          data-testid={`tab-${id}`}
          // A pointer on its way to a tab, or focus on it, starts its chunk before the click asks for it.
          onPointerEnter={() => preloadTab(id)}
          onFocus={() => preloadTab(id)}
          onClick={() => useShell.getState().setTab(id)}
        >
          <Icon name={TAB_META[id].icon} size={15} />
          {TAB_META[id].label}
          {id === 'inbox' ? <InboxBadge /> : null}
        </button>
      ))}
    </nav>
    </div>
  );
}

function preloadTab(id: TabId): void {
  if (id !== 'chat') void LAZY_TABS[id].preload().catch(() => undefined); // opening the tab shows the failure
}

function ActivePane() {
  const tab = useShell((s) => s.tab);
  if (tab === 'chat') return <ChatPane />;
  const { Part } = LAZY_TABS[tab];
  return <Part />;
}

/** On every tab but Settings (which shows the full banner), a one-line reminder that config.json is broken. */
function GlobalConfigBar() {
  const tab = useShell((s) => s.tab);
  if (tab === 'settings') return null;
  return <ConfigErrorBanner compact />;
}

function LinkBanner() {
  const link = useConnection((s) => s.link);
  if (link !== 'reconnecting') return null;
  return (
    <div className="banner banner-warning banner-compact" role="status" data-testid="link-banner">
      <Icon name="wifiOff" size={16} className="banner-icon" />
      <div className="banner-body">
        <div className="banner-title">Lost the connection to monad serve — reconnecting…</div>
      </div>
    </div>
  );
}
