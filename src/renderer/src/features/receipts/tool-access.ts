// "memory · read" or "memory · saved": whether a tool call read memory or wrote it, and whether the write
// took. Read from the call's own arguments; a write's outcome from the first words of its result, which
// the memory tool writes (main/memory/facts/memory-tool.ts: describeWrite and the refusals around it).
import type { ToolView } from '../chat/rows';

/** Tools that only read memory. */
const READ_TOOLS = new Set(['memory_search', 'graph_explore', 'graph_node']);
const WRITE_ACTIONS = new Set(['record', 'update', 'delete']);
/** First words of a memory-tool result that saved nothing. */
const NOT_SAVED = /^(Not saved|Nothing saved|Nothing deleted|Rejected)/;
const KNOWN = /^Already known/;

export type ToolAccess = 'read' | 'saved' | 'not-saved' | 'known' | 'writing' | null;

export function toolAccess(tool: ToolView): ToolAccess {
  if (READ_TOOLS.has(tool.name)) return tool.state === 'done' ? 'read' : null;
  if (tool.name !== 'memory') return null;
  const action = (tool.args as { action?: unknown } | undefined)?.action;
  if (typeof action !== 'string' || !WRITE_ACTIONS.has(action)) return tool.state === 'done' ? 'read' : null;
  if (tool.state === 'running') return 'writing';
  if (tool.state !== 'done') return 'not-saved';
  const result = tool.result ?? '';
  return NOT_SAVED.test(result) ? 'not-saved' : KNOWN.test(result) ? 'known' : 'saved';
}

export const ACCESS_LABEL: Record<Exclude<ToolAccess, null>, string> = { read: 'read', saved: 'saved', 'not-saved': 'not saved', known: 'already known', writing: 'saving' };
