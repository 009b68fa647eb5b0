// A chat in which only slash commands ran (/why, /consolidate, …) holds nothing: their output is shown,
// never stored. Once the person leaves such a chat, it is deleted, so trying a command in a fresh chat
// does not leave an empty "New chat" behind in the sidebar (issue 17).
import { attempt, invoke } from '../../lib/api';
import { findSession, useSessions } from '../sessions/store';
import { useChat } from './store';

const DEFAULT_TITLE = 'New chat';

export function startCommandOnlyCleanup(): () => void {
  return useSessions.subscribe((state, prev) => {
    if (state.selectedId === prev.selectedId || !prev.selectedId) return;
    void dropIfCommandOnly(prev.selectedId);
  });
}

async function dropIfCommandOnly(sessionId: string): Promise<void> {
  if (!useChat.getState().notes[sessionId]?.length) return;
  const session = findSession(useSessions.getState().byAgent, sessionId);
  // Only an untouched chat: a title, a folder or incognito the person set are theirs to keep.
  if (!session || session.title !== DEFAULT_TITLE || session.workspace || session.incognito) return;
  const page = await attempt(() => invoke('messages.list', { sessionId, limit: 1 }));
  if (!page || page.items.length > 0 || useChat.getState().live[sessionId]) return;
  await useSessions.getState().remove(sessionId);
}
