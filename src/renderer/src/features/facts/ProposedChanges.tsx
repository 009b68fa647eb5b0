// Changes a model proposed to facts the person wrote (issue 15 §3): consolidation does not merge a fact
// of the person's into other words on its own; it proposes the merge here, and nothing changes until
// the person applies it (a change of theirs, in the history, undoable) or dismisses it.
import type { FactProposal } from '../../../../shared/domain';
import { fullTime, shortAgo } from '../../lib/time';
import { Glyph } from './Glyph';
import { useFacts } from './store';

export function ProposedChanges({ scope }: { scope: string }) {
  const all = useFacts((s) => s.proposals);
  const proposals = all.filter((p) => p.scope === scope);
  if (!proposals.length) return null;
  return (
    <section className="fact-proposals" aria-labelledby="fact-proposals-title" data-testid="fact-proposals">
      <div className="fact-proposals-head">
        <Glyph name="merge" size={16} className="fact-proposals-icon" />
        <h3 id="fact-proposals-title" className="fact-proposals-title">
          Proposed {proposals.length === 1 ? 'change' : 'changes'} to facts you wrote
        </h3>
      </div>
      <p className="fact-proposals-hint">Consolidation would change these in its own words. Nothing changes unless you apply it.</p>
      <ul className="fact-proposal-list">
        {proposals.map((p) => (
          <Proposal key={p.id} p={p} />
        ))}
      </ul>
    </section>
  );
}

function Proposal({ p }: { p: FactProposal }) {
  const decide = (apply: boolean) => void useFacts.getState().decideProposal(p, apply);
  return (
    <li className="fact-proposal" data-testid="fact-proposal" data-proposal-id={p.id}>
      <div className="fact-proposal-body">
        <div className="fact-proposal-what">
          {p.from.length === 1 ? 'Reword' : `Merge ${p.from.length} facts`}
          <ul className="fact-proposal-from">
            {p.from.map((f) => (
              <li key={f.id} className="selectable">
                {f.text}
              </li>
            ))}
          </ul>
          into <span className="fact-proposal-text selectable" data-testid="fact-proposal-text">“{p.text}”</span>
        </div>
        <div className="fact-proposal-meta" title={fullTime(p.proposedAt)}>
          Proposed by consolidation · {shortAgo(p.proposedAt) === 'now' ? 'just now' : shortAgo(p.proposedAt)}
        </div>
      </div>
      <div className="fact-proposal-actions">
        <button type="button" className="button button-primary" data-testid="fact-proposal-apply" onClick={() => decide(true)}>
          Apply
        </button>
        <button type="button" className="button" data-testid="fact-proposal-dismiss" onClick={() => decide(false)}>
          Dismiss
        </button>
      </div>
    </li>
  );
}
