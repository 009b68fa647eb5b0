// The person's corrections of laws that need more than a click: restating a law (inline, like a fact is
// edited), rejecting one with an optional reason, the rejected laws of a scope (a rejection can be taken
// back), and the changes models proposed to the person's own laws, waiting for a decision.
import { useEffect, useRef, useState } from 'react';
import type { LawProposal, LawView } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { fullTime } from '../../lib/time';
import { Glyph, Spinner } from './Glyph';
import { dateText, plural } from './scopes';
import { useLaws } from './store';

/** A statement is one line; the engine sanitizes it like a fact and says why when it refuses one. */
const MAX_STATEMENT = 500;

export function LawEditor({ law }: { law: LawView }) {
  const [value, setValue] = useState(law.statement);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ref = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
  }, []);

  // Back to the field once it is enabled again, so the words can be fixed (or Esc pressed) at once.
  useEffect(() => {
    if (error && !saving) ref.current?.focus();
  }, [error, saving]);

  async function save() {
    const text = value.replace(/\s+/g, ' ').trim();
    if (!text || text === law.statement) return cancel();
    setSaving(true);
    const problem = await useLaws.getState().edit(law.id, text);
    setSaving(false);
    // Kept open with the reason beside it, so the words can be fixed rather than retyped.
    if (problem) setError(problem);
  }

  function cancel() {
    useLaws.getState().startEdit(null);
  }

  const errorId = `law-${law.id}-edit-error`;
  return (
    <div
      className="law-editor"
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          cancel();
        }
      }}
    >
      <textarea
        ref={ref}
        className={`input textarea law-edit-input${error ? ' is-invalid' : ''}`}
        data-testid="law-edit-input"
        aria-label="Law statement"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        rows={2}
        maxLength={MAX_STATEMENT}
        value={value}
        disabled={saving}
        onChange={(e) => {
          setValue(e.target.value);
          setError(null);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void save();
          }
        }}
      />
      {error ? (
        <div className="law-edit-error" role="alert" id={errorId} data-testid="law-edit-error">
          {error}
        </div>
      ) : null}
      <div className="law-editor-row">
        <span className="law-edit-hint">Enter saves · Esc cancels · your wording is kept when the scope is re-derived</span>
        <button type="button" className="button button-quiet law-action" onClick={cancel} disabled={saving}>
          Cancel
        </button>
        <button type="button" className="button button-primary law-action" data-testid="law-edit-save" onClick={() => void save()} disabled={saving}>
          {saving ? <Spinner /> : null}
          Save
        </button>
      </div>
    </div>
  );
}

export function RejectForm({ law }: { law: LawView }) {
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);
  const ref = useRef<HTMLInputElement>(null);
  const busy = useLaws((s) => !!s.busy[`law:${law.id}`]);

  useEffect(() => ref.current?.focus(), []);

  async function reject() {
    setSaving(true);
    const ok = await useLaws.getState().reject(law.id, reason);
    if (!ok) setSaving(false);
  }

  const cancel = () => useLaws.getState().startReject(null);
  const copies = law.alsoIn.length;
  return (
    <form
      className="law-reject"
      data-testid="law-reject-form"
      aria-label="Reject this law"
      onSubmit={(e) => {
        e.preventDefault();
        void reject();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          cancel();
        }
      }}
    >
      <p className="law-reject-text">
        It leaves recall now and is never inferred again, in these or similar words{copies ? `; the same law in ${plural(copies, 'other scope')} is rejected with it` : ''}. You can take it back
        under “Rejected” or in the history.
      </p>
      <label className="law-reject-label" htmlFor={`law-${law.id}-reason`}>
        Why is it wrong? <span className="muted">(optional)</span>
      </label>
      <div className="law-reject-row">
        <input
          ref={ref}
          id={`law-${law.id}-reason`}
          className="input law-reject-input"
          data-testid="law-reject-reason"
          maxLength={500}
          placeholder="e.g. I eat fish and chicken"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <button type="button" className="button button-quiet law-action" onClick={cancel} disabled={saving || busy}>
          Cancel
        </button>
        <button type="submit" className="button button-danger law-action" data-testid="law-reject-confirm" disabled={saving || busy}>
          {saving ? <Spinner /> : null}
          Reject
        </button>
      </div>
    </form>
  );
}

/** A scope's rejected laws, folded by default: what inference is told never to say again. */
export function RejectedLaws({ laws, scope }: { laws: LawView[]; scope: string }) {
  const [open, setOpen] = useState(false);
  const busy = useLaws((s) => s.busy);
  const lit = useLaws((s) => s.lit);
  const litHere = lit !== null && laws.some((l) => l.id === lit);
  const litRef = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (!litHere) return;
    setOpen(true);
    const t = setTimeout(() => useLaws.setState({ lit: null }), 2400);
    return () => clearTimeout(t);
  }, [litHere]);
  useEffect(() => {
    if (open && litHere) litRef.current?.scrollIntoView({ block: 'center' });
  }, [open, litHere]);
  if (!laws.length) return null;
  const id = `laws-rejected-${scope.replace(/[^a-z0-9]/gi, '-')}`;
  return (
    <div className="laws-rejected" data-testid="laws-rejected">
      <button type="button" className="law-toggle" aria-expanded={open} aria-controls={id} data-testid="laws-rejected-toggle" onClick={() => setOpen(!open)}>
        <Icon name={open ? 'chevronDown' : 'chevronRight'} size={14} />
        <span>Rejected</span>
        <span className="law-toggle-counts">{plural(laws.length, 'law')} inference will not propose again</span>
      </button>
      {open ? (
        <ul className="laws-rejected-list" id={id}>
          {laws.map((l) => (
            <li key={l.id} ref={l.id === lit ? litRef : undefined} className={`law-rejected-item${l.id === lit ? ' is-lit' : ''}`} data-testid="law-rejected" data-law-id={l.id}>
              <div className="law-rejected-text">
                <span className="law-rejected-statement">{l.statement}</span>
                <span className="law-rejected-meta" title={l.rejected ? fullTime(l.rejected.at) : undefined}>
                  Rejected {l.rejected ? dateText(l.rejected.at) : ''}
                  {l.rejected?.reason ? ` — ${l.rejected.reason}` : ''}
                </span>
              </div>
              <button type="button" className="button button-quiet law-action" data-testid="law-unreject" disabled={!!busy[`law:${l.id}`]} onClick={() => void useLaws.getState().unreject(l.id)}>
                <Glyph name="undo" size={14} />
                Un-reject
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

const ACTOR: Record<string, string> = {
  inference: 'Law inference',
  consolidation: 'Consolidation',
  extraction: 'Graph extraction',
  agent: 'The agent',
  import: 'An import',
  mcp: 'An MCP client',
  system: 'Monad',
};

/** Changes models wanted to make to laws the person edited or pinned: nothing happens until they decide. */
export function ProposedChanges({ proposals }: { proposals: LawProposal[] }) {
  const busy = useLaws((s) => s.busy);
  if (!proposals.length) return null;
  return (
    <section className="laws-proposals" data-testid="laws-proposals" aria-labelledby="laws-proposals-title">
      <h2 className="laws-proposals-title" id="laws-proposals-title">
        Proposed changes <span className="laws-scope-count">{proposals.length}</span>
      </h2>
      <p className="laws-proposals-note">These laws are yours (edited or pinned), so models only propose changes to them.</p>
      <ul className="laws-proposals-list">
        {proposals.map((p) => {
          const working = !!busy[`proposal:${p.id}`];
          return (
            <li key={p.id} className="law-proposal" data-testid="law-proposal" data-proposal-id={p.id} data-kind={p.kind}>
              <div className="law-proposal-text">
                <div className="law-proposal-what">
                  {ACTOR[p.actor] ?? p.actor} proposes {p.kind === 'edit' ? 'restating' : 'taking out of recall'} “{p.lawStatement}”
                  {p.kind === 'edit' ? (
                    <>
                      {' '}
                      as <span className="law-proposal-new">“{p.statement}”</span>
                    </>
                  ) : null}
                </div>
                <div className="law-proposal-why">
                  {p.reason} <span className="muted">· {dateText(p.proposedAt)}</span>
                </div>
              </div>
              <div className="law-proposal-actions">
                <button type="button" className="button law-action" data-testid="law-proposal-accept" disabled={working} onClick={() => void useLaws.getState().decide(p.id, true)}>
                  <Icon name="check" size={14} />
                  Accept
                </button>
                <button type="button" className="button button-quiet law-action" data-testid="law-proposal-dismiss" disabled={working} onClick={() => void useLaws.getState().decide(p.id, false)}>
                  Dismiss
                </button>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
