// Settings: one section at a time, picked from a navigation list (Models, Memory, Agents, Data,
// Appearance, Status, …). Config problems are shown above every section, loudly.
//
// SECTIONS is the one list of what Settings holds: a feature adds its settings as its own component file
// and one entry here ({ id, title, render }); the navigation, the remembered choice and the tests'
// `settings-nav-<id>` ids all follow from it.
import { RadioSegments } from '../../app/RadioSegments';
import { useEffect, type ReactNode } from 'react';
import { Section } from '../../app/Section';
import type { AppStatus } from '../../../../shared/domain';
import { AgentsEditor } from '../agents/AgentsEditor';
import { ChatsSection } from '../chat/ChatsSection';
import { DataSection } from '../data/DataSection';
import { DevicesSection } from '../devices/DevicesSection';
import { IntegrationsSection } from '../integrations/IntegrationsSection';
import { MemorySection } from '../memory-settings/MemorySection';
import { ModelsSection } from '../models/ModelsSection';
import { ToolsSection } from '../mcp-tools/ToolsSection';
import { ConfigErrorBanner } from './ConfigErrorBanner';
import { useSettingsNav } from './nav-store';
import { useSettings, type Theme } from './store';
import { fullTime } from '../../lib/time';

export interface SettingsSectionEntry {
  id: string;
  title: string;
  /** One line under the title in the navigation. */
  hint: string;
  render: () => ReactNode;
}

export const SECTIONS: readonly SettingsSectionEntry[] = [
  { id: 'models', title: 'Models', hint: 'Providers and which model does what', render: () => <ModelsSection /> },
  { id: 'memory', title: 'Memory', hint: 'What each agent remembers, and when it tidies up', render: () => <MemorySection /> },
  { id: 'tools', title: 'Tools', hint: 'Other apps’ tools (MCP servers) in the chat', render: () => <ToolsSection /> },
  { id: 'agents', title: 'Agents', hint: 'Names, descriptions and instructions', render: () => <AgentsEditor /> },
  { id: 'chats', title: 'Chats', hint: 'Generated titles', render: () => <ChatsSection /> },
  { id: 'data', title: 'Data', hint: 'Import, export and backups', render: () => <DataSection /> },
  { id: 'devices', title: 'Devices', hint: 'Sync with your other devices', render: () => <DevicesSection /> },
  { id: 'integrations', title: 'Integrations', hint: 'Monad’s memory in other apps (MCP)', render: () => <IntegrationsSection /> },
  { id: 'appearance', title: 'Appearance', hint: 'Light, dark or the system’s theme', render: () => <AppearanceSection /> },
  { id: 'status', title: 'Status', hint: 'Versions, home folder, database', render: () => <StatusOrLoading /> },
];

export function SettingsPane() {
  const stored = useSettingsNav((s) => s.section);
  const active = SECTIONS.find((s) => s.id === stored) ?? SECTIONS[0];
  // The section's heading takes focus after a keyboard pick, so a screen reader hears where it landed.
  useEffect(() => {
    if (useSettingsNav.getState().focusPending) {
      useSettingsNav.getState().focused();
      document.getElementById(`settings-panel-${active.id}`)?.focus();
    }
  }, [active.id]);
  return (
    <div className="settings" data-testid="settings-pane" data-section={active.id}>
      <header className="pane-header">
        <div>
          <h1 className="pane-title">Settings</h1>
          <div className="pane-subtitle">Stored in config.json in your Monad home; edits on disk show up here live.</div>
        </div>
      </header>
      <div className="settings-layout">
        <nav className="settings-nav" aria-label="Settings sections" data-testid="settings-nav">
          {SECTIONS.map((s) => (
            <button
              key={s.id}
              type="button"
              className={`settings-nav-item${s.id === active.id ? ' is-active' : ''}`}
              aria-current={s.id === active.id ? 'page' : undefined}
              data-testid={`settings-nav-${s.id}`}
              onClick={() => useSettingsNav.getState().show(s.id, true)}
            >
              <span className="settings-nav-title">{s.title}</span>
              <span className="settings-nav-hint">{s.hint}</span>
            </button>
          ))}
        </nav>
        <div className="settings-body" id={`settings-panel-${active.id}`} tabIndex={-1} aria-label={active.title} data-testid={`settings-section-${active.id}`}>
          <ConfigErrorBanner />
          {active.render()}
        </div>
      </div>
    </div>
  );
}

function StatusOrLoading() {
  const status = useSettings((s) => s.status);
  return status ? <StatusSection status={status} /> : <Section title="Status">Loading…</Section>;
}

function AppearanceSection() {
  const theme = useSettings((s) => s.config?.ui.theme ?? 'system');
  const options: { value: Theme; label: string }[] = [
    { value: 'system', label: 'System' },
    { value: 'light', label: 'Light' },
    { value: 'dark', label: 'Dark' },
  ];
  return (
    <Section title="Appearance" description="Follow the operating system, or pick a theme (ui.theme).">
      <RadioSegments label="Theme" testId="theme-picker" value={theme} options={options} optionTestId={(v) => `theme-${v}`} onChoose={(t) => void useSettings.getState().setTheme(t)} />
    </Section>
  );
}

function StatusSection({ status }: { status: AppStatus }) {
  const v = status.versions;
  return (
    <Section title="Status" description="What this copy of Monad is running on, and where it keeps your data." testId="app-status">
      <div className="status-grid">
        <div className="status-home" data-testid="status-home">
          <span className="status-home-label">Home folder</span>
          <span className="mono selectable status-home-path" data-testid="status-home-path" title={status.home}>
            {status.home}
          </span>
        </div>
        <StatusCard title="Application" ok testId="status-app">
          <KeyValue k="Version" v={`${status.app.name} ${status.app.version}`} testId="status-version" />
          <KeyValue k="Host" v={hostLabel(status.host)} />
          <KeyValue k="Node" v={v.node} />
          <KeyValue k="Electron" v={v.electron ?? '—'} />
          <KeyValue k="Chrome" v={v.chrome ?? '—'} />
          <KeyValue k="SQLite" v={v.sqlite} />
        </StatusCard>
        <StatusCard title="Configuration" ok={status.config.ok} testId="status-config">
          <KeyValue k="File" v={inHome(status.home, status.config.path)} title={status.config.path} mono />
          <KeyValue k="State" v={status.config.ok ? 'Valid' : 'Has an error'} />
          <KeyValue k="Last good" v={status.config.lastGoodAt ? fullTime(status.config.lastGoodAt) : '—'} />
          {status.config.error ? <Note kind="error">{status.config.error}</Note> : null}
        </StatusCard>
        <StatusCard title="Database" ok={status.db.ok} testId="status-db">
          <KeyValue k="File" v={inHome(status.home, status.db.path)} title={status.db.path} mono />
          <KeyValue k="Schema" v={`version ${status.db.schemaVersion}`} />
          {status.db.error ? <Note kind="error">{status.db.error}</Note> : null}
        </StatusCard>
        <StatusCard title="Secret storage" ok={status.secrets.warning === null} warnOnly testId="status-secrets">
          <KeyValue k="Kind" v={status.secrets.kind === 'safeStorage' ? 'OS keychain (safeStorage)' : 'Owner-only file'} />
          <KeyValue k="Encrypted" v={status.secrets.encrypted ? 'Yes' : 'No'} />
          {status.secrets.warning ? (
            <Note kind="warning" testId="secrets-warning">
              {status.secrets.warning}
            </Note>
          ) : null}
        </StatusCard>
      </div>
    </Section>
  );
}

function StatusCard(props: { title: string; ok: boolean; warnOnly?: boolean; children: ReactNode; testId?: string }) {
  const state = props.ok ? 'ok' : props.warnOnly ? 'warn' : 'error';
  return (
    <div className={`status-card status-card-${state}`} data-testid={props.testId} data-state={state}>
      <div className="status-card-head">
        <span className={`status-dot status-${state}`} aria-hidden="true" />
        <h3>{props.title}</h3>
        <span className={`pill pill-${state}`}>{state === 'ok' ? 'OK' : state === 'warn' ? 'Warning' : 'Error'}</span>
      </div>
      <dl className="kv">{props.children}</dl>
    </div>
  );
}

function KeyValue({ k, v, mono, testId, title }: { k: string; v: string; mono?: boolean; testId?: string; title?: string }) {
  return (
    <>
      <dt>{k}</dt>
      <dd className={mono ? 'mono selectable' : 'selectable'} data-testid={testId} title={title ?? v}>
        {v}
      </dd>
    </>
  );
}

/** Spans both columns of the key/value grid. A <dd> (of the pair above it): a <dl> holds only dt/dd (axe definition-list). */
function Note({ kind, children, testId }: { kind: 'error' | 'warning'; children: ReactNode; testId?: string }) {
  return (
    <dd className={`status-note status-note-${kind}`} data-testid={testId}>
      {children}
    </dd>
  );
}

/** Paths inside the home folder are shown relative to it (the full path is in the tooltip). */
function inHome(home: string, path: string): string {
  const sep = home.includes('\\') && !home.includes('/') ? '\\' : '/';
  const prefix = home.endsWith(sep) ? home : home + sep;
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

function hostLabel(host: AppStatus['host']): string {
  switch (host) {
    case 'electron':
      return 'Desktop app';
    case 'server':
      return 'Headless (monad serve)';
    case 'cli':
      return 'Command line';
  }
}
