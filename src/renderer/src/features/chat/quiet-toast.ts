// Every failed call becomes a toast (app/wiring.ts). Some failures the chat shows in place — the error
// marker with its Retry button, the no-model note, a command's note — where a toast would say it twice.
import type { ApiError } from '../../lib/api';
import { useToasts } from '../toasts/store';

export function quietToast(err: ApiError): void {
  const { toasts, dismiss } = useToasts.getState();
  for (const t of toasts) if (t.kind === 'error' && t.message === err.message) dismiss(t.id);
}
