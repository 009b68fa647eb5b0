// Attachments (issue 29 §1): files a person sends with a message. Their bytes live in the home under
// attachments/<sha256> (content-addressed: the same file attached twice is stored once); what the engine
// extracted from them (the text of a text file or a PDF) lives in app.sqlite beside the message that
// carries them. This file holds the shapes that cross the contract and the limits both sides check.
import { z } from 'zod';
import { IMAGE_MIME_TYPES, MAX_ATTACHMENT_BYTES, MAX_IMAGE_BYTES, MAX_MESSAGE_ATTACHMENTS, MAX_MESSAGE_ATTACHMENT_BYTES, MAX_PDF_PAGES, MAX_EXTRACTED_CHARS, MAX_ATTACHMENT_BASE64, type AttachmentKind, type ImageMime } from './attachment-limits';
export { IMAGE_MIME_TYPES, MAX_ATTACHMENT_BYTES, MAX_IMAGE_BYTES, MAX_MESSAGE_ATTACHMENTS, MAX_MESSAGE_ATTACHMENT_BYTES, MAX_PDF_PAGES, MAX_EXTRACTED_CHARS, MAX_ATTACHMENT_BASE64, type AttachmentKind, type ImageMime };

/** A sha256 in hex: an attachment's id and its file name. */
export const attachmentId = z.string().regex(/^[0-9a-f]{64}$/, 'an attachment id');
/** A file name as the person's system gave it; shown, never used as a path. */
export const attachmentName = z.string().trim().min(1).max(255);

/** A file attached to a message, as a sent message or a pending chip shows it. */
export interface AttachmentRef {
  id: string;
  name: string;
  kind: AttachmentKind;
  mime: string;
  size: number;
  /** PDFs: how many pages. */
  pages: number | null;
  /** Characters of text extracted (0 for an image). */
  chars: number;
}

/** What `attachments.add` answers: the stored file and the start of its text, for the chip's preview. */
export interface AttachmentAdded extends AttachmentRef {
  /** The first lines of the text (text files and PDFs); empty for images. */
  preview: string;
  /** The text was longer than MAX_EXTRACTED_CHARS and was cut there. */
  truncated: boolean;
}

/** The preview dialog of a sent attachment: its text (up to a bound), or the image as a data URL. */
export interface AttachmentPreview extends AttachmentRef {
  text: string;
  /** More text exists than `text` holds. */
  more: boolean;
  /** Images only. */
  dataUrl: string | null;
}

/** A message's attachments as `chat.send` takes them: the id from `attachments.add` and the name to show. */
export const attachmentRefInput = z.object({ id: attachmentId, name: attachmentName }).strict();
export type AttachmentRefInput = z.infer<typeof attachmentRefInput>;
