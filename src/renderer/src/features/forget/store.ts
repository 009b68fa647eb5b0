// "Forget everything about X" and "delete this chat": one dialog that previews every item concerned
// (the engine's forget.preview), lets the person untick any, and then forgets the rest as one history
// group — or, for a chat being deleted, deletes it and forgets the ticked items with it. The toast that
// follows offers the undo of the whole group.
import { create } from 'zustand';
import type { Session } from '../../../../shared/domain';
import type { ForgetKind, ForgetOutcome, ForgetPreview, ForgetTarget } from '../../../../shared/forget';
import { confirmAction } from '../../app/confirm';
import { ApiError, attempt, invoke } from '../../lib/api';
import { notifyMemoryChanged } from '../../lib/memory-changed';
import { useSessions } from '../sessions/store';
import { toast } from '../toasts/store';

export type ForgetPurpose = { kind: 'forget' } | { kind: 'delete-chat'; session: Pick<Session, 'id' | 'title' | 'messageCount'> };

interface ForgetState {
  target: ForgetTarget | null;
  purpose: ForgetPurpose | null;
  preview: ForgetPreview | null;
  status: 'idle' | 'loading' | 'ready' | 'error' | 'applying';
  error: string | null;
  /** Keys the person unticked (everything starts ticked). */
  unticked: Record<string, true>;

  toggle(key: string): void;
  /** Ticks or unticks every item of one kind. */
  setKind(kind: ForgetKind, ticked: boolean): void;
  close(): void;
  confirm(): Promise<void>;
}

export const useForget = create<ForgetState>((set, get) => ({
  target: null,
  purpose: null,
  preview: null,
  status: 'idle',
  error: null,
  unticked: {},

  toggle(key) {
    set((s) => {
      const { [key]: off, ...rest } = s.unticked;
      return { unticked: off ? rest : { ...rest, [key]: true } };
    });
  },

  setKind(kind, ticked) {
    const keys = (get().preview?.items ?? []).filter((i) => i.kind === kind).map((i) => i.key);
    set((s) => {
      const unticked = { ...s.unticked };
      for (const k of keys) {
        if (ticked) delete unticked[k];
        else unticked[k] = true;
      }
      return { unticked };
    });
  },

  close() {
    if (get().status === 'applying') return;
    set({ target: null, purpose: null, preview: null, status: 'idle', error: null, unticked: {} });
  },

  async confirm() {
    const { target, purpose, preview, unticked, status } = get();
    if (!target || !purpose || !preview || status !== 'ready') return;
    const keys = preview.items.filter((i) => !unticked[i.key]).map((i) => i.key);
    if (purpose.kind === 'forget' && !keys.length) return;
    set({ status: 'applying' });
    let outcome: ForgetOutcome | null | false | undefined;
    if (purpose.kind === 'forget') outcome = await attempt(() => invoke('forget.apply', { target, keys }));
    else outcome = await useSessions.getState().remove(purpose.session.id, keys);
    if (outcome === undefined || outcome === false) {
      set({ status: 'ready' });
      return;
    }
    set({ target: null, purpose: null, preview: null, status: 'idle', error: null, unticked: {} });
    notifyMemoryChanged();
    report(purpose, preview, outcome);
  },
}));

/** Opens the preview of everything about an entity, a phrase, or what one chat taught. */
export async function forgetEverything(target: ForgetTarget): Promise<void> {
  await openPreview(target, { kind: 'forget' });
}

/**
 * Deleting a chat: when something in memory rests only on it, the same preview is offered (ticked
 * items are forgotten with the chat); otherwise the plain confirmation.
 */
export async function deleteChat(session: Pick<Session, 'id' | 'title' | 'messageCount'>): Promise<boolean> {
  const preview = await attempt(() => invoke('forget.preview', { target: { kind: 'session', sessionId: session.id } }));
  if (preview && preview.items.length) {
    useForget.setState({ target: preview.target, purpose: { kind: 'delete-chat', session }, preview, status: 'ready', error: null, unticked: {} });
    return true;
  }
  const ok = await confirmAction({
    title: 'Delete session?',
    message: `“${session.title}” and its ${session.messageCount === 1 ? 'message' : `${session.messageCount} messages`} will be deleted.`,
    confirmLabel: 'Delete',
    danger: true,
  });
  if (!ok) return false;
  return (await useSessions.getState().remove(session.id)) !== false;
}

async function openPreview(target: ForgetTarget, purpose: ForgetPurpose): Promise<void> {
  useForget.setState({ target, purpose, preview: null, status: 'loading', error: null, unticked: {} });
  try {
    const preview = await invoke('forget.preview', { target });
    if (useForget.getState().target !== target) return;
    useForget.setState({ preview, status: 'ready' });
  } catch (err) {
    if (useForget.getState().target !== target) return;
    useForget.setState({ status: 'error', error: err instanceof ApiError ? err.message : String(err) });
  }
}

function report(purpose: ForgetPurpose, preview: ForgetPreview, outcome: ForgetOutcome | null): void {
  const n = outcome?.forgotten.length ?? 0;
  const items = `${n} item${n === 1 ? '' : 's'}`;
  const title = purpose.kind === 'delete-chat' ? (n ? `Deleted “${purpose.session.title}” and forgot ${items}` : `Deleted “${purpose.session.title}”`) : `Forgot ${items} about “${preview.subject}”`;
  const failed = outcome?.failed.length ? ` ${outcome.failed.length} could not be forgotten: ${outcome.failed[0].message}` : '';
  const entryId = outcome?.entryId ?? null;
  // The whole group is undone as one: it is exactly what the person just did.
  const undo = entryId === null ? undefined : { label: 'Undo', run: () => void undoGroup(entryId) };
  if (failed) toast.warning(title, failed.trim());
  else toast.success(title, entryId === null ? '' : 'Memory → History lists every item.', undo);
}

async function undoGroup(entryId: number): Promise<void> {
  const r = await attempt(() => invoke('history.undo', { id: entryId, confirm: true }));
  if (r?.done) notifyMemoryChanged();
  if (r?.done) toast.success('Undone', `${r.entries.length} change${r.entries.length === 1 ? '' : 's'} put back.`);
}
