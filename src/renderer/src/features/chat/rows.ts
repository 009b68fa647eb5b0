// What the message list shows, one row per entry: stored messages (tool results folded into the call
// that asked for them), command notes in time order, the reply being streamed, and a "thinking" row.
import type { Message, WrittenBy } from '../../../../shared/domain';
import type { CommandNote, LiveDraft, LiveTurn } from './store';

export type ToolViewState = 'running' | 'done' | 'error' | 'stopped';

export interface ToolView {
  callId: string;
  name: string;
  state: ToolViewState;
  args?: unknown;
  result?: string;
  error?: string | null;
}

export type Row =
  | {
      kind: 'message';
      key: string;
      message: Message;
      tools: ToolView[];
      /** Follows another assistant message of the same reply: no second author line. */
      continued: boolean;
      /** The last reply, which Regenerate / Retry act on. */
      isLastReply: boolean;
      /** On a reply's first row: the model that wrote it, from the first of its messages a model wrote. */
      model?: WrittenBy;
    }
  | { kind: 'live'; key: string; draft: LiveDraft; continued: boolean }
  | { kind: 'thinking'; key: 'thinking' }
  | { kind: 'note'; key: string; note: CommandNote };

type MessageRow = Extract<Row, { kind: 'message' }>;

/** Shared by every message without tool calls, so memoised rows see the same array each time. */
const NO_TOOLS: ToolView[] = [];

/** The marker a failed turn leaves: an assistant message with an error and nothing else. */
export function isErrorMarker(m: Message): boolean {
  return m.role === 'assistant' && m.error !== null && m.content === '' && !m.toolCalls?.length;
}

export function buildRows(messages: Message[], notes: CommandNote[], live: LiveTurn | undefined): Row[] {
  const results = new Map<string, Message>();
  for (const m of messages) if (m.role === 'tool' && m.toolCallId) results.set(m.toolCallId, m);
  const shown = messages.filter((m) => m.role !== 'tool');
  const lastId = shown.at(-1)?.role === 'assistant' && !live ? shown.at(-1)!.id : null;

  const rows: Row[] = [];
  let prevRole: string | null = null;
  let head: MessageRow | null = null;
  let n = 0;
  for (const m of shown) {
    // Notes sit where they were made, between the messages around them in time.
    while (n < notes.length && notes[n].createdAt < m.createdAt) {
      rows.push({ kind: 'note', key: notes[n].id, note: notes[n] });
      prevRole = null;
      n++;
    }
    const tools: ToolView[] = !m.toolCalls?.length ? NO_TOOLS : m.toolCalls.map((call) => {
      const result = results.get(call.id);
      const state: ToolViewState = !result ? 'stopped' : result.error ? 'error' : 'done';
      return { callId: call.id, name: call.name, state, args: call.args, result: result?.content, error: result?.error ?? null };
    });
    const row: MessageRow = { kind: 'message', key: m.id, message: m, tools, continued: prevRole === 'assistant' && m.role === 'assistant', isLastReply: m.id === lastId };
    rows.push(row);
    // A reply's author line names its model; a line captured from the person's words (no-tools) can come
    // first in the reply and was written by no model, so the first message that has one names it.
    if (m.role === 'assistant' && !row.continued) head = row;
    if (m.role !== 'assistant') head = null;
    if (head && !head.model && m.writtenBy) head.model = m.writtenBy;
    prevRole = m.role;
  }
  const stored = new Set(messages.map((m) => m.id));
  const liveNotes = notes.slice(n);
  if (live) {
    let visible = 0;
    for (const draft of live.drafts) {
      if (stored.has(draft.id) || (draft.content === '' && draft.tools.length === 0)) continue;
      rows.push({ kind: 'live', key: draft.id, draft, continued: prevRole === 'assistant' });
      prevRole = 'assistant';
      visible++;
    }
    const last = live.drafts.at(-1);
    // Before the first token, and while a tool runs before the next step's text.
    if (visible === 0 || (last && last.content === '' && last.tools.every((t) => t.state !== 'running'))) rows.push({ kind: 'thinking', key: 'thinking' });
  }
  for (const note of liveNotes) rows.push({ kind: 'note', key: note.id, note });
  return rows;
}

/** The row that shows a message: a tool result is shown inside the call that asked for it. */
export function rowIndexOf(rows: Row[], messages: Message[], messageId: string): number {
  const direct = rows.findIndex((r) => r.key === messageId);
  if (direct >= 0) return direct;
  const tool = messages.find((m) => m.id === messageId);
  if (!tool?.toolCallId) return -1;
  return rows.findIndex((r) => r.kind === 'message' && r.tools.some((t) => t.callId === tool.toolCallId));
}

/** A first guess at a row's height before it is measured; close guesses keep the scrollbar steady. */
export function estimateRowHeight(row: Row): number {
  switch (row.kind) {
    case 'thinking':
      return 44;
    case 'note':
      return 120;
    case 'live':
      return 60 + Math.ceil(row.draft.content.length / 90) * 24;
    case 'message': {
      const text = row.message.content;
      const lines = text.split('\n').length + Math.ceil(text.length / 90);
      return Math.min(3000, (row.continued ? 24 : 52) + lines * 22 + row.tools.length * 34 + (row.message.error ? 40 : 0));
    }
  }
}
