import type { ReactNode } from 'react';

/** A titled block in a settings-like pane. */
export function Section(props: { title: string; description?: string; children: ReactNode; testId?: string; actions?: ReactNode }) {
  return (
    <section className="settings-section" data-testid={props.testId}>
      <div className="section-head">
        <div>
          <h2 className="section-title">{props.title}</h2>
          {props.description ? <p className="section-description">{props.description}</p> : null}
        </div>
        {props.actions}
      </div>
      {props.children}
    </section>
  );
}
