// Before an undo that changes more than its entry: what else it undoes (later changes to the same item,
// the rest of a group action), newest first, and one button that undoes them all.
import { Modal } from '../../app/modal';
import { timeOfDay, dayLabel } from './format';
import { useHistory } from './store';

export function UndoPlanDialog() {
  const plan = useHistory((s) => s.plan);
  const undoing = useHistory((s) => s.undoing);
  if (!plan) return null;
  const n = plan.alsoUndoes.length;
  const close = () => useHistory.getState().cancelPlan();
  return (
    <Modal labelledBy="undo-plan-title" describedBy="undo-plan-message" testId="undo-plan" className="dialog-wide" onClose={close}>
      <h2 id="undo-plan-title" className="dialog-title">
        Undo {n + 1} changes?
      </h2>
      <p className="undo-plan-entry selectable">{plan.entry.summary}</p>
      <p id="undo-plan-message" className="dialog-message">
        Undoing it also undoes {n === 1 ? 'this change, which depends on it' : `these ${n} changes, which depend on it`}: the same item changed again later, or changed together with it.
        Newest first:
      </p>
      <ol className="undo-plan-list selectable" data-testid="undo-plan-item-list">
        {plan.alsoUndoes.map((e) => (
          <li key={e.id} data-testid="undo-plan-item">
            <span className="undo-plan-when">
              {dayLabel(e.at)} {timeOfDay(e.at)}
            </span>
            {e.summary}
          </li>
        ))}
      </ol>
      <div className="dialog-actions">
        <button type="button" className="button" data-testid="undo-plan-cancel" onClick={close}>
          Cancel
        </button>
        <button type="button" className="button button-primary" data-autofocus data-testid="undo-plan-confirm" disabled={undoing !== null} onClick={() => void useHistory.getState().confirmPlan()}>
          {undoing !== null ? 'Undoing…' : `Undo all ${n + 1}`}
        </button>
      </div>
    </Modal>
  );
}
