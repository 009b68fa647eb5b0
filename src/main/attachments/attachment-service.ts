// Attachments as the contract and the chat use them (issue 29 §1): a file arrives (base64, see
// shared/contract-attachments.ts for why), is judged by its bytes, has its text extracted (a PDF in a
// worker thread) and is stored once under its hash; a message then names it by id. Before a message is
// stored, its files are checked together: each exists, the message's total stays within its limit, and an
// image goes only to a model that can see it.
import {
  type AttachmentAdded,
  type AttachmentPreview,
  type AttachmentRefInput,
  MAX_EXTRACTED_CHARS,
  MAX_MESSAGE_ATTACHMENT_BYTES,
  MAX_MESSAGE_ATTACHMENTS,
} from '../../shared/attachments';
import type { ProviderKind } from '../../shared/config';
import { MonadError } from '../../shared/errors';
import { seesImages } from '../llm/sees-images';
import { type AttachmentStore, type LinkedAttachment, refOf, sha256 } from './attachment-store';
import { fileKind, mb } from './file-kind';
import { extractPdfText } from './pdf-text';
import { type ArchiveAttachment, fromArchive, toArchive } from './attachment-archive';

/** How long a file attached but not sent is kept: long enough for a draft left overnight. */
export const UNSENT_KEPT_MS = 24 * 60 * 60 * 1000;
/** The start of a file's text on its chip: a few lines. */
const PREVIEW_CHARS = 400;
const PREVIEW_LINES = 6;
/** The preview dialog's text: enough to read a document's opening pages without shipping a whole book. */
const PREVIEW_DIALOG_CHARS = 20_000;

/** The chat model a message is about to be sent to. */
export interface TargetModel {
  kind: ProviderKind;
  model: string;
  providerName: string;
}

export class AttachmentService {
  constructor(private readonly store: AttachmentStore) {}

  /** Stores a file the person attached and returns its chip. The same bytes again cost no second extraction. */
  async add(name: string, base64: string): Promise<AttachmentAdded> {
    const bytes = Buffer.from(base64, 'base64');
    if (!bytes.length) throw new MonadError('BAD_INPUT', `${name} is empty. Attach a file with something in it.`, { reason: 'empty' });
    const known = this.store.get(sha256(bytes));
    if (known) return added(known, name);
    const kind = fileKind(name, bytes);
    if (kind.kind === 'pdf') {
      const pdf = await extractPdfText(name, bytes);
      if (!pdf.text.trim()) {
        throw new MonadError('BAD_INPUT', `${name} has no text Monad can read (its pages may be scanned images). Attach a PDF with text, or the pages as images for a model that can see.`, {
          reason: 'pdf-no-text',
        });
      }
      return added(this.store.put(bytes, { kind: 'pdf', mime: kind.mime, pages: pdf.pages, text: pdf.text, truncated: pdf.truncated }), name);
    }
    const text = kind.text ?? '';
    const truncated = text.length > MAX_EXTRACTED_CHARS;
    return added(this.store.put(bytes, { kind: kind.kind, mime: kind.mime, pages: null, text: truncated ? text.slice(0, MAX_EXTRACTED_CHARS) : text, truncated }), name);
  }

  preview(id: string, name: string): AttachmentPreview {
    const a = this.store.get(id);
    if (!a) throw new MonadError('NOT_FOUND', `${name} is no longer stored in this home.`);
    const dataUrl = a.kind === 'image' ? `data:${a.mime};base64,${this.store.bytes(id).toString('base64')}` : null;
    return { ...refOf(a, name), text: a.text.slice(0, PREVIEW_DIALOG_CHARS), more: a.text.length > PREVIEW_DIALOG_CHARS, dataUrl };
  }

  /**
   * Checks a message's files before anything is stored: each was added, together they are within the
   * message's limits, and images go only to a model that can see them (said plainly, with what to do).
   */
  checkSend(files: readonly AttachmentRefInput[], target: TargetModel): void {
    if (files.length > MAX_MESSAGE_ATTACHMENTS) throw new MonadError('PAYLOAD_TOO_LARGE', `A message can carry at most ${MAX_MESSAGE_ATTACHMENTS} files; remove ${files.length - MAX_MESSAGE_ATTACHMENTS}.`);
    let total = 0;
    for (const f of files) {
      const a = this.store.get(f.id);
      if (!a) throw new MonadError('NOT_FOUND', `${f.name} was not uploaded (or was removed). Attach it again.`);
      total += a.size;
      if (a.kind === 'image' && !seesImages(target.kind, target.model)) {
        throw new MonadError(
          'BAD_INPUT',
          `${target.model} (${target.providerName}) cannot see images, so ${f.name} would not reach it. Remove the image, or choose a model that can see images for this chat.`,
          { reason: 'model-cannot-see-images', model: target.model },
        );
      }
    }
    if (total > MAX_MESSAGE_ATTACHMENT_BYTES) {
      throw new MonadError('PAYLOAD_TOO_LARGE', `These files come to ${mb(total)}; one message can carry at most ${mb(MAX_MESSAGE_ATTACHMENT_BYTES)}. Send some of them in another message.`, {
        reason: 'message-too-large',
      });
    }
  }

  files(messageIds: string[]): Map<string, LinkedAttachment[]> {
    return this.store.forMessages(messageIds);
  }

  imageBytes(id: string): Uint8Array {
    return this.store.bytes(id);
  }

  /** At start: files attached more than a day ago and never sent leave the home (a draft waits a day). */
  sweepUnsent(now: Date): number {
    return this.store.sweepUnsent(new Date(now.getTime() - UNSENT_KEPT_MS));
  }

  /** Deleting a chat: its files, read before it goes, are removed afterwards when nothing else carries them. */
  async withSessionFiles<T>(sessionId: string, remove: () => Promise<T>): Promise<T> {
    const ids = this.store.idsInSession(sessionId);
    const result = await remove();
    this.store.dropUnlinked(ids);
    return result;
  }

  /** Export: each message's files with their bytes (attachment-archive.ts). */
  archiveOf(messageIds: string[]): Map<string, ArchiveAttachment[]> {
    const out = new Map<string, ArchiveAttachment[]>();
    for (const [id, files] of this.store.forMessages(messageIds)) out.set(id, toArchive(this.store, files));
    return out;
  }

  /** Import: stores an archived file (checked as attachment-archive.ts says) and returns its id. */
  fromArchive(a: ArchiveAttachment, cleanText: (text: string) => string): string {
    return fromArchive(this.store, a, cleanText);
  }

  seesImages(target: Pick<TargetModel, 'kind' | 'model'>): boolean {
    return seesImages(target.kind, target.model);
  }
}

function added(a: Parameters<typeof refOf>[0], name: string): AttachmentAdded {
  const lines = a.text.split('\n').slice(0, PREVIEW_LINES).join('\n');
  return { ...refOf(a, name), preview: lines.slice(0, PREVIEW_CHARS), truncated: a.truncated };
}
