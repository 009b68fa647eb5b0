// Files waiting to be sent with the next message of each chat (issue 29 §1). A file is uploaded and read
// by the engine as soon as it is attached (attachments.add), so a PDF's text is extracted while the person
// goes on typing: the upload is a promise, the composer never waits on it. A chip shows each file's state:
// reading, ready (with a preview), or refused (with the engine's words, said near the composer).
import { create } from 'zustand';
import type { AttachmentAdded, AttachmentRefInput } from '../../../../shared/attachments';
import { MAX_ATTACHMENT_BYTES, MAX_MESSAGE_ATTACHMENTS } from '../../../../shared/attachment-limits';
import { ApiError, invoke } from '../../lib/api';
import { quietToast } from './quiet-toast';

export interface PendingFile {
  key: string;
  name: string;
  size: number;
  state: 'reading' | 'ready' | 'refused';
  added: AttachmentAdded | null;
  error: string | null;
  /** Images: an object URL for the thumbnail, revoked when the chip goes. */
  thumb: string | null;
}

interface AttachState {
  pending: Record<string, PendingFile[]>;
  add(sessionId: string, files: readonly File[]): void;
  remove(sessionId: string, key: string): void;
  /** After a send: the chips go (their files now belong to the message). */
  clear(sessionId: string): void;
}

let seq = 0;

/** The file's bytes as base64, read by the browser off the main thread (FileReader), not in a JS loop. */
function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const useAttachments = create<AttachState>((set, get) => {
  function patch(sessionId: string, key: string, change: Partial<PendingFile>): void {
    set((s) => ({ pending: { ...s.pending, [sessionId]: (s.pending[sessionId] ?? []).map((f) => (f.key === key ? { ...f, ...change } : f)) } }));
  }

  async function upload(sessionId: string, key: string, file: File): Promise<void> {
    try {
      const data = await base64Of(file);
      const added = await invoke('attachments.add', { name: file.name || 'pasted file', mime: file.type || undefined, data });
      patch(sessionId, key, { state: 'ready', added });
    } catch (err) {
      if (err instanceof ApiError) quietToast(err); // said on the chip, by the composer
      patch(sessionId, key, { state: 'refused', error: err instanceof Error ? err.message : String(err) });
    }
  }

  return {
    pending: {},

    add(sessionId, files) {
      const have = get().pending[sessionId] ?? [];
      const room = Math.max(0, MAX_MESSAGE_ATTACHMENTS - have.filter((f) => f.state !== 'refused').length);
      const incoming: PendingFile[] = files.map((file, i) => {
        const key = `f${++seq}`;
        const name = file.name || 'pasted file';
        // Refused here what the engine would refuse anyway, without sending megabytes first.
        const error =
          i >= room
            ? `A message can carry at most ${MAX_MESSAGE_ATTACHMENTS} files; send ${name} in the next one.`
            : file.size > MAX_ATTACHMENT_BYTES
              ? `${name} is ${megabytes(file.size)}; a file can be at most ${megabytes(MAX_ATTACHMENT_BYTES)}. Attach a smaller file or the part that matters.`
              : null;
        const thumb = !error && file.type.startsWith('image/') ? URL.createObjectURL(file) : null;
        return { key, name, size: file.size, state: error ? 'refused' : 'reading', added: null, error, thumb };
      });
      set((s) => ({ pending: { ...s.pending, [sessionId]: [...(s.pending[sessionId] ?? []), ...incoming] } }));
      incoming.forEach((p, i) => {
        if (p.state === 'reading') void upload(sessionId, p.key, files[i]);
      });
    },

    remove(sessionId, key) {
      const gone = (get().pending[sessionId] ?? []).find((f) => f.key === key);
      if (gone?.thumb) URL.revokeObjectURL(gone.thumb);
      set((s) => ({ pending: { ...s.pending, [sessionId]: (s.pending[sessionId] ?? []).filter((f) => f.key !== key) } }));
    },

    clear(sessionId) {
      for (const f of get().pending[sessionId] ?? []) if (f.thumb) URL.revokeObjectURL(f.thumb);
      set((s) => {
        const { [sessionId]: _sent, ...rest } = s.pending;
        return { pending: rest };
      });
    },
  };
});

/** The files ready to go with a message; a chip still reading or refused holds the send back. */
export function readyRefs(files: readonly PendingFile[]): AttachmentRefInput[] {
  return files.flatMap((f) => (f.state === 'ready' && f.added ? [{ id: f.added.id, name: f.name }] : []));
}
