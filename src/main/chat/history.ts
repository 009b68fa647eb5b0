// Stored messages → the model's message list. Error markers and stopped fragments are the person's to
// see, not the model's to continue from, so they are left out.
import type { ModelMessage } from 'ai';
import type { Message } from '../../shared/domain';

/** Older turns beyond this are not sent; memory layers carry what matters across long sessions. */
export const MAX_HISTORY_MESSAGES = 200;

export function toModelMessages(messages: Message[]): ModelMessage[] {
  const usable = messages.filter((m) => !(m.role === 'assistant' && m.error !== null && m.content === '' && !m.toolCalls));
  const recent = usable.slice(-MAX_HISTORY_MESSAGES);
  // Never start on a tool result whose call was cut off.
  while (recent.length && recent[0].role === 'tool') recent.shift();
  const toolNames = new Map<string, string>();
  const out: ModelMessage[] = [];
  for (const m of recent) {
    switch (m.role) {
      case 'user':
        out.push({ role: 'user', content: m.content });
        break;
      case 'system':
        out.push({ role: 'system', content: m.content });
        break;
      case 'assistant': {
        if (!m.toolCalls?.length) {
          if (m.content) out.push({ role: 'assistant', content: m.content });
          break;
        }
        for (const c of m.toolCalls) toolNames.set(c.id, c.name);
        out.push({
          role: 'assistant',
          content: [
            ...(m.content ? [{ type: 'text' as const, text: m.content }] : []),
            ...m.toolCalls.map((c) => ({ type: 'tool-call' as const, toolCallId: c.id, toolName: c.name, input: c.args })),
          ],
        });
        break;
      }
      case 'tool': {
        if (!m.toolCallId) break;
        out.push({
          role: 'tool',
          content: [
            {
              type: 'tool-result',
              toolCallId: m.toolCallId,
              toolName: toolNames.get(m.toolCallId) ?? 'tool',
              output: m.error ? { type: 'error-text', value: m.error } : { type: 'text', value: m.content },
            },
          ],
        });
        break;
      }
    }
  }
  return out;
}
