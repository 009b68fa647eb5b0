// The side panel's other two faces: adding a relation by hand, and the proposed changes — what extraction
// wanted to do against what the person asserted, waiting for them to accept or dismiss.
import { useState } from 'react';
import { useShell } from '../../app/shell-store';
import type { GraphProposal } from '../../../../shared/domain';
import { addRelation, decideProposal } from './corrections';
import { escape } from './EntityActions';
import { formatMoment } from './format';
import { GraphIcon } from './graph-icons';
import { useGraph } from './store';

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function AddRelationPanel({ from }: { from: string }) {
  const scope = useGraph((s) => s.scope);
  const model = useGraph((s) => s.model);
  const [src, setSrc] = useState(from);
  const [relation, setRelation] = useState('');
  const [dst, setDst] = useState('');
  const [since, setSince] = useState(today());
  const [supersede, setSupersede] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => useGraph.getState().openPanel(null);
  const ready = src.trim() && relation.trim() && dst.trim() && src.trim().toLowerCase() !== dst.trim().toLowerCase();
  const known = (name: string) => !name.trim() || !model || model.searchNames.includes(name.trim().normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase());

  return (
    <div className="graph-panel-body">
      <header className="graph-panel-head">
        <div className="graph-panel-kicker">New relation</div>
        <h2 className="graph-panel-title">Add what you know</h2>
      </header>
      <form
        className="graph-form"
        data-testid="graph-add-form"
        onKeyDown={(e) => escape(e, close)}
        onSubmit={async (e) => {
          e.preventDefault();
          if (!ready || !scope) return;
          setBusy(true);
          try {
            await addRelation({ scope, src: src.trim(), dst: dst.trim(), relation: relation.trim(), validFrom: since || undefined, supersede });
          } finally {
            setBusy(false);
          }
        }}
      >
        <datalist id="graph-entity-names">
          {(model?.nodes ?? []).slice(0, 2000).map((n) => (
            <option key={n.id} value={n.name} />
          ))}
        </datalist>
        <label className="field">
          <span className="field-label">From</span>
          <input className="input" list="graph-entity-names" data-testid="graph-add-src" value={src} maxLength={200} autoFocus={!from} placeholder="e.g. User" onChange={(e) => setSrc(e.target.value)} />
          {!known(src) ? <span className="graph-form-note muted">New entity</span> : null}
        </label>
        <label className="field">
          <span className="field-label">Relation</span>
          <input className="input" data-testid="graph-add-relation" value={relation} maxLength={80} autoFocus={!!from} placeholder="e.g. lives in" onChange={(e) => setRelation(e.target.value)} />
        </label>
        <label className="field">
          <span className="field-label">To</span>
          <input className="input" list="graph-entity-names" data-testid="graph-add-dst" value={dst} maxLength={200} placeholder="e.g. Porto" onChange={(e) => setDst(e.target.value)} />
          {!known(dst) ? <span className="graph-form-note muted">New entity</span> : null}
        </label>
        <label className="field">
          <span className="field-label">Since</span>
          <input className="input" type="date" data-testid="graph-add-since" value={since} onChange={(e) => setSince(e.target.value)} />
        </label>
        <label className="graph-check">
          <input type="checkbox" data-testid="graph-add-supersede" checked={supersede} onChange={(e) => setSupersede(e.target.checked)} />
          It replaces the current value (ends the other “{relation.trim() || 'relation'}” of {src.trim() || 'this entity'})
        </label>
        <p className="graph-form-note muted">What you add is yours: extraction will not change or close it on its own, only propose.</p>
        <div className="graph-form-buttons">
          <button type="button" className="button button-small" onClick={close}>
            Cancel
          </button>
          <button type="submit" className="button button-small button-primary" data-testid="graph-add-save" disabled={busy || !ready}>
            Add relation
          </button>
        </div>
      </form>
    </div>
  );
}

export function ProposalsPanel() {
  const proposals = useGraph((s) => s.proposals);
  return (
    <div className="graph-panel-body" data-testid="graph-proposals">
      <header className="graph-panel-head">
        <div className="graph-panel-kicker">Proposed changes</div>
        <h2 className="graph-panel-title">Waiting for you</h2>
      </header>
      <p className="muted graph-proposals-lead">Extraction never changes what you added or marked wrong on its own. When a chat says otherwise, the change waits here.</p>
      {proposals.length ? (
        <ul className="graph-proposal-list">
          {proposals.map((p) => (
            <ProposalCard key={p.id} proposal={p} />
          ))}
        </ul>
      ) : (
        <p className="muted graph-empty-line" data-testid="graph-proposals-empty">
          Nothing is waiting.
        </p>
      )}
    </div>
  );
}

function ProposalCard({ proposal: p }: { proposal: GraphProposal }) {
  const [busy, setBusy] = useState(false);
  const decide = async (accept: boolean) => {
    setBusy(true);
    try {
      await decideProposal(p.id, accept);
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="graph-proposal" data-testid="graph-proposal" data-proposal-id={p.id}>
      <p className="graph-proposal-summary selectable">{p.summary}</p>
      <p className="graph-proposal-reason muted">{p.reason}</p>
      {p.sources.length ? (
        <ul className="graph-sources">
          {p.sources.map((m) => (
            <li key={m.id}>
              <button
                type="button"
                className="graph-source"
                data-testid="graph-proposal-source"
                title="Open this message in its chat"
                onClick={() => useShell.getState().navigate({ kind: 'message', sessionId: m.sessionId, messageId: m.id })}
              >
                <span className="graph-source-head">
                  <GraphIcon name="message" size={13} />
                  <span className="graph-source-title">{m.sessionTitle}</span>
                  <span className="graph-source-date">{formatMoment(m.createdAt)}</span>
                </span>
                <span className="graph-source-excerpt">{m.excerpt}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="graph-form-buttons">
        <button type="button" className="button button-small" data-testid="graph-proposal-dismiss" disabled={busy} onClick={() => void decide(false)}>
          Dismiss
        </button>
        <button type="button" className="button button-small button-primary" data-testid="graph-proposal-accept" disabled={busy} onClick={() => void decide(true)}>
          Accept
        </button>
      </div>
    </li>
  );
}
