// Corrections of one relation in its panel: "This is wrong" (with an optional reason) and Edit (its
// wording, its start, its end or that it still holds). Inline forms, keyboard first.
import { useState } from 'react';
import type { GraphEdge, GraphViewEdge } from '../../../../shared/domain';
import { editRelation, retractRelation } from './corrections';
import { escape } from './EntityActions';
import { relationLabel } from './model';

type Mode = 'wrong' | 'edit' | null;

export function RelationActions({ edge, sentence }: { edge: GraphViewEdge | GraphEdge; sentence: string }) {
  const [mode, setMode] = useState<Mode>(null);
  const [busy, setBusy] = useState(false);
  const run = async (fn: () => Promise<boolean>) => {
    setBusy(true);
    try {
      if (await fn()) setMode(null);
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'wrong') return <WrongForm busy={busy} sentence={sentence} onCancel={() => setMode(null)} onSave={(reason) => run(() => retractRelation(edge.id, reason, sentence))} />;
  if (mode === 'edit') return <EditForm edge={edge} busy={busy} onCancel={() => setMode(null)} onSave={(patch) => run(() => editRelation(edge.id, patch))} />;
  return (
    <div className="graph-action-row" role="group" aria-label="Correct this relation" data-testid="graph-relation-actions">
      <button type="button" className="button button-small" data-testid="graph-relation-wrong" onClick={() => setMode('wrong')}>
        This is wrong
      </button>
      <button type="button" className="button button-small" data-testid="graph-relation-edit" onClick={() => setMode('edit')}>
        Edit
      </button>
    </div>
  );
}

function WrongForm({ sentence, busy, onCancel, onSave }: { sentence: string; busy: boolean; onCancel: () => void; onSave: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  return (
    <form
      className="graph-form"
      data-testid="graph-wrong-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSave(reason);
      }}
      onKeyDown={(e) => escape(e, onCancel)}
    >
      <p className="graph-form-lead">
        “{sentence}” will leave the graph and learned rules that rest on it leave recall. If it had replaced an earlier relation, that one holds again.
      </p>
      <label className="field">
        <span className="field-label">Why (optional)</span>
        <textarea className="input textarea" data-testid="graph-wrong-reason" rows={2} maxLength={500} value={reason} autoFocus placeholder="e.g. Ana is my cousin" onChange={(e) => setReason(e.target.value)} />
      </label>
      <div className="graph-form-buttons">
        <button type="button" className="button button-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-small button-danger" data-testid="graph-wrong-confirm" disabled={busy}>
          Mark as wrong
        </button>
      </div>
    </form>
  );
}

/** "2026-03-01T00:00:00.000Z" → "2026-03-01" for a date input (the day in UTC, as stored). */
function day(iso: string | null): string {
  return iso ? iso.slice(0, 10) : '';
}

function EditForm({ edge, busy, onCancel, onSave }: { edge: GraphViewEdge | GraphEdge; busy: boolean; onCancel: () => void; onSave: (patch: { relation?: string; validFrom?: string; validTo?: string | null }) => void }) {
  const [relation, setRelation] = useState(relationLabel(edge.relation));
  const [from, setFrom] = useState(day(edge.validFrom));
  const [until, setUntil] = useState(day(edge.validTo));
  const [holds, setHolds] = useState(edge.validTo === null);
  const endBeforeStart = !holds && until !== '' && from !== '' && until <= from;
  const patch = () => {
    const p: { relation?: string; validFrom?: string; validTo?: string | null } = {};
    if (relation.trim() && relation.trim() !== relationLabel(edge.relation)) p.relation = relation.trim();
    if (from && from !== day(edge.validFrom)) p.validFrom = from;
    if (holds && edge.validTo !== null) p.validTo = null;
    if (!holds && until && until !== day(edge.validTo)) p.validTo = until;
    return p;
  };
  const changes = Object.keys(patch()).length;
  return (
    <form
      className="graph-form"
      data-testid="graph-edit-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (changes && !endBeforeStart) onSave(patch());
      }}
      onKeyDown={(e) => escape(e, onCancel)}
    >
      <label className="field">
        <span className="field-label">Relation</span>
        <input className="input" data-testid="graph-edit-relation" value={relation} maxLength={80} autoFocus onChange={(e) => setRelation(e.target.value)} />
      </label>
      <div className="graph-form-dates">
        <label className="field">
          <span className="field-label">From</span>
          <input className="input" type="date" data-testid="graph-edit-from" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">Until</span>
          <input className="input" type="date" data-testid="graph-edit-until" value={holds ? '' : until} disabled={holds} onChange={(e) => setUntil(e.target.value)} />
        </label>
      </div>
      <label className="graph-check">
        <input type="checkbox" data-testid="graph-edit-holds" checked={holds} onChange={(e) => setHolds(e.target.checked)} />
        Still holds
      </label>
      {endBeforeStart ? (
        <p className="graph-form-error" role="alert">
          The end must be after the start.
        </p>
      ) : null}
      <div className="graph-form-buttons">
        <button type="button" className="button button-small" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-small button-primary" data-testid="graph-edit-save" disabled={busy || !changes || endBeforeStart}>
          Save
        </button>
      </div>
    </form>
  );
}
