// Settings: models, agents, memory, data (import, export, backups), appearance, and what the app knows
// about itself (versions, home, config, db, secret storage). Config problems are shown first and loudly.
import type { ReactNode } from 'react';
import { Section } from '../../app/Section';
import type { AppStatus } from '../../../../shared/domain';
import { AgentsEditor } from '../agents/AgentsEditor';
import { DataSection } from '../data/DataSection';
import { MemorySection } from '../memory-settings/MemorySection';
import { ModelsSection } from '../models/ModelsSection';
import { ConfigErrorBanner } from './ConfigErrorBanner';
import { useSettings, type Theme } from './store';
import { fullTime } from '../../lib/time';

export function SettingsPane() {
  const status = useSettings((s) => s.status);
  return (
    <div className="settings" data-testid="settings-pane">
      <header className="pane-header">
        <div>
          <h1 className="pane-title">Settings</h1>
          <div className="pane-subtitle">Stored in config.json in your Monad home; edits on disk show up here live.</div>
        </div>
      </header>
      <div className="settings-body">
        <ConfigErrorBanner />
        <ModelsSection />
        <AgentsEditor />
        <MemorySection />
        <DataSection />
        <AppearanceSection />
        {status ? <StatusSection status={status} /> : <Section title="Status">Loading…</Section>}
      </div>
    </div>
  );
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
      <div className="segmented" role="radiogroup" aria-label="Theme" data-testid="theme-picker">
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={theme === o.value}
            className={`segment${theme === o.value ? ' is-active' : ''}`}
            data-testid={`theme-${o.value}`}
            onClick={() => theme !== o.value && void useSettings.getState().setTheme(o.value)}
          >
            {o.label}
          </button>
        ))}
      </div>
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
