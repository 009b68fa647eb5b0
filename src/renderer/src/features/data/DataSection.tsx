// Settings → Data: Export (one archive with everything, saved as a download), Import (a Monad
// transcript or export, or ChatGPT's conversations.json, picked or dropped onto the section; the
// report says what was added, skipped, refused and left out), the identity files an import brought
// (waiting for review: IdentityReview.tsx), and the automatic backups with a staged Restore.
// The section and its Export card are here; Import is ImportCard.tsx, Backups BackupsCard.tsx, and the
// pieces every card shares DataCard.tsx.
import '../../styles/data.css';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Section } from '../../app/Section';
import { fullTime } from '../../lib/time';
import { contentsLine, formatBytes } from './format';
import { BackupsCard } from './BackupsCard';
import { CardHead, Glyph, Problem, Progress } from './DataCard';
import { IdentityReviewCard } from './IdentityReview';
import { ImportCard } from './ImportCard';
import { useData } from './store';

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
