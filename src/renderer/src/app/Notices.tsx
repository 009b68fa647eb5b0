// What the engine says the person must be told about this run (`status.notices`: a damaged database moved
// aside and restored from a backup, a restore applied or failed, an automatic backup that failed) and API
// keys kept in plain text, as banners above every tab until dismissed. Dismissals are remembered in this
// browser, per notice, so a reload does not bring back what was already read; a new notice shows again.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Notice } from '../../../shared/domain';
import { useModelCheck } from '../features/models/model-check-store';
import { useModels } from '../features/models/store';
import { useShell } from './shell-store';
import { useSettings } from '../features/settings/store';
import { Icon } from './icons';
import { recall, remember } from '../lib/prefs';

const DISMISSED_KEY = 'notices.dismissed';
/** Old dismissals are dropped beyond this: notices are rare, and a key that never recurs is dead weight. */
const KEEP_DISMISSED = 50;

type Level = Notice['level'];

interface ShownNotice {
  key: string;
  level: Level;
  code: Notice['code'] | 'secrets-plain-text';
  title: string;
  message: string;
  at: string | null;
}

const TITLE: Record<Notice['code'], string> = {
  'db-restored': 'A database was damaged and has been restored from a backup',
  'db-reset': 'A database was damaged and no backup could be used',
  'restore-applied': 'The backup was restored',
  'restore-failed': 'The restore was not applied',
  'restore-pending': 'A restore is waiting',
  'backup-failed': 'The automatic backup failed',
  'home-permissions-tightened': "Monad's files were readable by other accounts",
  'memory-task-failing': 'A memory task keeps failing',
};

function readDismissed(): string[] {
  try {
    const v = JSON.parse(recall(DISMISSED_KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

export function Notices() {
  const status = useSettings((s) => s.status);
  const providers = useModels((s) => s.providers);
  const providersLoaded = useModels((s) => s.loaded);
  const [dismissed, setDismissed] = useState<string[]>(readDismissed);
  const listRef = useRef<HTMLDivElement>(null);

  // Whether any API key is stored decides whether the plain-text warning is worth a banner.
  useEffect(() => {
    if (status?.secrets.warning && !providersLoaded) void useModels.getState().load();
  }, [status?.secrets.warning, providersLoaded]);

  const shown = useMemo<ShownNotice[]>(() => {
    if (!status) return [];
    const out: ShownNotice[] = status.notices.map((n) => ({
      key: `${n.code}@${n.at}`,
      level: n.level,
      code: n.code,
      title: TITLE[n.code] ?? 'Monad has something to tell you',
      message: n.message,
      at: n.at,
    }));
    // Only once a key is actually kept that way: with none stored there is nothing at risk yet.
    if (status.secrets.warning && providers.some((p) => p.hasKey)) {
      out.push({ key: `secrets@${status.secrets.warning}`, level: 'warning', code: 'secrets-plain-text', title: 'API keys are stored in plain text', message: status.secrets.warning, at: null });
    }
    return out.filter((n) => !dismissed.includes(n.key));
  }, [status, providers, dismissed]);

  if (!shown.length) return null;

  const dismiss = (key: string) => {
    const i = shown.findIndex((n) => n.key === key);
    const next = [...dismissed.filter((k) => k !== key), key].slice(-KEEP_DISMISSED);
    setDismissed(next);
    remember(DISMISSED_KEY, JSON.stringify(next));
    // Keyboard users stay in the notices: focus moves to the next one's Dismiss (or the one before).
    const neighbour = shown[i + 1] ?? shown[i - 1];
    requestAnimationFrame(() => {
      const target = neighbour ? listRef.current?.querySelector<HTMLElement>(`[data-notice-key="${CSS.escape(neighbour.key)}"] .notice-dismiss`) : null;
      (target ?? document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]'))?.focus();
    });
  };

  return (
    <div className="notices" role="region" aria-label="Notices" data-testid="notices" ref={listRef}>
      {shown.map((n) => (
        <div
          key={n.key}
          className={`banner banner-${n.level} notice`}
          role={n.level === 'error' ? 'alert' : 'status'}
          data-testid="notice"
          data-code={n.code}
          data-level={n.level}
          data-notice-key={n.key}
          onKeyDown={(e) => {
            if (e.key !== 'Escape') return;
            e.stopPropagation();
            dismiss(n.key);
          }}
        >
          <Icon name={n.level === 'info' ? 'info' : 'alert'} size={18} className="banner-icon" />
          <div className="banner-body">
            <div className="banner-title">{n.title}</div>
            <div className="notice-message selectable">{n.message}</div>
            {n.at ? <div className="banner-hint">{new Date(n.at).toLocaleString()}</div> : null}
            {n.code === 'memory-task-failing' ? <CheckModelsLink /> /* issue 18 §4: the notice links to the self-test */ : null}
          </div>
          <button type="button" className="icon-button notice-dismiss" aria-label={`Dismiss: ${n.title}`} title="Dismiss (Esc)" data-testid="notice-dismiss" onClick={() => dismiss(n.key)}>
            <Icon name="close" />
          </button>
        </div>
      ))}
    </div>
  );
}

/** Opens Settings → Models at "Check memory tasks" (the notice of a memory task that keeps failing). */
function CheckModelsLink() {
  return (
    <button
      type="button"
      className="button notice-action"
      data-testid="notice-check-models"
      onClick={() => {
        useShell.getState().setTab('settings');
        useModelCheck.getState().requestFocus();
      }}
    >
      Check memory tasks
    </button>
  );
}
