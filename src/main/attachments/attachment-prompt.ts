// A user message with attachments as the model reads it (issue 29 §1). The person's own words come first;
// each file follows as one quoted-data block (llm/spotlight.ts) that names the file, so a document that
// says "ignore your instructions" is read as something the document says, never as the person asking.
// A long document is cut to the passages its message asks about (passages.ts); an image becomes the AI SDK's
// image part for a model that can see, and a plain note for one that cannot (a chat whose model changed
// after the image was sent: `chat.send` refuses a new image for such a model before anything is stored).
// What each block held is returned for the turn's receipt, so "What the model saw" shows exactly that.
import type { ImagePart, TextPart } from 'ai';
import { RECEIPT_ATTACHMENT_TEXT_MAX, type AttachmentSent } from '../../shared/receipt';
import { dataBlock } from '../llm/spotlight';
import type { LinkedAttachment } from './attachment-store';
import { selectPassages } from './passages';

/**
 * Characters of attachment text one message may put in a prompt (about 8,000 tokens): enough for a long
 * article whole, small enough to leave a local model's context for the chat itself. Shared by the files of
 * one message, each taking an equal part.
 */
export const ATTACHMENT_BUDGET_CHARS = 32_000;
export const ATTACHMENT_SOURCE = 'attachment';

export interface PromptFiles {
  content: (TextPart | ImagePart)[];
  sent: AttachmentSent[];
}

export interface PromptFileOptions {
  seesImages: boolean;
  imageBytes: (id: string) => Uint8Array;
  budget?: number;
}

/** The header line of a file's block: its name and what it is, inside the quoted data. */
function header(file: LinkedAttachment): string {
  const what = file.kind === 'pdf' ? `PDF, ${file.pages ?? '?'} pages` : file.mime;
  return `Attached file: ${file.name} (${what})`;
}

export function promptWithFiles(userText: string, files: readonly LinkedAttachment[], opts: PromptFileOptions): PromptFiles {
  const texts = files.filter((f) => f.kind !== 'image');
  const share = Math.floor((opts.budget ?? ATTACHMENT_BUDGET_CHARS) / Math.max(1, texts.length));
  const blocks: string[] = [];
  const images: ImagePart[] = [];
  const sent: AttachmentSent[] = [];
  for (const file of files) {
    if (file.kind === 'image') {
      if (opts.seesImages) {
        images.push({ type: 'image', image: opts.imageBytes(file.id), mediaType: file.mime });
        sent.push({ name: file.name, kind: 'image', mode: 'image', sentChars: 0, totalChars: 0, text: '' });
      } else {
        const note = `Attached image: ${file.name} (not shown: the model answering now cannot see images)`;
        blocks.push(dataBlock(ATTACHMENT_SOURCE, note));
        sent.push({ name: file.name, kind: 'image', mode: 'omitted', sentChars: 0, totalChars: 0, text: note });
      }
      continue;
    }
    const sel = selectPassages(file.text, userText, share, file.kind === 'pdf');
    const lines = [header(file)];
    if (sel.mode === 'parts') {
      lines.push(`Only parts of it are quoted here: ${sel.passages.length} passages (${sel.sentChars} of ${file.text.length} characters) chosen by search for the message above; "[…]" marks what was left out.`);
    }
    const body = sel.mode === 'whole' ? (sel.passages[0]?.text ?? '') : sel.passages.map((p) => (p.page === null ? p.text : `[page ${p.page}]\n${p.text}`)).join('\n[…]\n');
    const text = `${lines.join('\n')}\n\n${body}`;
    blocks.push(dataBlock(ATTACHMENT_SOURCE, text));
    sent.push({ name: file.name, kind: file.kind, mode: sel.mode, sentChars: sel.sentChars, totalChars: file.text.length, text: text.slice(0, RECEIPT_ATTACHMENT_TEXT_MAX) });
  }
  const textPart: TextPart = { type: 'text', text: blocks.length ? `${userText}\n\n${blocks.join('\n\n')}` : userText };
  return { content: [textPart, ...images], sent };
}
