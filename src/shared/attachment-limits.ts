// What a file attached to a message may be, and the limits both sides check (attachments.ts has the
// schemas). A module of its own, with no zod, so the composer (on the renderer's first screen) can check a
// file before sending it without loading the schema library.

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
