// Attachments in an export (issue 29 §1), in a backward-compatible way: a user message of a v2 archive may
// carry `attachments`, each the file's name and its bytes (base64, split into pieces the streaming reader
// takes: one JSON string may be at most MAX_MESSAGE_CHARS). Archives without them import as before.
//
// An archive is untrusted, so an import believes nothing it says about a file but its bytes: the hash is
// recomputed (a mismatch is refused), the kind is judged from the bytes again, a text file's text is
// decoded again. Only a PDF's text travels beside it, because extracting it runs in a worker and an import
// is one synchronous transaction; that text is bounded, cleaned like an imported message's text by the
// importer, and used only as quoted data (prompts) and for search, never as an instruction.
import { z } from 'zod';
import { MAX_ATTACHMENT_BYTES, MAX_EXTRACTED_CHARS, MAX_MESSAGE_ATTACHMENTS, MAX_PDF_PAGES, attachmentName } from '../../shared/attachments';
import { MonadError } from '../../shared/errors';
import type { AttachmentStore, LinkedAttachment } from './attachment-store';
import { sha256 } from './attachment-store';
import { fileKind } from './file-kind';

/** Pieces of a long string in the archive: well under the reader's one-string limit (1,000,000 chars). */
export const ARCHIVE_PIECE_CHARS = 500_000;

const pieces = (maxChars: number) => z.array(z.string().max(ARCHIVE_PIECE_CHARS)).max(Math.ceil(maxChars / ARCHIVE_PIECE_CHARS) + 1);

export const archiveAttachmentSchema = z.object({
  name: attachmentName,
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The bytes, base64, in pieces. */
  data: pieces(Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4),
  /** PDFs: the page count and the extracted text, in pieces. */
  pdf: z.object({ pages: z.number().int().min(1).max(MAX_PDF_PAGES), text: pieces(MAX_EXTRACTED_CHARS) }).optional(),
});
export type ArchiveAttachment = z.output<typeof archiveAttachmentSchema>;
export const archiveAttachmentsSchema = z.array(archiveAttachmentSchema).max(MAX_MESSAGE_ATTACHMENTS);

function split(s: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length; i += ARCHIVE_PIECE_CHARS) out.push(s.slice(i, i + ARCHIVE_PIECE_CHARS));
  return out;
}

export function toArchive(store: Pick<AttachmentStore, 'bytes'>, files: readonly LinkedAttachment[]): ArchiveAttachment[] {
  return files.map((f) => ({
    name: f.name,
    sha256: f.id,
    data: split(store.bytes(f.id).toString('base64')),
    ...(f.kind === 'pdf' ? { pdf: { pages: f.pages ?? 1, text: split(f.text) } } : {}),
  }));
}

/**
 * Stores an archived file in this home and returns its id, or throws a MonadError saying why it was
 * refused. `cleanText`: the importer's cleaning of a message text, applied to a PDF's carried text.
 */
export function fromArchive(store: AttachmentStore, a: ArchiveAttachment, cleanText: (text: string) => string): string {
  const bytes = Buffer.from(a.data.join(''), 'base64');
  if (sha256(bytes) !== a.sha256) throw new MonadError('BAD_INPUT', `${a.name}: its bytes do not match the hash the file gives`);
  const known = store.get(a.sha256);
  if (known) return known.id;
  const kind = fileKind(a.name, bytes);
  if (kind.kind === 'pdf') {
    if (!a.pdf) throw new MonadError('BAD_INPUT', `${a.name}: a PDF without its text`);
    const text = cleanText(a.pdf.text.join('').slice(0, MAX_EXTRACTED_CHARS));
    return store.put(bytes, { kind: 'pdf', mime: kind.mime, pages: a.pdf.pages, text, truncated: false }).id;
  }
  const text = (kind.text ?? '').slice(0, MAX_EXTRACTED_CHARS);
  return store.put(bytes, { kind: kind.kind, mime: kind.mime, pages: null, text, truncated: (kind.text ?? '').length > MAX_EXTRACTED_CHARS }).id;
}
