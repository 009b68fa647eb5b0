// Toasts: every ApiError and every unexpected error reaches the person here; nothing is swallowed.
import { create } from 'zustand';
import { useShell, type TabId } from '../../app/shell-store';

export type ToastKind = 'error' | 'warning' | 'info' | 'success';

export interface Toast {
  id: number;
  kind: ToastKind;
  title: string;
  message: string;
  /** The error code, shown small for people reporting a problem. */
  code?: string;
  /** One action the message offers ("Undo"); the toast closes when it is taken. */
  action?: { label: string; run(): void };
  /**
   * The tab it was raised in (issue 29 §5): a confirmation and its Undo are about that tab, so they are
   * shown only there and do not follow the person elsewhere. Errors and warnings have none: they show
   * wherever the person is, since they may need acting on.
   */
  tab?: TabId;
}

interface ToastState {
  toasts: Toast[];
  push(toast: Omit<Toast, 'id' | 'tab'>): number;
  dismiss(id: number): void;
}

/** Errors stay long enough to be read (or copied); confirmations go quickly. */
const LIFETIME_MS: Record<ToastKind, number> = { error: 12_000, warning: 10_000, info: 4_000, success: 4_000 };
/** A toast that offers an action (Undo) stays long enough to reach for it. */
const ACTION_LIFETIME_MS = 12_000;
/** Beyond this the oldest go: a burst of failures must not cover the whole window. */
const MAX_TOASTS = 5;

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  push(toast) {
    const id = nextId++;
    // The same message twice in a row (a retry loop, a double click) shows once.
    const last = get().toasts.at(-1);
    if (last && last.message === toast.message && last.kind === toast.kind) get().dismiss(last.id);
    const tab = toast.kind === 'success' || toast.kind === 'info' ? useShell.getState().tab : undefined;
    set((s) => ({ toasts: [...s.toasts, { ...toast, id, ...(tab ? { tab } : {}) }].slice(-MAX_TOASTS) }));
    setTimeout(() => get().dismiss(id), toast.action ? ACTION_LIFETIME_MS : LIFETIME_MS[toast.kind]);
    return id;
  },
  dismiss(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
}));

export const toast = {
  error: (title: string, message: string, code?: string) => useToasts.getState().push({ kind: 'error', title, message, code }),
  warning: (title: string, message: string) => useToasts.getState().push({ kind: 'warning', title, message }),
  info: (title: string, message = '') => useToasts.getState().push({ kind: 'info', title, message }),
  success: (title: string, message = '', action?: Toast['action']) => useToasts.getState().push({ kind: 'success', title, message, action }),
};
