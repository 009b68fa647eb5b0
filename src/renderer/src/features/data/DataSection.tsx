// Settings → Data: Export (one archive with everything, saved as a download), Import (a Monad
// transcript or export, or ChatGPT's conversations.json, picked or dropped onto the section; the
// report says what was added, skipped, refused and left out), the identity files an import brought
// (waiting for review: IdentityReview.tsx), and the automatic backups with a staged Restore.
import '../../styles/data.css';
import { useEffect, useRef, useState, type DragEvent, type ReactNode } from 'react';
import type { BackupInfo, ImportReport } from '../../../../shared/domain';
import { confirmAction } from '../../app/confirm';
import { ErrorCode } from '../../app/ErrorCode';
import { Icon, StrokeIcon } from '../../app/icons';
import { Section } from '../../app/Section';
import { fullTime } from '../../lib/time';
import { useSettings } from '../settings/store';
import { addedTotal, cleanedLine, contentsLine, FORMAT_LABEL, formatBytes, MAX_IMPORT_BYTES, plural, reportHeadline, reportRows } from './format';
import { IdentityReviewCard } from './IdentityReview';
import { useData, type ImportPhase } from './store';

const GLYPHS = {
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  upload: 'M12 15V4M7 9l5-5 5 5M5 20h14',
  restore: 'M3.5 12a8.5 8.5 0 1 0 2.6-6.1L3.5 8.5M3.5 3.5v5h5M12 8v4.5l3 1.8',
  file: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5',
} as const;

function Glyph({ name, size = 16 }: { name: keyof typeof GLYPHS; size?: number }) {
  return <StrokeIcon d={GLYPHS[name]} size={size} />;
}

/** What a picked or dropped file must look like (the engine decides for sure, from the content). */
// .jsonl: the reference MCP memory server's graph file (issue 19).
const ACCEPT = '.json,.jsonl,application/json';

export function DataSection() {
  const [dragging, setDragging] = useState(false);
  // dragenter/dragleave fire for every child crossed: count them so the highlight does not flicker.
  const depth = useRef(0);

  useEffect(() => {
    void useData.getState().loadBackups();
    // Identity files from an earlier import (this window's, another's, or the CLI's) wait here too.
    void useData.getState().loadPendingIdentity();
  }, []);

  const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer.types).includes('Files');

  return (
    <div
      className={`data-section${dragging ? ' is-dragging' : ''}`}
      data-testid="data-section"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current++;
        setDragging(true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setDragging(false);
        const file = e.dataTransfer.files[0];
        if (file) void useData.getState().importFile(file);
      }}
    >
      <Section
        title="Data"
        description="Take everything out as one file, bring chat history in, and step back to an earlier backup."
        testId="data-settings"
      >
        <div className="card-list">
          <ExportCard />
          <ImportCard dragging={dragging} />
          <IdentityReviewCard />
          <BackupsCard />
        </div>
      </Section>
    </div>
  );
}

function CardHead(props: { glyph: keyof typeof GLYPHS; title: string; children: ReactNode; action?: ReactNode; id?: string }) {
  return (
    <div className="data-card-head">
      <span className="data-card-icon" aria-hidden="true">
        <Glyph name={props.glyph} size={17} />
      </span>
      <div className="data-card-text">
        <h3 id={props.id}>{props.title}</h3>
        <p>{props.children}</p>
      </div>
      {props.action ? <div className="data-card-action">{props.action}</div> : null}
    </div>
  );
}

function ExportCard() {
  const state = useData((s) => s.exporting);
  const running = state.phase === 'running';
  return (
    <div className="card data-card" data-testid="data-export" aria-labelledby="data-export-title" role="group">
      <CardHead
        glyph="download"
        title="Export"
        id="data-export-title"
        action={
          <button type="button" className="button button-primary" data-testid="export-button" disabled={running} onClick={() => void useData.getState().exportAll()}>
            <Glyph name="download" size={15} />
            {running ? 'Exporting…' : 'Export everything'}
          </button>
        }
      >
        One JSON archive with settings (without API keys), identity files, facts, chats, the graph and laws. Importing it into an empty Monad
        restores all of it.
      </CardHead>
      {state.phase === 'running' ? <Progress label="Building the archive…" testId="export-progress" /> : null}
      {state.phase === 'done' ? (
        <div className="data-result data-result-ok" role="status" data-testid="export-result">
          <div className="data-result-head">
            <span className="pill pill-ok">Saved</span>
            <span className="mono selectable data-filename" title={state.filename}>
              {state.filename}
            </span>
            <span className="data-meta">
              {formatBytes(state.bytes)} · {fullTime(state.at)}
            </span>
          </div>
          {state.contents ? (
            <ul className="data-contents" aria-label="What the archive contains" data-testid="export-contents">
              {contentsLine(state.contents).map((part) => (
                <li key={part}>{part}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {state.phase === 'error' ? (
        <Problem title="The export failed" code={state.code} testId="export-error">
          {state.message}
        </Problem>
      ) : null}
    </div>
  );
}

function ImportCard({ dragging }: { dragging: boolean }) {
  const state = useData((s) => s.importing);
  const input = useRef<HTMLInputElement>(null);
  const busy = state.phase === 'reading' || state.phase === 'importing';
  return (
    <div className="card data-card" data-testid="data-import" aria-labelledby="data-import-title" role="group">
      <CardHead glyph="upload" title="Import" id="data-import-title">
        A Monad transcript or export, the conversations.json from a ChatGPT data export, or the memory.jsonl of an MCP memory server. Importing the same file again adds nothing, and a
        file with a problem changes nothing.
      </CardHead>
      <div className={`data-drop${dragging ? ' is-active' : ''}${busy ? ' is-busy' : ''}`} data-testid="import-drop">
        <Glyph name="file" size={18} />
        <span className="data-drop-text">{dragging ? 'Drop the file to import it' : 'Drop a file anywhere on this section, or'}</span>
        <button type="button" className="button" data-testid="import-button" disabled={busy} onClick={() => input.current?.click()}>
          Choose file…
        </button>
        <span className="data-drop-limit">JSON, up to {formatBytes(MAX_IMPORT_BYTES)}</span>
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          className="data-file-input"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="import-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            // Cleared so choosing the same file again (a second, idempotent import) fires change again.
            e.currentTarget.value = '';
            if (file) void useData.getState().importFile(file);
          }}
        />
      </div>
      <ImportStatus state={state} />
    </div>
  );
}

function ImportStatus({ state }: { state: ImportPhase }) {
  switch (state.phase) {
    case 'idle':
      return null;
    case 'reading':
      return (
        <Progress
          label={`Reading ${state.file.name} (${formatBytes(state.file.bytes)})…`}
          value={state.file.bytes ? state.loaded / state.file.bytes : undefined}
          testId="import-progress"
        />
      );
    case 'importing':
      return <Progress label={`Importing ${state.file.name} (${formatBytes(state.file.bytes)})…`} testId="import-progress" />;
    case 'done':
      return <ImportReportView report={state.report} file={state.file} at={state.at} />;
    case 'error':
      return (
        <Problem title={`Could not import ${state.file.name}`} code={state.code} testId="import-error">
          <div className="selectable">{state.message}</div>
          {state.position ? (
            <div className="data-where" data-testid="import-error-where">
              <span className="data-where-label">Where</span>
              <span className="mono selectable">{state.position.where}</span>
            </div>
          ) : null}
          {state.position && state.position.issues.length > 1 ? (
            <ul className="data-issues" aria-label="All problems found">
              {state.position.issues.map((i, n) => (
                <li key={n}>
                  <span className="mono selectable">{i.path || '(top level)'}</span> {i.message}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="data-unchanged">
            {state.code === 'PAYLOAD_TOO_LARGE' || state.code === 'READ_FAILED' ? 'Nothing was sent to Monad.' : 'Nothing was changed: the import was rolled back.'}
          </div>
        </Problem>
      );
  }
}

function ImportReportView({ report, file, at }: { report: ImportReport; file: { name: string; bytes: number }; at: string }) {
  const fresh = addedTotal(report) > 0;
  const cleaned = cleanedLine(report.cleaned);
  return (
    <div className={`data-result ${fresh ? 'data-result-ok' : 'data-result-quiet'}`} role="status" data-testid="import-report" data-format={report.format}>
      <div className="data-result-head">
        <span className={`pill ${fresh ? 'pill-ok' : 'data-pill-muted'}`}>{fresh ? 'Imported' : 'Already imported'}</span>
        <span className="data-headline" data-testid="import-headline">
          {reportHeadline(report)}
        </span>
      </div>
      <div className="data-meta">
        <span className="mono selectable" title={file.name}>
          {file.name}
        </span>{' '}
        · {FORMAT_LABEL[report.format]} · {formatBytes(file.bytes)} · {fullTime(at)}
      </div>
      <table className="data-report" data-testid="import-table">
        <thead>
          <tr>
            <th scope="col">Kind</th>
            <th scope="col">Added</th>
            <th scope="col">Skipped</th>
          </tr>
        </thead>
        <tbody>
          {reportRows(report).map((row) => (
            <tr key={row.kind} data-testid="import-row" data-kind={row.kind}>
              <th scope="row">{row.kind}</th>
              <td className={row.added ? 'is-added' : 'is-zero'} data-testid="import-added">
                {row.added.toLocaleString()}
              </td>
              <td className={row.skipped ? '' : 'is-zero'} data-testid="import-skipped">
                {row.skipped === null ? '—' : row.skipped.toLocaleString()}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {report.pendingIdentity.length ? (
        <div className="data-note is-warn" data-testid="import-identity-note">
          <Icon name="alert" size={14} />
          <span>
            {plural(report.pendingIdentity.length, 'identity file')} from this file {report.pendingIdentity.length === 1 ? 'waits' : 'wait'} for your review
            below; nothing was written to {report.pendingIdentity.length === 1 ? 'it' : 'them'}.
          </span>
        </div>
      ) : null}
      {cleaned ? (
        <div className="data-note" data-testid="import-cleaned">
          <Icon name="check" size={14} />
          <span>Cleaned on the way in: {cleaned}.</span>
        </div>
      ) : null}
      {report.imagesNotImported ? (
        <div className="data-note" data-testid="import-images">
          <Icon name="info" size={14} />
          <span>
            {plural(report.imagesNotImported, 'image')} not imported: {report.imagesNotImported === 1 ? 'its message shows' : 'their messages show'} “image not imported”
            where {report.imagesNotImported === 1 ? 'it was' : 'they were'}.
          </span>
        </div>
      ) : null}
      {report.leftOut.length ? (
        <div className="data-notes" data-testid="import-left-out">
          <h4>Left out on purpose</h4>
          <ul>
            {report.leftOut.map((l, i) => (
              <li key={i} className="selectable">
                {l}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {report.refusedTotal ? (
        <div className="data-notes is-refused" data-testid="import-refused">
          <h4>Not imported ({report.refusedTotal.toLocaleString()})</h4>
          <ul>
            {report.refused.map((r, i) => (
              <li key={i} data-testid="import-refused-item">
                <span className="mono selectable">{r.where}</span> <span className="data-refused-what">{r.what}</span>: {r.reason}
                {r.excerpt ? <span className="data-refused-excerpt selectable"> “{r.excerpt}”</span> : null}
              </li>
            ))}
            {report.refusedTotal > report.refused.length ? <li>… and {(report.refusedTotal - report.refused.length).toLocaleString()} more</li> : null}
          </ul>
        </div>
      ) : null}
      {report.warnings.length ? (
        <ul className="data-warnings" aria-label="Warnings" data-testid="import-warnings">
          {report.warnings.map((w, i) => (
            <li key={i} className="selectable">
              <Icon name="alert" size={13} /> {w}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const REASON: Record<BackupInfo['reason'], string> = { daily: 'Daily', manual: 'Manual', 'before-restore': 'Before a restore' };

function BackupsCard() {
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

function Progress({ label, value, testId }: { label: string; value?: number; testId: string }) {
  const pct = value === undefined ? undefined : Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="data-progress" role="status" data-testid={testId}>
      <div className="data-progress-head">
        <span className="data-spinner" aria-hidden="true" />
        <span className="data-progress-label">{label}</span>
        {pct !== undefined ? <span className="data-progress-pct">{pct}%</span> : null}
      </div>
      <div
        className={`data-progress-track${pct === undefined ? ' is-indeterminate' : ''}`}
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct}
      >
        <div className="data-progress-fill" style={pct === undefined ? undefined : { width: `${pct}%` }} />
      </div>
    </div>
  );
}

function Problem({ title, code, children, testId }: { title: string; code?: string; children: ReactNode; testId: string }) {
  return (
    <div className="data-problem" role="alert" data-testid={testId} data-code={code}>
      <Icon name="alert" size={16} className="data-problem-icon" />
      <div className="data-problem-body">
        <div className="data-problem-title">{title}</div>
        <div className="data-problem-text">{children}</div>
        {code ? <ErrorCode code={code} /> : null}
      </div>
    </div>
  );
}
