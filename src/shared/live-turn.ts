// A turn still being written, as the chat shows it: the assistant messages streamed so far (drafts) and
// their tool calls. Built from the chat.* events, by the renderer for what it sees stream, and by the
// engine for a window that opens while a turn runs (a reload, a second window: `chat.live`), so a
// reply being written, its Stop button and a tool call waiting for "Allow once" are never lost from view.
// Pure functions over plain data, shared by both sides so they cannot drift apart.
// The events' shapes are spelled out here rather than imported from contract.ts, which imports this file.
/** A `chat.delta` event: streamed text of one assistant message. */
export interface LiveDeltaEvent {
  turnId: string;
  messageId: string;
  text: string;
}

/** A `chat.tool` event: a tool call of one assistant message started or finished. */
export interface LiveToolEvent {
  turnId: string;
  messageId: string;
  callId: string;
  name: string;
  state: LiveToolState;
}

export type LiveToolState = 'running' | 'done' | 'error';

export interface LiveTool {
  callId: string;
  name: string;
  state: LiveToolState;
}

/** An assistant message still being streamed (it is persisted with the same id when the turn ends). */
export interface LiveDraft {
  id: string;
  content: string;
  tools: LiveTool[];
}

export interface LiveTurn {
  /** null until the engine's `started` event names the turn. */
  turnId: string | null;
  drafts: LiveDraft[];
}

function upsertDraft(drafts: LiveDraft[], id: string, change: (d: LiveDraft) => LiveDraft): LiveDraft[] {
  const i = drafts.findIndex((d) => d.id === id);
  if (i < 0) return [...drafts, change({ id, content: '', tools: [] })];
  return drafts.map((d, j) => (j === i ? change(d) : d));
}

/** Streamed text appended to its draft. */
export function withDelta(turn: LiveTurn | undefined, d: LiveDeltaEvent): LiveTurn {
  const base = turn ?? { turnId: d.turnId, drafts: [] };
  return { turnId: d.turnId, drafts: upsertDraft(base.drafts, d.messageId, (draft) => ({ ...draft, content: draft.content + d.text })) };
}

/** A tool call started or finished in its draft. */
export function withTool(turn: LiveTurn | undefined, e: LiveToolEvent): LiveTurn {
  const base = turn ?? { turnId: e.turnId, drafts: [] };
  const drafts = upsertDraft(base.drafts, e.messageId, (draft) => {
    const tool: LiveTool = { callId: e.callId, name: e.name, state: e.state };
    const i = draft.tools.findIndex((t) => t.callId === e.callId);
    return { ...draft, tools: i < 0 ? [...draft.tools, tool] : draft.tools.map((t, j) => (j === i ? tool : t)) };
  });
  return { turnId: e.turnId, drafts };
}

/** A draft that has been stored as a message leaves the turn (the message takes its place). */
export function withoutDraft(turn: LiveTurn, messageId: string): LiveTurn {
  return turn.drafts.some((d) => d.id === messageId) ? { ...turn, drafts: turn.drafts.filter((d) => d.id !== messageId) } : turn;
}

/**
 * A window's own view of a turn (from the events it received) joined with the engine's (`chat.live`).
 * The two overlap in time and arrive by different roads, so neither is simply newer: each draft keeps the
 * longer text (both are the same stream, one may have started later or stopped earlier), and each tool
 * call the state furthest along (running → done / error).
 */
export function mergeLive(mine: LiveTurn | undefined, engine: LiveTurn): LiveTurn {
  if (!mine || mine.turnId !== engine.turnId) return engine;
  const drafts = [...engine.drafts.map((e) => {
    const m = mine.drafts.find((d) => d.id === e.id);
    if (!m) return e;
    const tools = [...e.tools];
    for (const t of m.tools) {
      const i = tools.findIndex((x) => x.callId === t.callId);
      if (i < 0) tools.push(t);
      else if (tools[i].state === 'running') tools[i] = t;
    }
    return { id: e.id, content: m.content.length > e.content.length ? m.content : e.content, tools };
  }), ...mine.drafts.filter((m) => !engine.drafts.some((e) => e.id === m.id))];
  return { turnId: engine.turnId, drafts };
}
