// Settings → Data → Backups: the automatic copies of both databases (and, since issue 27, the facts,
// identity files and settings), a restore staged for the next start, and how the last one went.
import type { BackupInfo } from '../../../../shared/domain';
import { confirmAction } from '../../app/confirm';
import { Icon } from '../../app/icons';
import { fullTime } from '../../lib/time';
import { useSettings } from '../settings/store';
import { formatBytes, plural } from './format';
import { CardHead, Problem } from './DataCard';
import { useData } from './store';

const REASON: Record<BackupInfo['reason'], string> = { daily: 'Daily', manual: 'Manual', 'before-restore': 'Before a restore' };

export function BackupsCard() {
  const backups = useData((s) => s.backups);
  const error = useData((s) => s.backupsError);
  const restoreError = useData((s) => s.restoreError);
  const staging = useData((s) => s.staging);
  const staged = useData((s) => s.staged);
  const notices = useSettings((s) => s.status?.notices);

  // Staged here, or staged earlier (by this window before a reload, another window or `monad restore`
  // while this engine had the files open): the engine reports it among its notices.
  const pendingNotice = notices?.find((n) => n.code === 'restore-pending');
  const pendingName = staged?.name ?? (pendingNotice ? (backups?.find((b) => pendingNotice.message.includes(b.name))?.name ?? null) : null);
  const pendingBackup = backups?.find((b) => b.name === pendingName);
  const pendingMessage = pendingBackup
    ? `The backup from ${fullTime(pendingBackup.createdAt)} will be restored when Monad next starts. Close Monad (and stop any monad serve on this home), then start it again.`
    : (staged?.message ?? pendingNotice?.message ?? null);
  const applied = notices?.find((n) => n.code === 'restore-applied' || n.code === 'restore-failed');

  return (
    <div className="card data-card" data-testid="data-backups" aria-labelledby="data-backups-title" role="group">
      <CardHead
        glyph="restore"
        title="Backups"
        id="data-backups-title"
        action={
          <button type="button" className="button button-quiet" data-testid="backups-refresh" onClick={() => void useData.getState().loadBackups()}>
            Refresh
          </button>
        }
      >
        Both databases are copied once a day and the last seven copies are kept (<span className="mono">monad backup</span> takes one now). A
        restore is applied the next time Monad starts; what is there before it is kept as a backup too.
      </CardHead>

      {pendingMessage ? (
        <div className="data-pending" role="status" data-testid="restore-pending" data-backup-name={pendingName ?? ''}>
          <Icon name="info" size={16} />
          <div>
            <div className="data-pending-title">Restore pending — restart Monad to finish</div>
            <div className="data-pending-text selectable">{pendingMessage}</div>
          </div>
        </div>
      ) : null}
      {applied ? (
        <div className={`data-applied${applied.level === 'error' ? ' is-error' : ''}`} data-testid="restore-outcome">
          <Icon name={applied.level === 'error' ? 'alert' : 'check'} size={14} />
          <span className="selectable">{applied.message}</span>
        </div>
      ) : null}
      {error ? (
        <Problem title="Could not list the backups" testId="backups-error">
          {error}
        </Problem>
      ) : null}
      {restoreError ? (
        <Problem title="Could not stage the restore" testId="restore-error">
          {restoreError.message}
        </Problem>
      ) : null}

      {backups === null && !error ? <div className="data-empty">Loading…</div> : null}
      {backups && backups.length === 0 ? (
        <div className="data-empty" data-testid="backups-empty">
          No backups yet. The first is taken about a minute after Monad starts, then one a day.
        </div>
      ) : null}
      {backups && backups.length > 0 ? (
        <ul className="data-backups" aria-label="Backups, newest first" data-testid="backup-list">
          {backups.map((b) => (
            <BackupRow key={b.name} backup={b} pending={b.name === pendingName} busy={staging !== null} staging={staging === b.name} />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function BackupRow({ backup, pending, busy, staging }: { backup: BackupInfo; pending: boolean; busy: boolean; staging: boolean }) {
  const total = backup.files.reduce((n, f) => n + f.bytes, 0) + (backup.homeFiles?.bytes ?? 0);
  const when = fullTime(backup.createdAt);
  return (
    <li className={`data-backup${pending ? ' is-pending' : ''}`} data-testid="backup-item" data-backup-name={backup.name}>
      <div className="data-backup-main">
        <div className="data-backup-when">
          <span className="data-backup-date" title={backup.name}>
            {when}
          </span>
          <span className="pill data-pill-muted">{REASON[backup.reason]}</span>
          {pending ? <span className="pill pill-warn">Restore pending</span> : null}
        </div>
        <div className="data-backup-files">
          {backup.files.map((f) => (
            <span key={f.file} className="data-backup-file" title={`schema version ${f.schemaVersion}`}>
              <span className="mono">{f.file}</span> {formatBytes(f.bytes)}
            </span>
          ))}
          {backup.homeFiles ? (
            <span className="data-backup-file" title="Facts (Markdown), identity files and settings">
              <span className="mono">{plural(backup.homeFiles.count, 'memory file')}</span> {formatBytes(backup.homeFiles.bytes)}
            </span>
          ) : null}
        </div>
      </div>
      <span className="data-backup-size">{formatBytes(total)}</span>
      <button
        type="button"
        className="button"
        data-testid="backup-restore"
        disabled={busy || pending}
        aria-label={pending ? `Restore of the backup from ${when} is pending` : `Restore the backup from ${when}`}
        onClick={async () => {
          const ok = await confirmAction({
            title: 'Restore this backup?',
            message:
              (backup.homeFiles
                ? `Chats, messages, graph, laws, History, the Inbox, your facts, identity files and settings go back to the backup from ${when}. `
                : `Both databases (${plural(backup.files.length, 'file')}: chats, messages, graph and laws) go back to the backup from ${when}; this backup was made by an older Monad, so your facts files, identity files and settings stay as they are. `) +
              'The restore is staged now and applied when Monad next starts, before anything is opened; until then nothing changes, and ' +
              'whatever you do before restarting is replaced. The current databases are kept as a backup of their own, so this can be undone.',
            confirmLabel: 'Stage restore',
            danger: true,
          });
          if (ok) await useData.getState().stageRestore(backup.name);
        }}
      >
        {staging ? 'Staging…' : pending ? 'Staged' : 'Restore…'}
      </button>
    </li>
  );
}
