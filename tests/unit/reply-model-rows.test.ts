// The author line of a reply names its model (issue 29 §2). A reply can open with a line no model wrote
// (a "remember that …" captured from the person's words for a model without tools): the line still names
// the model, taken from the first message of the reply that has one, and the next reply names its own.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../src/shared/domain';
import { buildRows } from '../../src/renderer/src/features/chat/rows';

let n = 0;
function msg(role: Message['role'], writtenBy: Message['writtenBy'] = null): Message {
  n++;
  return { id: `m${n}`, sessionId: 's', role, content: `text ${n}`, origin: null, toolCalls: null, toolCallId: null, usage: null, error: null, createdAt: `2026-12-06T10:00:${String(n).padStart(2, '0')}Z`, writtenBy };
}

describe('the model on a reply’s author line', () => {
  it('comes from the first message of the reply a model wrote, per reply', () => {
    const mini = { provider: 'Ollama', model: 'llama3.2:3b' };
    const big = { provider: 'OpenAI', model: 'gpt-4.1' };
    const rows = buildRows([msg('user'), msg('assistant', null), msg('assistant', mini), msg('user'), msg('assistant', big)], [], undefined);
    const shown = rows.flatMap((r) => (r.kind === 'message' && r.message.role === 'assistant' ? [{ continued: r.continued, model: r.model ?? null }] : []));
    expect(shown).toEqual([
      { continued: false, model: mini },
      { continued: true, model: null },
      { continued: false, model: big },
    ]);
  });

  it('is absent for older replies that stored no model', () => {
    const rows = buildRows([msg('user'), msg('assistant')], [], undefined);
    expect(rows.filter((r) => r.kind === 'message').map((r) => (r.kind === 'message' ? r.model : 'x'))).toEqual([undefined, undefined]);
  });
});
