// Settings → Data: the export, the import, the identity files an import brought (waiting for review)
// and the backups, each with its own phase. Failures are kept here and shown in place (with the
// position of the problem for a malformed file), so their toasts are withdrawn; the engine rolls a
// failed import back, so an error never leaves anything half done.
import { create } from 'zustand';
import type { BackupInfo, ImportReport, PendingIdentityView, RestoreStaged } from '../../../../shared/domain';
import type { ErrorCode } from '../../../../shared/errors';
import { ApiError, invoke } from '../../lib/api';
import { saveTextFile } from '../../lib/save-file';
import { quietToast } from '../chat/quiet-toast';
import { useSettings } from '../settings/store';
import { exportContents, formatBytes, MAX_IMPORT_BYTES, problemPosition, type ExportContents, type ProblemPosition } from './format';

export interface Failure {
  code: ErrorCode | 'READ_FAILED';
  message: string;
}

export type ExportPhase =
  | { phase: 'idle' }
  | { phase: 'running' }
  | { phase: 'done'; filename: string; bytes: number; contents: ExportContents | null; at: string }
  | ({ phase: 'error' } & Failure);

export interface PickedFile {
  name: string;
  bytes: number;
}

export type ImportPhase =
  | { phase: 'idle' }
  | { phase: 'reading'; file: PickedFile; loaded: number }
  | { phase: 'importing'; file: PickedFile }
  | { phase: 'done'; file: PickedFile; report: ImportReport; at: string }
  | ({ phase: 'error'; file: PickedFile; position: ProblemPosition | null } & Failure);

interface DataState {
  exporting: ExportPhase;
  importing: ImportPhase;
  backups: BackupInfo[] | null;
  backupsError: string | null;
  /** Why staging the restore of a backup failed (unknown name, a damaged copy…). */
  restoreError: { name: string; message: string } | null;
  /** The restore staged from this window (the engine's notices say so too, after a reload). */
  staged: RestoreStaged | null;
  /** The backup whose restore is being staged right now. */
  staging: string | null;
  /** Identity files from imports, waiting for the person to accept or dismiss them (null: not loaded). */
  pendingIdentity: PendingIdentityView[] | null;
  /** The pending identity file being accepted or dismissed right now. */
  identityBusy: string | null;
  identityError: { id: string | null; message: string } | null;
  exportAll(): Promise<void>;
  loadPendingIdentity(): Promise<void>;
  acceptIdentity(item: PendingIdentityView): Promise<boolean>;
  dismissIdentity(id: string): Promise<boolean>;
  importFile(file: File): Promise<void>;
  loadBackups(): Promise<void>;
  stageRestore(name: string): Promise<RestoreStaged | undefined>;
}

export const useData = create<DataState>((set, get) => ({
  exporting: { phase: 'idle' },
  importing: { phase: 'idle' },
  backups: null,
  backupsError: null,
  restoreError: null,
  staged: null,
  staging: null,
  pendingIdentity: null,
  identityBusy: null,
  identityError: null,

  async exportAll() {
    if (get().exporting.phase === 'running') return;
    set({ exporting: { phase: 'running' } });
    try {
      const { filename, text } = await invoke('transfer.export');
      const saved = saveTextFile(filename, text);
      set({ exporting: { phase: 'done', filename: saved.filename, bytes: saved.bytes, contents: exportContents(text), at: new Date().toISOString() } });
    } catch (err) {
      set({ exporting: { phase: 'error', ...failure(err) } });
    }
  },

  async importFile(file) {
    const busy = get().importing.phase;
    if (busy === 'reading' || busy === 'importing') return;
    const picked: PickedFile = { name: file.name, bytes: file.size };
    if (file.size > MAX_IMPORT_BYTES) {
      set({
        importing: {
          phase: 'error',
          file: picked,
          position: null,
          code: 'PAYLOAD_TOO_LARGE',
          message: `${file.name} is ${formatBytes(file.size)}; Monad imports files of up to ${formatBytes(MAX_IMPORT_BYTES)}. Nothing was read.`,
        },
      });
      return;
    }
    if (file.size === 0) {
      set({ importing: { phase: 'error', file: picked, position: null, code: 'BAD_INPUT', message: `${file.name} is empty.` } });
      return;
    }
    set({ importing: { phase: 'reading', file: picked, loaded: 0 } });
    let text: string;
    try {
      text = await readText(file, (loaded) => {
        const now = get().importing;
        if (now.phase === 'reading' && now.file === picked) set({ importing: { ...now, loaded } });
      });
    } catch (err) {
      set({ importing: { phase: 'error', file: picked, position: null, code: 'READ_FAILED', message: `Could not read ${file.name}: ${(err as Error).message}` } });
      return;
    }
    set({ importing: { phase: 'importing', file: picked } });
    try {
      const report = await invoke('transfer.import', { text, name: file.name.slice(0, 255) });
      set({ importing: { phase: 'done', file: picked, report, at: new Date().toISOString() } });
      if (report.pendingIdentity.length) void get().loadPendingIdentity();
    } catch (err) {
      set({ importing: { phase: 'error', file: picked, position: err instanceof ApiError ? problemPosition(err.details) : null, ...failure(err) } });
    }
  },

  async loadPendingIdentity() {
    try {
      set({ pendingIdentity: await invoke('identity.pending') });
    } catch (err) {
      set({ identityError: { id: null, message: failure(err).message } });
    }
  },

  async acceptIdentity(item) {
    if (get().identityBusy) return false;
    set({ identityBusy: item.id, identityError: null });
    try {
      // The mtime the diff was computed against: if the file changed since, the engine refuses.
      const { pending } = await invoke('identity.accept', { id: item.id, expectedMtimeMs: item.current.mtimeMs });
      set({ pendingIdentity: pending, identityBusy: null });
      return true;
    } catch (err) {
      set({ identityBusy: null, identityError: { id: item.id, message: failure(err).message } });
      void get().loadPendingIdentity();
      return false;
    }
  },

  async dismissIdentity(id) {
    if (get().identityBusy) return false;
    set({ identityBusy: id, identityError: null });
    try {
      const { pending } = await invoke('identity.dismiss', { id });
      set({ pendingIdentity: pending, identityBusy: null });
      return true;
    } catch (err) {
      set({ identityBusy: null, identityError: { id, message: failure(err).message } });
      return false;
    }
  },

  async loadBackups() {
    try {
      const backups = await invoke('backups.list');
      set({ backups, backupsError: null });
    } catch (err) {
      set({ backupsError: failure(err).message });
    }
  },

  async stageRestore(name) {
    if (get().staging) return undefined;
    set({ staging: name, restoreError: null });
    try {
      const staged = await invoke('backups.restore', { name });
      set({ staged, staging: null });
      // The engine reports the pending restore among its notices: pick that up for the rest of the shell.
      void useSettings.getState().loadStatus();
      return staged;
    } catch (err) {
      set({ staging: null, restoreError: { name, message: failure(err).message } });
      return undefined;
    }
  },
}));

/** An engine error is shown in place, so its toast goes. Anything else (the browser refusing the save…) too. */
function failure(err: unknown): Failure {
  if (err instanceof ApiError) {
    quietToast(err);
    return { code: err.code, message: err.message };
  }
  return { code: 'INTERNAL', message: err instanceof Error ? err.message : String(err) };
}

function readText(file: File, onProgress: (loaded: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (e) => onProgress(e.loaded);
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('the browser could not read it'));
    reader.readAsText(file, 'utf-8');
  });
}
