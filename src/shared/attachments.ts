// Attachments (issue 29 §1): files a person sends with a message. Their bytes live in the home under
// attachments/<sha256> (content-addressed: the same file attached twice is stored once); what the engine
// extracted from them (the text of a text file or a PDF) lives in app.sqlite beside the message that
// carries them. This file holds the shapes that cross the contract and the limits both sides check.
import { z } from 'zod';

/** What Monad does with a file: reads it as text, extracts a PDF's text, or shows an image to a model that can see. */
export type AttachmentKind = 'text' | 'pdf' | 'image';

/** Image types the AI SDK's image parts carry to every provider Monad speaks to. */
export const IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type ImageMime = (typeof IMAGE_MIME_TYPES)[number];

/**
 * Limits, each with its reason. A file travels base64-encoded in one request (contract-attachments.ts), so
 * the per-file limit also bounds one request body; 10 MiB holds a long PDF or a photo from a phone.
 */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** Images: providers refuse larger ones (Anthropic's limit is 5 MB per image). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** One message: enough for a handful of documents, small enough that a turn's prompt stays buildable. */
export const MAX_MESSAGE_ATTACHMENTS = 10;
export const MAX_MESSAGE_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** A 1,000-page PDF is a book: its text would be chosen from by search anyway, and extracting it takes long. */
export const MAX_PDF_PAGES = 1000;
/** Extracted text kept per file (about 500 pages of prose); beyond it the text is cut and the view says so. */
export const MAX_EXTRACTED_CHARS = 2_000_000;
/** Base64 grows bytes by 4/3; the schema refuses a longer string before it is decoded. */
export const MAX_ATTACHMENT_BASE64 = Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4;

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
