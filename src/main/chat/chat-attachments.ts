// What the chat needs of attachments (issue 29 §1), and how a turn's history gets them: every user message
// that carries files is rebuilt with them (attachments/attachment-prompt.ts), the same way on every turn,
// so the prompt a provider cached stays byte-identical; the current message's record of what was sent
// goes on the turn's receipt.
import type { UserContent } from 'ai';
import type { Message } from '../../shared/conversation';
import type { AttachmentSent } from '../../shared/receipt';
import { promptWithFiles } from '../attachments/attachment-prompt';
import type { AttachmentService } from '../attachments/attachment-service';
import type { ResolvedModel } from '../llm/roles';

export type ChatAttachments = Pick<AttachmentService, 'checkSend' | 'files' | 'imageBytes' | 'seesImages'>;

export function turnFiles(
  attachments: ChatAttachments,
  messages: Message[],
  resolved: ResolvedModel,
  currentId: string,
): { contentOf: (m: Message) => UserContent | undefined; sent: AttachmentSent[]; current: { name: string; text: string }[] } {
  const ids = messages.filter((m) => m.role === 'user' && m.attachments?.length).map((m) => m.id);
  if (!ids.length) return { contentOf: () => undefined, sent: [], current: [] };
  const files = attachments.files(ids);
  const seesImages = attachments.seesImages({ kind: resolved.provider.kind, model: resolved.model });
  const built = new Map<string, ReturnType<typeof promptWithFiles>>();
  for (const m of messages) {
    const list = files.get(m.id);
    if (list?.length) built.set(m.id, promptWithFiles(m.content, list, { seesImages, imageBytes: (id) => attachments.imageBytes(id) }));
  }
  // The current message's files, for the tools: a fact taken from one is attributed to it.
  const current = (files.get(currentId) ?? []).filter((f) => f.kind !== 'image').map((f) => ({ name: f.name, text: f.text }));
  return { contentOf: (m) => built.get(m.id)?.content, sent: built.get(currentId)?.sent ?? [], current };
}

