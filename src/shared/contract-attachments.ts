// The contract's channels for attachments (issue 29 §1). Joined into `contract` in contract.ts.
//
// How bytes travel: one `attachments.add` call per file, the bytes base64-encoded in the JSON input. The
// same contract serves Electron IPC and `monad serve`'s HTTP, and JSON is what both carry; a separate
// upload route (multipart, a stream) would exist on one host only and need its own auth and limits.
// Base64 costs a third more bytes, which the per-file limit bounds (the HTTP host allows this channel a
// larger body for exactly that). The engine stores the file and extracts its text when it arrives, so the
// composer can show the chip (and a PDF's page count) while the person is still typing; `chat.send` then
// names the attachments by id. A file added but never sent stays only as its content-addressed file.
import { z } from 'zod';
import { type AttachmentAdded, type AttachmentPreview, MAX_ATTACHMENT_BASE64, attachmentId, attachmentName } from './attachments';
import { channel } from './contract-base';

export const attachmentChannels = {
  'attachments.add': channel<AttachmentAdded>()(
    z
      .object({
        name: attachmentName,
        /** The type the person's system reported; the engine trusts the bytes, this only helps name a refusal. */
        mime: z.string().max(200).optional(),
        data: z.string().max(MAX_ATTACHMENT_BASE64).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
      })
      .strict(),
  ),
  /** A stored attachment, for the preview dialog: its text (bounded) or, for an image, its bytes as a data URL. */
  'attachments.preview': channel<AttachmentPreview>()(z.object({ id: attachmentId, name: attachmentName }).strict()),
} as const;
