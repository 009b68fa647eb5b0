// Starts the calls the first screen needs before React has rendered anything, so that their answers
// arrive while the shell is being built instead of after it (the chat's first page used to wait for the
// shell's first commit and then queue behind every other start-up call).
import { useChat } from '../features/chat/store';
import { useSessions } from '../features/sessions/store';
import { useShell } from './shell-store';

export function prefetchFirstScreen(): void {
  const selected = useSessions.getState().selectedId;
  // The chat remembered from last time, when the chat tab is what opens. ChatPane's own `open` sees
  // it already open and does not ask again; a chat deleted meanwhile is moved off once the list loads.
  if (useShell.getState().tab === 'chat' && selected) void useChat.getState().open(selected);
}
