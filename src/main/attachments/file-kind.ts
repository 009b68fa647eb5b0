// What a file is, judged by its bytes (a name or a reported type can say anything): a PDF, one of the
// image types the AI SDK carries, or text (any UTF-8 or UTF-16 with a byte-order mark, with no NUL byte:
// plain text, code, Markdown, CSV, JSON…). Anything else is refused with a message that says what Monad
// reads. Text is decoded here once; the stored and prompted text is this decoded form.
import { type AttachmentKind, type ImageMime, MAX_ATTACHMENT_BYTES, MAX_IMAGE_BYTES } from '../../shared/attachments';
import { MonadError } from '../../shared/errors';

export interface FileKind {
  kind: AttachmentKind;
  mime: string;
  /** Text files: the decoded text. */
  text?: string;
}

export const READABLE_TYPES = 'text, code, Markdown, CSV, JSON, PDF or an image (PNG, JPEG, WebP, GIF)';

/** The mime a text file is shown with, by its extension; the bytes already proved it is text. */
const TEXT_MIMES: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  jsonl: 'application/jsonl',
  html: 'text/html',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
};

export function mb(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
}

export function fileKind(name: string, bytes: Uint8Array): FileKind {
  if (bytes.length > MAX_ATTACHMENT_BYTES) {
    throw new MonadError('PAYLOAD_TOO_LARGE', `${name} is ${mb(bytes.length)}; a file can be at most ${mb(MAX_ATTACHMENT_BYTES)}. Attach a smaller file or the part that matters.`, {
      reason: 'file-too-large',
    });
  }
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return { kind: 'pdf', mime: 'application/pdf' }; // %PDF-
  const image = imageMime(bytes);
  if (image) {
    if (bytes.length > MAX_IMAGE_BYTES) {
      throw new MonadError('PAYLOAD_TOO_LARGE', `${name} is ${mb(bytes.length)}; an image can be at most ${mb(MAX_IMAGE_BYTES)} (what model providers accept). Attach a smaller or resized image.`, {
        reason: 'image-too-large',
      });
    }
    return { kind: 'image', mime: image };
  }
  const text = decodeText(bytes);
  if (text === null) {
    throw new MonadError('BAD_INPUT', `${name} is not a file Monad can read. Attach ${READABLE_TYPES}.`, { reason: 'unsupported-type' });
  }
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1]?.toLowerCase() ?? '';
  return { kind: 'text', mime: TEXT_MIMES[ext] ?? 'text/plain', text };
}

function startsWith(bytes: Uint8Array, sig: number[], at = 0): boolean {
  if (bytes.length < at + sig.length) return false;
  return sig.every((b, i) => bytes[at + i] === b);
}

/** The image types by their signatures (PNG, JPEG, GIF87a/89a, RIFF…WEBP). */
function imageMime(bytes: Uint8Array): ImageMime | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return 'image/webp';
  return null;
}

/**
 * UTF-16 with its byte-order mark, or strict UTF-8 (a BOM is dropped). A NUL byte or an invalid sequence
 * means a binary file (an archive, a Word document, an executable): null.
 */
function decodeText(bytes: Uint8Array): string | null {
  try {
    if (startsWith(bytes, [0xff, 0xfe])) return noNul(new TextDecoder('utf-16le', { fatal: true }).decode(bytes.subarray(2)));
    if (startsWith(bytes, [0xfe, 0xff])) return noNul(new TextDecoder('utf-16be', { fatal: true }).decode(bytes.subarray(2)));
    if (bytes.includes(0)) return null;
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

function noNul(text: string): string | null {
  return text.includes('\u0000') ? null : text;
}
