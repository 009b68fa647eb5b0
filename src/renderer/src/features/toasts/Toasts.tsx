import { useLayoutEffect, useRef, useState } from 'react';
import { useShell } from '../../app/shell-store';
import { useToasts, type Toast } from './store';
import { placeStack, TOAST_AVOID, TOAST_GAP, TOAST_SIDE, TOAST_WIDTH, withoutSides, type Placement } from './placement';
import { ErrorCode } from '../../app/ErrorCode';
import { Icon } from '../../app/icons';

/** How often the stack looks again while toasts are up: a banner or the graph's legend may come and go. */
const REPLACE_MS = 300;

export function Toasts() {
  const tab = useShell((s) => s.tab);
  // A confirmation belongs to the tab it was raised in (issue 29 §5); errors show everywhere.
  const toasts = useToasts((s) => s.toasts).filter((t) => !t.tab || t.tab === tab);
  const place = useStackPlacement(toasts.length, tab);
  return (
    <div
      ref={place.ref}
      className="toasts"
      data-testid="toasts"
      data-placed={place.at ? 'pane' : undefined}
      aria-live="polite"
      aria-relevant="additions"
      style={
        place.at ? { top: place.at.top, left: place.at.left, bottom: 'auto', width: place.at.width, ...(place.at.maxHeight ? { height: place.at.maxHeight } : {}) } : undefined
      }
    >
      {toasts.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </div>
  );
}

/** Puts the stack where it covers no banner, notice, composer or graph legend (placement.ts). */
function useStackPlacement(count: number, tab: string) {
  const ref = useRef<HTMLDivElement>(null);
  const [at, setAt] = useState<(Placement & { width: number }) | null>(null);
  useLayoutEffect(() => {
    if (count === 0) return;
    const measure = () => {
      const el = ref.current;
      const pane = document.querySelector('.pane');
      const first = el?.firstElementChild;
      const last = el?.lastElementChild;
      if (!el || !pane || !first || !last) return;
      const height = last.getBoundingClientRect().bottom - first.getBoundingClientRect().top;
      const rects = (selector: string) => [...document.querySelectorAll(selector)].map((e) => e.getBoundingClientRect()).filter((r) => r.width > 0 && r.height > 0);
      // A plain copy: a DOMRect's sides are getters, which a spread (withoutSides) does not carry.
      const { left, top, right, bottom } = pane.getBoundingClientRect();
      const area = withoutSides({ left, top, right, bottom }, rects(TOAST_SIDE));
      const width = Math.min(TOAST_WIDTH, window.innerWidth - 2 * TOAST_GAP, area.right - area.left - 2 * TOAST_GAP);
      const spot = width > 0 ? placeStack(area, width, height, rects(TOAST_AVOID)) : null;
      const next = spot ? { ...spot, width } : null;
      setAt((prev) => (prev?.top === next?.top && prev?.left === next?.left && prev?.maxHeight === next?.maxHeight && prev?.width === next?.width ? prev : next));
    };
    measure();
    const timer = setInterval(measure, REPLACE_MS);
    window.addEventListener('resize', measure);
    return () => {
      clearInterval(timer);
      window.removeEventListener('resize', measure);
    };
  }, [count, tab]);
  return { ref, at };
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
