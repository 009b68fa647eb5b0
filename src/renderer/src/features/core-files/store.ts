// The identity-file editor: which file is open, the version on disk it is based on, the person's draft,
// and a newer on-disk version when one appears under unsaved edits. The draft lives here, not in the
// component, so switching tabs never loses it; switching files asks first (see requestOpen).
import { create } from 'zustand';
import type { CoreFileKind, CoreFileView } from '../../../../shared/domain';
import { confirmAction } from '../../app/confirm';
import { ApiError, attempt, invoke } from '../../lib/api';

export interface CoreTarget {
  kind: CoreFileKind;
  /** For soul / agents. */
  agentId?: string;
  /** For workspace: the session whose workspace folder holds the file. */
  sessionId?: string;
}

export type CoreNotice =
  /** The file changed on disk while there were no edits: it was reloaded. */
  | { kind: 'reloaded'; at: number }
  /** Saved (to `path`). */
  | { kind: 'saved'; at: number }
  /** "Keep mine" was chosen: the next save replaces the newer version on disk. */
  | { kind: 'kept'; at: number };

interface CoreFilesState {
  target: CoreTarget;
  /** The version on disk the draft is based on; its mtime goes with the save. */
  base: CoreFileView | null;
  draft: string;
  dirty: boolean;
  loading: boolean;
  saving: boolean;
  /** A newer version found on disk while the draft had unsaved edits (Reload / Keep mine). */
  disk: CoreFileView | null;
  notice: CoreNotice | null;
  /** A disk check failed (its error was shown once); checks stop until the file is opened again. */
  pollFailed: boolean;
  /** Open a file, discarding any draft (callers ask first: see requestOpen). */
  open(target: CoreTarget): Promise<void>;
  /** Open a file, asking to discard unsaved edits first. Resolves false when the person said no. */
  requestOpen(target: CoreTarget, describe: (t: CoreTarget) => string): Promise<boolean>;
  setDraft(text: string): void;
  save(): Promise<boolean>;
  /** Discard the draft and load what is on disk now. */
  reload(): Promise<void>;
  /** Keep the draft over a newer version on disk: the next save replaces it. */
  keepMine(): void;
  /** Checks the disk for a change (polled while the editor is open). */
  poll(): Promise<void>;
  dismissNotice(): void;
}

export function targetKey(t: CoreTarget): string {
  return `${t.kind}:${t.agentId ?? ''}:${t.sessionId ?? ''}`;
}

export function sameTarget(a: CoreTarget, b: CoreTarget): boolean {
  return targetKey(a) === targetKey(b);
}

function input(t: CoreTarget) {
  return { file: t.kind, ...(t.agentId ? { agentId: t.agentId } : {}), ...(t.sessionId ? { sessionId: t.sessionId } : {}) };
}

export function readCoreFile(t: CoreTarget): Promise<CoreFileView | undefined> {
  return attempt(() => invoke('core.read', input(t)));
}

/** Did the file on disk change since `base` was read? */
function changedOnDisk(base: CoreFileView, now: CoreFileView): boolean {
  return now.mtimeMs !== base.mtimeMs || now.exists !== base.exists || now.error !== base.error;
}

export const useCoreFiles = create<CoreFilesState>((set, get) => ({
  target: { kind: 'user' },
  base: null,
  draft: '',
  dirty: false,
  loading: false,
  saving: false,
  disk: null,
  notice: null,
  pollFailed: false,

  async open(target) {
    set({ target, base: null, draft: '', dirty: false, disk: null, notice: null, loading: true, pollFailed: false });
    const view = await readCoreFile(target);
    if (!sameTarget(get().target, target)) return;
    set({ base: view ?? null, draft: view?.content ?? '', dirty: false, loading: false });
  },

  async requestOpen(target, describe) {
    const { dirty, target: current } = get();
    if (sameTarget(current, target) && get().base) return true;
    if (dirty) {
      const ok = await confirmAction({
        title: 'Discard unsaved changes?',
        message: `${describe(current)} has changes that are not saved. Open ${describe(target)} and discard them?`,
        confirmLabel: 'Discard changes',
        danger: true,
      });
      if (!ok) return false;
    }
    await get().open(target);
    return true;
  },

  setDraft(text) {
    const base = get().base;
    set({ draft: text, dirty: base !== null && text !== base.content });
  },

  async save() {
    const { target, base, draft, saving, dirty } = get();
    // Nothing to save (Ctrl+S on a clean file must not rewrite it, nor create an empty one).
    if (!dirty) return true;
    if (!base || base.error || saving) return false;
    set({ saving: true });
    try {
      // The mtime we loaded (or accepted with Keep mine): the engine refuses if the file changed since.
      const view = await invoke('core.write', { ...input(target), content: draft, expectedMtimeMs: base.mtimeMs });
      if (!sameTarget(get().target, target)) return true;
      const typedSince = get().draft !== draft;
      set({
        base: view,
        draft: typedSince ? get().draft : view.content,
        dirty: typedSince ? get().draft !== view.content : false,
        disk: null,
        notice: { kind: 'saved', at: Date.now() },
      });
      return true;
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      // CONFLICT: someone changed it on disk between our last check and the save. Show that version.
      if (err.code === 'CONFLICT') await get().poll();
      return false;
    } finally {
      set({ saving: false });
    }
  },

  async reload() {
    const target = get().target;
    const view = await readCoreFile(target);
    if (!view || !sameTarget(get().target, target)) return;
    set({ base: view, draft: view.content, dirty: false, disk: null, notice: null, pollFailed: false });
  },

  keepMine() {
    const { disk, draft } = get();
    if (!disk) return;
    set({ base: disk, disk: null, dirty: draft !== disk.content, notice: { kind: 'kept', at: Date.now() } });
  },

  async poll() {
    const { target, base, saving, pollFailed } = get();
    if (!base || saving || pollFailed) return;
    const view = await readCoreFile(target);
    if (!view) {
      // Shown once as a toast by the API layer; polling every few seconds must not repeat it.
      set({ pollFailed: true });
      return;
    }
    const now = get();
    if (!now.base || !sameTarget(now.target, target) || now.saving) return;
    if (!changedOnDisk(now.base, view)) return;
    if (!now.dirty) {
      // Nothing of the person's to lose: take the new version, and say so.
      set({ base: view, draft: view.content, disk: null, notice: { kind: 'reloaded', at: Date.now() } });
      return;
    }
    if (!now.disk || changedOnDisk(now.disk, view)) set({ disk: view });
  },

  dismissNotice() {
    set({ notice: null });
  },
}));

// Closing or reloading the window with unsaved edits asks first (the browser's own prompt). Registered
// for the store's lifetime, not a component's, because the draft outlives the editor being on screen.
function onBeforeUnload(e: BeforeUnloadEvent): void {
  e.preventDefault();
  // Older Chromium (and Electron) need returnValue set as well.
  e.returnValue = '';
}

useCoreFiles.subscribe((state, prev) => {
  if (state.dirty === prev.dirty) return;
  if (state.dirty) window.addEventListener('beforeunload', onBeforeUnload);
  else window.removeEventListener('beforeunload', onBeforeUnload);
});
