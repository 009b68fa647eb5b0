// A modal dialog frame for dialogs with more than a yes and a no (a list to tick, a plan to read):
// focus moves in (to the element marked data-autofocus, else the first control), Tab stays inside,
// Escape and a click on the backdrop close it, and focus returns where it was when it closes.
import { useEffect, useRef, type ReactNode } from 'react';

const FOCUSABLE = 'button:not(:disabled), input:not(:disabled), select:not(:disabled), textarea:not(:disabled), a[href], [tabindex]:not([tabindex="-1"])';

export function Modal(props: { labelledBy: string; describedBy?: string; testId: string; className?: string; onClose(): void; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const onClose = useRef(props.onClose);
  onClose.current = props.onClose;

  useEffect(() => {
    const before = document.activeElement;
    const box = ref.current;
    const first = box?.querySelector<HTMLElement>('[data-autofocus]') ?? box?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    return () => {
      if (before instanceof HTMLElement && before.isConnected) before.focus();
    };
  }, []);

  return (
    <div className="dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose.current()}>
      <div
        ref={ref}
        className={`dialog ${props.className ?? ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        aria-describedby={props.describedBy}
        data-testid={props.testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            onClose.current();
            return;
          }
          if (e.key !== 'Tab') return;
          const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
          if (!items.length) return;
          const i = items.indexOf(document.activeElement as HTMLElement);
          const next = e.shiftKey ? (i <= 0 ? items.length - 1 : i - 1) : i === items.length - 1 ? 0 : i + 1;
          e.preventDefault();
          items[next].focus();
        }}
      >
        {props.children}
      </div>
    </div>
  );
}
