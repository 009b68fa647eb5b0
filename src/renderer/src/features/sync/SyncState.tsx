// The sidebar footer's sync line (issue 30 §5): synced · offline · 3 pending · 1 conflict to look at, with
// "sync now" beside it. Hidden while this home does not sync (nothing to say; pairing lives in Settings).
// A conflict is a link: it opens Memory → History, where "edited on both devices" waits for a pick.
import type { SyncStatus } from '../../../../shared/contract-sync';
import { Icon, type IconName } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { fullTime, shortAgo } from '../../lib/time';
import { useFacts } from '../facts/store';
import { useSync } from './store';
import '../../styles/sync.css';

interface Shown {
  icon: IconName;
  tone: 'ok' | 'idle' | 'warn';
  text: string;
}

export function describeSync(s: SyncStatus): Shown {
  switch (s.state) {
    case 'synced':
      return { icon: 'check', tone: 'ok', text: 'Synced' };
    case 'pending':
      return { icon: 'refresh', tone: 'idle', text: s.pending > 0 ? `${s.pending} pending` : 'Syncing…' };
    case 'connecting':
      return { icon: 'refresh', tone: 'idle', text: 'Connecting to sync…' };
    case 'offline':
      return { icon: 'wifiOff', tone: 'warn', text: s.pending > 0 ? `Offline · ${s.pending} pending` : 'Offline' };
    case 'conflict':
      return { icon: 'alert', tone: 'warn', text: `${s.conflicts} conflict${s.conflicts === 1 ? '' : 's'} to look at` };
    case 'not-set-up':
      return { icon: 'info', tone: 'idle', text: 'Sync: not set up' };
  }
}

/** The whole state in words, for screen readers and the tooltip. */
function sentence(s: SyncStatus, shown: Shown): string {
  const when = s.lastSyncedAt ? ` Last synced ${shortAgo(s.lastSyncedAt)} (${fullTime(s.lastSyncedAt)}).` : '';
  const error = s.lastError && s.state !== 'synced' ? ` ${s.lastError}` : '';
  return `Sync: ${shown.text}.${when}${error}`;
}

export function SyncState() {
  const status = useSync((s) => s.status);
  const running = useSync((s) => s.running);
  if (!status || status.state === 'not-set-up') return null;
  const shown = describeSync(status);
  const label = sentence(status, shown);
  const body = (
    <>
      <span className={`status-dot status-${shown.tone}`} aria-hidden="true" />
      <Icon name={shown.icon} size={14} />
      <span className="sync-state-text" aria-hidden={status.state === 'conflict' ? undefined : true}>
        {shown.text}
      </span>
    </>
  );
  return (
    <div className="sync-state" data-testid="sync-state" data-state={status.state}>
      {status.state === 'conflict' ? (
        <button
          type="button"
          className="sync-state-main sync-state-link"
          title={label}
          aria-label={`${label} Open History to pick.`}
          data-testid="sync-state-open"
          onClick={() => {
            // History opens with "Edited on both devices" on top (ConflictsPanel), each with its pick.
            useFacts.getState().setView('history');
            useShell.getState().setTab('memory');
          }}
        >
          {body}
        </button>
      ) : (
        <span className="sync-state-main" role="status" title={label} data-testid="sync-state-text">
          {body}
          <span className="visually-hidden">{label}</span>
        </span>
      )}
      <button type="button" className="icon-button" aria-label="Sync now" title="Sync now" data-testid="sync-now" disabled={running} onClick={() => void useSync.getState().syncNow()}>
        <Icon name="refresh" size={14} />
      </button>
    </div>
  );
}
