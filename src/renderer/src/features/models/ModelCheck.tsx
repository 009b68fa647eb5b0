// "Check memory tasks" beside the memory role (issue 18 §3): runs every memory task on a small built-in
// sample with the memory model (and the chat model's tool calling), and shows pass / fail / time per
// task; a failure shows why and what the model sent. The last result per model is kept and shown here.
import { useEffect, useRef, useState } from 'react';
import type { ModelRef } from '../../../../shared/config';
import type { ModelCheckItem, ModelCheckReport } from '../../../../shared/memory-tasks';
import { Icon } from '../../app/icons';
import { fullTime, shortAgo } from '../../lib/time';
import { useSettings } from '../settings/store';
import { reportKey, useModelCheck } from './model-check-store';

/** The memory model in force: its own role, else the chat model ("Same as chat"). */
function memoryRef(roles: { chat?: ModelRef | null; memory?: ModelRef | null } | undefined): ModelRef | null {
  return roles?.memory ?? roles?.chat ?? null;
}

export function ModelCheck() {
  const roles = useSettings((s) => s.config?.models.roles);
  const { reports, running, fresh, focusRequested } = useModelCheck();
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const ref = memoryRef(roles);
  const report = ref ? (reports.find((r) => reportKey(r) === reportKey({ providerId: ref.provider, model: ref.model })) ?? null) : null;

  useEffect(() => {
    void useModelCheck.getState().load();
  }, []);

  // A fresh run opens its details; a focus request (the failing-task notice) brings the button into view.
  useEffect(() => {
    if (report && fresh === reportKey(report)) setOpen(true);
  }, [fresh, report]);
  useEffect(() => {
    if (!focusRequested) return;
    useModelCheck.getState().clearFocus();
    requestAnimationFrame(() => {
      rootRef.current?.scrollIntoView({ block: 'center' });
      buttonRef.current?.focus();
    });
  }, [focusRequested]);

  const tone = report ? (report.passed === report.total ? 'ok' : report.passed === 0 ? 'error' : 'warn') : null;
  return (
    <div className="model-check" data-testid="model-check" ref={rootRef}>
      <div className="model-check-head">
        <button
          ref={buttonRef}
          type="button"
          className="button"
          data-testid="model-check-run"
          disabled={!ref || running}
          // Also how a person says "this model was updated": what it was found unable to do is tried again.
          title={ref ? 'Runs each memory task on a small sample. Tools and structured output are tried again, even where this model refused them before.' : 'Choose a chat or memory model first'}
          onClick={() => void useModelCheck.getState().run()}
        >
          {running ? <span className="spinner" aria-hidden="true" /> : <Icon name="check" size={14} />}
          {running ? 'Checking memory tasks…' : 'Check memory tasks'}
        </button>
        <span className="model-check-summary" data-testid="model-check-summary" role="status">
          {running ? (
            `Running each memory task with ${ref?.model ?? 'the model'}…`
          ) : report ? (
            <>
              <span className={`pill pill-${tone}`} data-testid="model-check-score">
                {report.passed} of {report.total} passed
              </span>{' '}
              <span className="muted" title={fullTime(report.checkedAt)}>
                {report.model}, checked {ago(report.checkedAt)}
              </span>
            </>
          ) : ref ? (
            <span className="muted">{ref.model} has not been checked yet.</span>
          ) : null}
        </span>
        {report && !running ? (
          <button type="button" className="button button-quiet" aria-expanded={open} data-testid="model-check-toggle" onClick={() => setOpen(!open)}>
            <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
            {open ? 'Hide results' : 'Show results'}
          </button>
        ) : null}
      </div>
      {report && open && !running ? <Results report={report} /> : null}
    </div>
  );
}

function Results({ report }: { report: ModelCheckReport }) {
  return (
    <ul className="model-check-items" data-testid="model-check-items" aria-label={`Results for ${report.model}`}>
      {report.items.map((item) => (
        <Item key={item.task} item={item} />
      ))}
    </ul>
  );
}

function Item({ item }: { item: ModelCheckItem }) {
  const notes = [item.repaired ? 'needed a second try' : null, item.dropped ? `${item.dropped} bad ${item.dropped === 1 ? 'item' : 'items'} left out` : null, item.cut ? `${item.cut} over the limit left out` : null].filter(Boolean);
  return (
    <li className={`model-check-item ${item.ok ? 'is-ok' : 'is-failed'}`} data-testid="model-check-item" data-task={item.task} data-ok={item.ok}>
      <div className="model-check-line">
        <span className={`pill ${item.ok ? 'pill-ok' : 'pill-error'}`}>{item.ok ? 'Pass' : 'Fail'}</span>
        <span className="model-check-label">{item.label}</span>
        <span className="model-check-time muted">{seconds(item.ms)}</span>
      </div>
      {notes.length ? <div className="model-check-note muted">{notes.join(' · ')}</div> : null}
      {item.error ? (
        <div className="model-check-error selectable" data-testid="model-check-error">
          {item.error}
        </div>
      ) : null}
      {item.rawReply ? (
        <details className="model-check-raw">
          <summary>What the model sent</summary>
          <pre className="selectable" data-testid="model-check-raw">
            {item.rawReply}
          </pre>
        </details>
      ) : null}
    </li>
  );
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

function ago(iso: string): string {
  const s = shortAgo(iso);
  return s === 'now' ? 'just now' : /^\d+[mh]$/.test(s) ? `${s} ago` : `on ${s}`;
}
