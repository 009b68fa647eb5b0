// Settings → Data → "Identity files to review": what an import brought for USER.md, SOUL.md or
// AGENTS.md, shown as a diff against the file on disk, never written until the person accepts it.
// Lines that read like instructions to the model, and lines where a secret was redacted, are marked.
import type { PendingIdentityView } from '../../../../shared/domain';
import { confirmAction } from '../../app/confirm';
import { Icon } from '../../app/icons';
import { fullTime } from '../../lib/time';
import { flaggedLine, identityLabel, plural } from './format';
import { useData } from './store';

export function IdentityReviewCard() {
  const pending = useData((s) => s.pendingIdentity);
  const error = useData((s) => s.identityError);
  if (!pending?.length && !(error && error.id === null)) return null;
  return (
    <div className="card data-card" data-testid="identity-review" aria-labelledby="identity-review-title" role="group">
      <div className="data-card-head">
        <span className="data-card-icon is-warn" aria-hidden="true">
          <Icon name="alert" size={17} />
        </span>
        <div className="data-card-text">
          <h3 id="identity-review-title">Identity files to review</h3>
          <p>
            An import brought {pending?.length ? plural(pending.length, 'identity file') : 'identity files'}. They become part of every prompt, so
            nothing was written: compare each with yours, then accept or dismiss it.
          </p>
        </div>
      </div>
      {error && error.id === null ? (
        <div className="data-problem" role="alert" data-testid="identity-error">
          <Icon name="alert" size={16} className="data-problem-icon" />
          <div className="data-problem-text">{error.message}</div>
        </div>
      ) : null}
      {pending?.map((p) => <PendingItem key={p.id} item={p} />)}
    </div>
  );
}

function PendingItem({ item }: { item: PendingIdentityView }) {
  const busy = useData((s) => s.identityBusy);
  const error = useData((s) => s.identityError);
  const flagged = flaggedLine(item.flagged);
  const label = identityLabel(item);
  const added = item.diff.filter((d) => d.op === 'add').length;
  const removed = item.diff.filter((d) => d.op === 'remove').length;
  const titleId = `identity-${item.id}`;
  return (
    <section className="identity-item" data-testid="identity-item" data-path={item.path} aria-labelledby={titleId}>
      <div className="identity-head">
        <div className="identity-title">
          <h4 id={titleId}>
            <span className="mono selectable">{item.path}</span>
          </h4>
          <div className="data-meta">
            {item.current.exists ? `Replaces your ${label}` : `New ${label}`} · from {item.source} · {fullTime(item.importedAt)}
          </div>
        </div>
        <div className="identity-counts" aria-label={`${plural(added, 'line')} added, ${plural(removed, 'line')} removed`}>
          <span className="identity-count is-add">+{added}</span>
          <span className="identity-count is-remove">−{removed}</span>
        </div>
      </div>
      {flagged ? (
        <div className="identity-flagged" data-testid="identity-flagged">
          <Icon name="alert" size={14} /> Look closely: {flagged}.
        </div>
      ) : null}
      <ol className="identity-diff" aria-label={`Changes to ${item.path}`} tabIndex={0} data-testid="identity-diff">
        {item.diff.map((d, i) => (
          <li key={i} className={`identity-line is-${d.op}${d.flags.length ? ' is-flagged' : ''}`} data-op={d.op} data-flags={d.flags.join(' ')}>
            <span className="identity-sign" aria-hidden="true">
              {d.op === 'add' ? '+' : d.op === 'remove' ? '−' : ' '}
            </span>
            <span className="identity-sr">{d.op === 'add' ? 'Added: ' : d.op === 'remove' ? 'Removed: ' : ''}</span>
            <span className="identity-text selectable">{d.text || ' '}</span>
            {d.flags.map((f) => (
              <span key={f} className="identity-flag" title={f === 'instruction' ? (d.reason ?? undefined) : 'A secret was redacted in this line'}>
                {f === 'instruction' ? 'instruction' : 'secret redacted'}
              </span>
            ))}
            {d.reason ? <span className="identity-reason">{d.reason}</span> : null}
          </li>
        ))}
      </ol>
      <div className="identity-note">
        Accepting writes the imported text ({item.cleaned.strippedChars || item.cleaned.redactions ? 'cleaned: invisible characters removed, secrets redacted' : 'as shown'}). Until you edit the
        file yourself, Monad shows it to the model as quoted data, not as instructions.
      </div>
      {error && error.id === item.id ? (
        <div className="data-problem" role="alert" data-testid="identity-item-error">
          <Icon name="alert" size={16} className="data-problem-icon" />
          <div className="data-problem-text">{error.message}</div>
        </div>
      ) : null}
      <div className="identity-actions">
        <button
          type="button"
          className="button"
          data-testid="identity-dismiss"
          disabled={busy !== null}
          onClick={() => void useData.getState().dismissIdentity(item.id)}
          aria-label={`Dismiss the imported ${item.path}`}
        >
          Dismiss
        </button>
        <button
          type="button"
          className="button button-primary"
          data-testid="identity-accept"
          disabled={busy !== null}
          aria-label={`Accept the imported ${item.path}`}
          onClick={async () => {
            if (item.flagged.instruction || item.flagged.secret) {
              const ok = await confirmAction({
                title: `Accept ${item.path} as imported?`,
                message: `It has ${flaggedLine(item.flagged)}. An instruction-shaped line in an identity file is read by the model on every turn. Accept only if you recognise it.`,
                confirmLabel: 'Accept anyway',
                danger: true,
              });
              if (!ok) return;
            }
            await useData.getState().acceptIdentity(item);
          }}
        >
          {busy === item.id ? 'Writing…' : item.current.exists ? 'Accept and replace' : 'Accept'}
        </button>
      </div>
    </section>
  );
}
