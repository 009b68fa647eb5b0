// The preview of "forget everything about X" (and of what a chat being deleted taught): every fact,
// entity, relation, law and mem0 memory concerned, grouped by kind, each with why it is listed and its
// scope, all ticked; the person unticks what should stay, then forgets the rest as one change.
import '../../styles/forget.css';
import { useId } from 'react';
import type { ForgetItem, ForgetKind } from '../../../../shared/forget';
import { FORGET_KINDS } from '../../../../shared/forget-kinds';
import { Modal } from '../../app/modal';
import { useForget } from './store';

const KIND_TITLE: Record<ForgetKind, [string, string]> = {
  fact: ['Fact', 'Facts'],
  entity: ['Entity', 'Entities'],
  relation: ['Relation', 'Relations'],
  law: ['Law', 'Laws'],
  mem0: ['mem0 memory', 'mem0 memories'],
};

export function ForgetDialog() {
  const purpose = useForget((s) => s.purpose);
  const preview = useForget((s) => s.preview);
  const status = useForget((s) => s.status);
  const error = useForget((s) => s.error);
  const unticked = useForget((s) => s.unticked);
  const target = useForget((s) => s.target);
  if (!purpose || !target) return null;

  const items = preview?.items ?? [];
  const ticked = items.filter((i) => !unticked[i.key]).length;
  const deleting = purpose.kind === 'delete-chat';
  const subject = preview?.subject ?? (target.kind === 'text' ? target.text : '…');
  const title = deleting ? `Delete “${purpose.session.title}”?` : target.kind === 'session' ? `Forget what “${subject}” taught?` : `Forget everything about “${subject}”?`;
  const close = () => useForget.getState().close();

  let body;
  if (status === 'loading') body = <p className="forget-state">Looking through memory…</p>;
  else if (status === 'error') {
    body = (
      <p className="forget-state forget-error" role="alert">
        {error}
      </p>
    );
  } else if (!items.length) {
    body = (
      <p className="forget-state" data-testid="forget-nothing">
        {target.kind === 'session' ? 'Nothing in memory rests only on this chat.' : `Nothing in memory mentions “${subject}”.`}
      </p>
    );
  } else {
    body = (
      <div className="forget-groups" data-testid="forget-groups">
        {FORGET_KINDS.map((kind) => {
          const of = items.filter((i) => i.kind === kind);
          return of.length ? <KindGroup key={kind} kind={kind} items={of} cut={preview?.truncated.includes(kind) ?? false} /> : null;
        })}
      </div>
    );
  }

  const verb = deleting ? (ticked ? `Delete chat and forget ${ticked}` : 'Delete chat only') : `Forget ${ticked} item${ticked === 1 ? '' : 's'}`;
  return (
    <Modal labelledBy="forget-title" describedBy="forget-message" testId="forget-dialog" className="dialog-wide forget-dialog" onClose={close}>
      <h2 id="forget-title" className="dialog-title">
        {title}
      </h2>
      <p id="forget-message" className="dialog-message">
        {deleting
          ? `The chat and its ${purpose.session.messageCount === 1 ? 'message' : `${purpose.session.messageCount} messages`} will be deleted. These were learned only from it; untick what Monad should keep.`
          : target.kind === 'session'
            ? 'Everything Monad learned only from this chat. Untick what it should keep; the rest is forgotten as one change you can undo.'
            : 'Everything in memory that mentions it, in every scope. Untick what Monad should keep; the rest is forgotten as one change you can undo.'}
      </p>
      {body}
      {preview?.notes.length ? (
        <ul className="forget-notes" data-testid="forget-notes">
          {preview.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      <div className="dialog-actions">
        <span className="forget-count" role="status" data-testid="forget-count">
          {items.length ? `${ticked} of ${items.length} ticked` : ''}
        </span>
        <button type="button" className="button" data-testid="forget-cancel" onClick={close} disabled={status === 'applying'}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          data-testid="forget-confirm"
          disabled={status !== 'ready' || (!deleting && ticked === 0)}
          onClick={() => void useForget.getState().confirm()}
        >
          {status === 'applying' ? 'Forgetting…' : verb}
        </button>
      </div>
    </Modal>
  );
}

function KindGroup({ kind, items, cut }: { kind: ForgetKind; items: ForgetItem[]; cut: boolean }) {
  const unticked = useForget((s) => s.unticked);
  const id = useId();
  const on = items.filter((i) => !unticked[i.key]).length;
  const [one, many] = KIND_TITLE[kind];
  return (
    <fieldset className="forget-group" data-testid={`forget-group-${kind}`}>
      <legend className="forget-group-head">
        <label className="forget-group-all">
          <input
            type="checkbox"
            checked={on === items.length}
            ref={(el) => {
              if (el) el.indeterminate = on > 0 && on < items.length;
            }}
            aria-describedby={`${id}-count`}
            data-testid="forget-kind-toggle"
            onChange={(e) => useForget.getState().setKind(kind, e.target.checked)}
          />
          <span className="forget-group-title">{items.length === 1 ? one : many}</span>
        </label>
        <span className="forget-group-count" id={`${id}-count`}>
          {on} of {items.length}
          {cut ? ' (more exist: forget these, then look again)' : ''}
        </span>
      </legend>
      <ul className="forget-items">
        {items.map((i) => (
          <li key={i.key}>
            <label className={`forget-item${unticked[i.key] ? ' is-kept' : ''}`} data-testid="forget-item" data-key={i.key} data-kind={i.kind}>
              <input type="checkbox" checked={!unticked[i.key]} onChange={() => useForget.getState().toggle(i.key)} />
              <span className="forget-item-text">
                <span className="forget-item-main selectable">{i.text}</span>
                <span className="forget-item-why">
                  {i.why}
                  {i.scope ? <span className="mono"> · {i.scope}</span> : null}
                  {i.current === false ? ' · ended' : ''}
                </span>
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
