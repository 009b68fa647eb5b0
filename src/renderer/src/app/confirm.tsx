// An in-app confirmation dialog (window.confirm would block the renderer and cannot be styled).
// `confirmAction(...)` resolves true when the person confirms, false on cancel / Escape / backdrop.
import { useEffect, useRef } from 'react';
import { create } from 'zustand';

interface Request {
  title: string;
  message: string;
  confirmLabel: string;
  danger: boolean;
  resolve(ok: boolean): void;
}

const useConfirm = create<{ request: Request | null }>(() => ({ request: null }));

export function confirmAction(opts: { title: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    // A second request while one is open answers the first with "no".
    useConfirm.getState().request?.resolve(false);
    useConfirm.setState({
      request: { title: opts.title, message: opts.message, confirmLabel: opts.confirmLabel ?? 'OK', danger: opts.danger ?? false, resolve },
    });
  });
}

function answer(ok: boolean): void {
  const { request } = useConfirm.getState();
  useConfirm.setState({ request: null });
  request?.resolve(ok);
}

export function ConfirmDialog() {
  const request = useConfirm((s) => s.request);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef<Element | null>(null);

  useEffect(() => {
    if (!request) return;
    returnFocus.current = document.activeElement;
    confirmRef.current?.focus();
    return () => {
      if (returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected) returnFocus.current.focus();
    };
  }, [request]);

  if (!request) return null;
  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && answer(false)}>
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="confirm-title"
        aria-describedby="confirm-message"
        data-testid="confirm-dialog"
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            answer(false);
          }
          if (e.key === 'Tab') {
            // Two buttons: keep focus inside the dialog.
            const buttons = Array.from(e.currentTarget.querySelectorAll('button'));
            const i = buttons.indexOf(document.activeElement as HTMLButtonElement);
            e.preventDefault();
            buttons[(i + (e.shiftKey ? buttons.length - 1 : 1)) % buttons.length]?.focus();
          }
        }}
      >
        <h2 id="confirm-title" className="dialog-title">
          {request.title}
        </h2>
        <p id="confirm-message" className="dialog-message">
          {request.message}
        </p>
        <div className="dialog-actions">
          <button type="button" className="button" data-testid="confirm-cancel" onClick={() => answer(false)}>
            Cancel
          </button>
          <button
            type="button"
            ref={confirmRef}
            className={request.danger ? 'button button-danger' : 'button button-primary'}
            data-testid="confirm-ok"
            onClick={() => answer(true)}
          >
            {request.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
