// What the engine found in an identity file it was asked to save: a key from the secret store, something
// shaped like a secret, a line that reads like an instruction to the assistant. The file is sent to the
// model word for word, so the person decides: "Keep editing" (the default, focused first) or "Save
// anyway". A secret is never shown, only its last 4 characters.
import { useEffect, useRef } from 'react';
import type { IdentityWarning } from '../../../../shared/identity-warnings';
import { Icon } from '../../app/icons';
import type { SaveWarnings as Found } from './store';

export function SaveWarnings(props: { found: Found; name: string; saving: boolean; onKeepEditing(line: number | null): void; onSaveAnyway(): void }) {
  const { found, name } = props;
  const keep = useRef<HTMLButtonElement>(null);
  // Focus the safe choice, so Enter never saves by accident and a keyboard user lands on the question.
  useEffect(() => keep.current?.focus(), [found]);
  const first = found.warnings[0]?.line ?? null;
  const lines = new Set(found.warnings.map((w) => w.line)).size + found.omitted;

  return (
    <section
      className="banner banner-warning editor-banner save-warnings"
      role="alertdialog"
      aria-labelledby="save-warnings-title"
      aria-describedby="save-warnings-hint"
      data-testid="core-warnings"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          props.onKeepEditing(first);
        }
      }}
    >
      <Icon name="alert" size={16} className="banner-icon" />
      <div className="banner-body">
        <h3 className="banner-title" id="save-warnings-title">
          {name} was not saved: {lines === 1 ? 'one line needs' : `${lines} places need`} a second look
        </h3>
        <p className="banner-hint" id="save-warnings-hint">
          Agents read this file word for word at the start of every turn. Keys belong in Settings → Models, and instructions hidden in it would be
          followed as if you wrote them.
        </p>
        <ul className="save-warning-list" aria-label="What was found">
          {found.warnings.map((w, i) => (
            <li key={`${w.kind}-${w.line}-${i}`} data-testid="core-warning" data-kind={w.kind} data-line={w.line}>
              <button type="button" className="link-button save-warning-line" onClick={() => props.onKeepEditing(w.line)}>
                {w.endLine > w.line ? `Lines ${w.line}–${w.endLine}` : `Line ${w.line}`}
              </button>
              <span className="save-warning-what">{describe(w)}</span>
            </li>
          ))}
          {found.omitted ? <li className="save-warning-more">…and {found.omitted} more</li> : null}
        </ul>
        <div className="banner-actions">
          <button ref={keep} type="button" className="button button-primary" data-testid="core-warnings-keep" onClick={() => props.onKeepEditing(first)}>
            Keep editing
          </button>
          <button type="button" className="button" data-testid="core-warnings-save" disabled={props.saving} onClick={props.onSaveAnyway}>
            {props.saving ? 'Saving…' : 'Save anyway'}
          </button>
        </div>
      </div>
    </section>
  );
}

function describe(w: IdentityWarning) {
  const ending = w.last4 ? (
    <>
      {' '}
      ending in <code className="save-warning-last4">…{w.last4}</code>
    </>
  ) : null;
  switch (w.kind) {
    case 'stored-secret':
      return <>A key kept in Monad’s secret store{ending}</>;
    case 'secret-shaped':
      return (
        <>
          {capitalise(w.what)}
          {ending}
        </>
      );
    case 'instruction':
      return (
        <>
          Reads like an instruction to the assistant <span className="save-warning-detail">({detailOf(w.what)})</span>
        </>
      );
  }
}

/** The detector words its reasons for facts ("…, not a fact about the user"); here only the first part applies. */
function detailOf(reason: string): string {
  const first = reason.replace(/,?\s*(instead of|not) (stating )?a fact( about the user)?\.?$/i, '').replace(/[.]$/, '');
  return first.charAt(0).toLowerCase() + first.slice(1);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
