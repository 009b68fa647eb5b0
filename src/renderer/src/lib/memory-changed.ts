// "Memory changed here": said after a forget or an undo in this window, so every tab showing memory
// (facts, the graph, laws, history) re-reads now instead of at its next poll. The engine pushes no
// event for these; the window that made the change knows.
const listeners = new Set<() => void>();

export function notifyMemoryChanged(): void {
  for (const l of [...listeners]) l();
}

export function onMemoryChanged(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
