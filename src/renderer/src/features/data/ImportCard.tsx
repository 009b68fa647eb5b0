// Settings → Data → Import: a Monad transcript or export, ChatGPT's conversations.json or an MCP memory
// server's memory.jsonl, picked or dropped onto the section; then the report of what was added, skipped,
// refused and left out, or where in the file the problem is.
import { useRef } from 'react';
import type { ImportReport } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { fullTime } from '../../lib/time';
import { addedTotal, cleanedLine, FORMAT_LABEL, formatBytes, MAX_IMPORT_BYTES, plural, reportHeadline, reportRows } from './format';
import { CardHead, Glyph, Problem, Progress } from './DataCard';
import { useData, type ImportPhase } from './store';

/** What a picked or dropped file must look like (the engine decides for sure, from the content). */
// .jsonl: the reference MCP memory server's graph file (issue 19).
const ACCEPT = '.json,.jsonl,application/json';

export function ImportCard({ dragging }: { dragging: boolean }) {
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
