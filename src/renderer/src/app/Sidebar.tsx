// The left column: agents, and under the selected agent its sessions.
import { useAgents } from '../features/agents/store';
import { SearchBox } from '../features/search/SearchBox';
import { SessionList } from '../features/sessions/SessionList';
import { SyncState } from '../features/sync/SyncState';
import { useSessions } from '../features/sessions/store';
import { host } from '../lib/api';
import { useConnection } from '../lib/connection';
import { initials } from '../lib/initials';
import { Icon } from './icons';
import { useShell } from './shell-store';

export function Sidebar() {
  const agents = useAgents((s) => s.agents);
  const loaded = useAgents((s) => s.loaded);
  const selectedId = useAgents((s) => s.selectedId);

  return (
    <aside className="sidebar" data-testid="sidebar">
      <div className="sidebar-header">
        <span className="brand-mark" aria-hidden="true" />
        <span className="brand-name">Monad</span>
      </div>
      <SearchBox />
      <div className="sidebar-scroll">
        <div className="sidebar-label">Agents</div>
        <nav className="agent-list" aria-label="Agents" data-testid="agent-list">
          {!loaded ? <div className="session-empty">Loading…</div> : null}
          {agents.map((agent) => {
            const selected = agent.id === selectedId;
            return (
              <div key={agent.id} className={`agent-group${selected ? ' is-open' : ''}`}>
                <button
                  type="button"
                  className={`agent-item${selected ? ' is-selected' : ''}`}
                  aria-expanded={selected}
                  data-testid="agent-item"
                  data-agent-id={agent.id}
                  title={agent.description || agent.name}
                  onClick={() => useAgents.getState().select(agent.id)}
                >
                  <Icon name={selected ? 'chevronDown' : 'chevronRight'} size={14} className="agent-chevron" />
                  <span className="agent-avatar" aria-hidden="true">
                    {initials(agent.name)}
                  </span>
                  <span className="agent-name">{agent.name}</span>
                </button>
                {selected ? (
                  <div className="agent-sessions">
                    <button
                      type="button"
                      className="new-session"
                      data-testid="new-session"
                      onClick={async () => {
                        const session = await useSessions.getState().create(agent.id);
                        if (session) useShell.getState().setTab('chat');
                      }}
                    >
                      <Icon name="plus" size={14} />
                      New session
                    </button>
                    <SessionList agentId={agent.id} />
                  </div>
                ) : null}
              </div>
            );
          })}
        </nav>
      </div>
      <SyncState />
      <SidebarFooter />
    </aside>
  );
}

function SidebarFooter() {
  const link = useConnection((s) => s.link);
  const kind = host();
  const label = kind === 'electron' ? 'Desktop' : link === 'online' ? `Connected · ${location.host}` : link === 'connecting' ? 'Connecting…' : 'Reconnecting…';
  return (
    <div className="sidebar-footer" data-testid="connection-state" data-link={link}>
      <span className={`status-dot status-${link === 'online' ? 'ok' : link === 'connecting' ? 'idle' : 'warn'}`} aria-hidden="true" />
      <span className="sidebar-footer-text">{label}</span>
      <button
        type="button"
        className="icon-button"
        aria-label="Settings"
        title="Settings"
        onClick={() => useShell.getState().setTab('settings')}
      >
        <Icon name="settings" size={15} />
      </button>
    </div>
  );
}
