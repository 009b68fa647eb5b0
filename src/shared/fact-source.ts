// A fact's source in words, the same in the Memory tab and the CLI: who wrote its current text and how.
import type { FactSource } from './facts';

/** How the label of a fact the agent wrote in a chat ends (the app puts a link to the chat there). */
export const IN_A_CHAT = ' in a chat';

export function factSourceLabel(s: FactSource): string {
  if (s.event === 'unknown') return 'Source unknown (kept since before Monad recorded sources)';
  // Added or changed in an editor, outside Monad: either way the person edited the file by hand.
  if (s.via === 'hand-edit') return 'Edited by hand in the file';
  const verb = s.event === 'edited' ? 'Edited' : s.event === 'merged' ? 'Merged' : 'Recorded';
  switch (s.actor) {
    case 'person': {
      const how = `${verb} by you${s.via === 'cli' ? ' with the CLI' : s.via === 'app' ? ' in the app' : s.via === 'import' ? ', accepting an import' : s.via === 'sync' ? ' on another device' : ''}`;
      // Approved or edited from a chat's words: the person's now, and still linked to where it was first said.
      return s.sessionId && s.via !== 'import' ? `${how}; first said${IN_A_CHAT}` : how;
    }
    case 'agent':
      // Who wrote it down; whose words they are is the origin's to say ("you said it").
      return `${verb} by the agent${s.stated ? ' from your message' : ''}${s.sessionId ? IN_A_CHAT : ''}`;
    case 'consolidation':
      return s.event === 'merged' ? 'Merged by consolidation' : `${verb} by consolidation`;
    case 'import':
      return `Imported${s.detail ? ` from ${s.detail}` : ''}`;
    case 'mcp':
      // The app's own name from MCP's initialize ("via Cursor (MCP)").
      return s.detail ? `${verb} via ${s.detail} (MCP)` : `${verb} by an app over MCP`;
    case 'extraction':
    case 'inference':
      return `${verb} by the memory model`;
    case 'system':
      return `${verb} by Monad`;
  }
}
