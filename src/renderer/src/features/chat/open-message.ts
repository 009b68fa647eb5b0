// Consumes the shell's `{ kind: 'message' }` intent: show that message in its chat — the session's
// agent and the session selected, history loaded back to the message, scrolled to and highlighted.
import { attempt, invoke } from '../../lib/api';
import { useAgents } from '../agents/store';
import { findSession, useSessions } from '../sessions/store';
import { toast } from '../toasts/store';
import { useChat } from './store';

export async function openMessage(sessionId: string, messageId: string): Promise<void> {
  let session = findSession(useSessions.getState().byAgent, sessionId);
  if (!session) {
    const all = await attempt(() => invoke('sessions.list', {}));
    session = all?.find((s) => s.id === sessionId) ?? null;
  }
  if (!session) {
    toast.error('Could not open the message', 'The chat it belongs to has been deleted.');
    return;
  }
  // Load the agent's sessions first, so selecting the agent keeps this session selected.
  await useSessions.getState().load(session.agentId);
  const chat = useChat.getState();
  if (chat.sessionId === sessionId && !chat.loading) {
    void chat.focusMessage(messageId);
  } else {
    chat.setPendingFocus(sessionId, messageId); // consumed when the chat opens this session
  }
  useSessions.getState().select(sessionId);
  useAgents.getState().select(session.agentId);
}
