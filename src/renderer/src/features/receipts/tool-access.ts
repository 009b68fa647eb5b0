// "memory · read", "memory · saved", "memory · pending approval": whether a tool call read memory or
// wrote it, and what became of the write. Read from the call's own arguments; a write's outcome from
// its result, whose first words the memory tool and the remember gate write; the state and its words
// both come from the one labelling function (shared/memory-label.ts), so a write waiting in the Inbox
// is never shown as saved.
import { memoryLabel, memoryToolState, type MemoryState, type MemoryTone } from '../../../../shared/memory-label';
import type { ToolView } from '../chat/rows';

/** Tools that only read memory. */
const READ_TOOLS = new Set(['memory_search', 'graph_explore', 'graph_node']);
const WRITE_ACTIONS = new Set(['record', 'update', 'delete']);

export type ToolAccess = 'read' | 'saved' | 'not-saved' | 'known' | 'writing' | 'pending' | null;

const ACCESS_OF: Record<MemoryState['kind'], Exclude<ToolAccess, null>> = {
  read: 'read',
  saved: 'saved',
  refused: 'not-saved',
  known: 'known',
  writing: 'writing',
  pending: 'pending',
};

/** The state a memory tool call is in, or null for a tool that does not touch memory. */
export function toolMemoryState(tool: ToolView): MemoryState | null {
  if (READ_TOOLS.has(tool.name)) return tool.state === 'done' ? { kind: 'read' } : null;
  if (tool.name !== 'memory') return null;
  const action = (tool.args as { action?: unknown } | undefined)?.action;
  if (typeof action !== 'string' || !WRITE_ACTIONS.has(action)) return tool.state === 'done' ? { kind: 'read' } : null;
  if (tool.state === 'running') return { kind: 'writing' };
  if (tool.state !== 'done') return { kind: 'refused', reason: tool.error ?? null };
  return memoryToolState(tool.result ?? '');
}

export function toolAccess(tool: ToolView): ToolAccess {
  const state = toolMemoryState(tool);
  return state ? ACCESS_OF[state.kind] : null;
}

/** The chip's words and colour for a memory tool call. */
export function toolChip(tool: ToolView): { text: string; tone: MemoryTone } | null {
  const state = toolMemoryState(tool);
  if (!state) return null;
  const label = memoryLabel({ state });
  return { text: label.chip!, tone: label.tone };
}
