import { useToasts, type Toast } from './store';
import { ErrorCode } from '../../app/ErrorCode';
import { Icon } from '../../app/icons';

export function Toasts() {
  const toasts = useToasts((s) => s.toasts);
  return (
    <div className="toasts" data-testid="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const dismiss = useToasts((s) => s.dismiss);
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === 'error' ? 'alert' : 'status'} data-testid="toast" data-kind={toast.kind}>
      <span className="toast-icon" aria-hidden="true">
        <Icon name={toast.kind === 'error' ? 'alert' : toast.kind === 'warning' ? 'alert' : toast.kind === 'success' ? 'check' : 'info'} />
      </span>
      <div className="toast-body">
        <div className="toast-title">{toast.title}</div>
        {toast.message ? <div className="toast-message">{toast.message}</div> : null}
        {toast.code ? <ErrorCode code={toast.code} className="toast-code" /> : null}
        {toast.action ? (
          <button
            type="button"
            className="button toast-action"
            data-testid="toast-action"
            onClick={() => {
              dismiss(toast.id);
              toast.action!.run();
            }}
          >
            {toast.action.label}
          </button>
        ) : null}
      </div>
      <button type="button" className="icon-button toast-close" aria-label="Dismiss" onClick={() => dismiss(toast.id)}>
        <Icon name="close" />
      </button>
    </div>
  );
}
