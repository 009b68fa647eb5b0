// The identity-file editor: which file is open, the version on disk it is based on, the person's draft,
// and a newer on-disk version when one appears under unsaved edits. The draft lives here, not in the
// component, so switching tabs never loses it; switching files asks first (see requestOpen).
import { create } from 'zustand';
import type { CoreFileKind, CoreFileView } from '../../../../shared/domain';
import { identityWarningDetailsSchema, type IdentityWarning } from '../../../../shared/identity-warnings';
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

/** What the engine found in the draft when asked to save it (see shared/identity-warnings.ts). */
export interface SaveWarnings {
  warnings: IdentityWarning[];
  omitted: number;
  /** The text the warnings are about: "Save anyway" confirms this text only, never later edits. */
  content: string;
}

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
  /** The last save was held back: the draft has a stored key, a secret or an instruction-shaped line. */
  warnings: SaveWarnings | null;
  /** A disk check failed (its error was shown once); checks stop until the file is opened again. */
  pollFailed: boolean;
  /** Open a file, discarding any draft (callers ask first: see requestOpen). */
  open(target: CoreTarget): Promise<void>;
  /** Open a file, asking to discard unsaved edits first. Resolves false when the person said no. */
  requestOpen(target: CoreTarget, describe: (t: CoreTarget) => string): Promise<boolean>;
  setDraft(text: string): void;
  /** Saves the draft; resolves false when it was not saved (warnings to confirm, a conflict, an error). */
  save(): Promise<boolean>;
  /** Saves the text the warnings were about as it is. If it was edited since, it is checked again first. */
  saveAnyway(): Promise<boolean>;
  /** Closes the warnings without saving. */
  keepEditing(): void;
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
  warnings: null,
  pollFailed: false,

  async open(target) {
    set({ target, base: null, draft: '', dirty: false, disk: null, notice: null, warnings: null, loading: true, pollFailed: false });
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

  save() {
    return saveDraft(false);
  },

  saveAnyway() {
    const { warnings, draft } = get();
    // Confirm only what the person was shown; text typed since then gets its own check.
    return saveDraft(warnings !== null && warnings.content === draft);
  },

  keepEditing() {
    set({ warnings: null });
  },

  async reload() {
    const target = get().target;
    const view = await readCoreFile(target);
    if (!view || !sameTarget(get().target, target)) return;
    set({ base: view, draft: view.content, dirty: false, disk: null, notice: null, warnings: null, pollFailed: false });
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

/**
 * The one save path. `confirm` says the person saw the warnings for exactly this draft; without it the
 * engine answers CONFIRM_REQUIRED when the draft holds a stored key, a secret or an instruction-shaped
 * line, and the warnings are shown instead of a failure.
 */
async function saveDraft(confirm: boolean): Promise<boolean> {
  const get = useCoreFiles.getState;
  const set = useCoreFiles.setState;
  const { target, base, draft, saving, dirty } = get();
  // Nothing to save (Ctrl+S on a clean file must not rewrite it, nor create an empty one).
  if (!dirty) return true;
  if (!base || base.error || saving) return false;
  set({ saving: true });
  try {
    // The mtime we loaded (or accepted with Keep mine): the engine refuses if the file changed since.
    const view = await invoke('core.write', { ...input(target), content: draft, expectedMtimeMs: base.mtimeMs, ...(confirm ? { confirm: true } : {}) });
    if (!sameTarget(get().target, target)) return true;
    const typedSince = get().draft !== draft;
    set({
      base: view,
      draft: typedSince ? get().draft : view.content,
      dirty: typedSince ? get().draft !== view.content : false,
      disk: null,
      warnings: null,
      notice: { kind: 'saved', at: Date.now() },
    });
    return true;
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    if (err.code === 'CONFIRM_REQUIRED') {
      const details = identityWarningDetailsSchema.safeParse(err.details);
      if (sameTarget(get().target, target)) {
        set({ warnings: details.success ? { ...details.data, content: draft } : { warnings: [], omitted: 0, content: draft }, notice: null });
      }
      return false;
    }
    // CONFLICT: someone changed it on disk between our last check and the save. Show that version.
    if (err.code === 'CONFLICT') await get().poll();
    return false;
  } finally {
    set({ saving: false });
  }
}

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
