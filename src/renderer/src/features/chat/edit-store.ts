// Edit & resend (issue 17): which sent message is being edited, and the two engine calls behind it.
// The engine keeps both branches (app migration 0006); the chat shows the active one.
import { create } from 'zustand';
import { attempt, invoke } from '../../lib/api';
import { useChat } from './store';

interface EditState {
  editingId: string | null;
  start(messageId: string): void;
  stop(): void;
}

export const useMessageEdit = create<EditState>((set) => ({
  editingId: null,
  start(messageId) {
    set({ editingId: messageId });
  },
  stop() {
    set({ editingId: null });
  },
}));

/** Sends `text` as a new version of a sent message; the old version and its replies stay reachable. */
export async function resendEdited(messageId: string, text: string): Promise<boolean> {
  const chat = useChat.getState();
  const { sessionId } = chat;
  if (!sessionId || chat.live[sessionId]) return false;
  // What follows the edited message leaves the screen at once; the engine sets it aside the same way.
  const at = chat.messages.findIndex((m) => m.id === messageId);
  if (at >= 0) useChat.setState({ messages: chat.messages.slice(0, at) });
  useMessageEdit.getState().stop();
  return chat.send(text, { replacing: messageId });
}

/** Shows another version of an edited message (with the replies it had). */
export async function showVersion(messageId: string): Promise<void> {
  const { sessionId } = useChat.getState();
  if (!sessionId) return;
  const done = await attempt(() => invoke('chat.switchBranch', { sessionId, messageId }));
  if (!done || useChat.getState().sessionId !== sessionId) return;
  await useChat.getState().open(sessionId);
  useChat.getState().setPendingFocus(sessionId, messageId);
}
