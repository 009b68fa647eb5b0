// The pieces every card of Settings → Data is made of: its glyphs, its head (icon, title, text, action),
// a progress line and a problem box that says what happened and carries the error's code.
import type { ReactNode } from 'react';
import { ErrorCode } from '../../app/ErrorCode';
import { Icon, StrokeIcon } from '../../app/icons';

export const GLYPHS = {
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  upload: 'M12 15V4M7 9l5-5 5 5M5 20h14',
  restore: 'M3.5 12a8.5 8.5 0 1 0 2.6-6.1L3.5 8.5M3.5 3.5v5h5M12 8v4.5l3 1.8',
  file: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5',
} as const;

export function Glyph({ name, size = 16 }: { name: keyof typeof GLYPHS; size?: number }) {
  return <StrokeIcon d={GLYPHS[name]} size={size} />;
}

export function CardHead(props: { glyph: keyof typeof GLYPHS; title: string; children: ReactNode; action?: ReactNode; id?: string }) {
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

export function Progress({ label, value, testId }: { label: string; value?: number; testId: string }) {
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

export function Problem({ title, code, children, testId }: { title: string; code?: string; children: ReactNode; testId: string }) {
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
