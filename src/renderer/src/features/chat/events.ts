// Feeds the engine's chat events into the chat store. Subscribed once for the life of the page (not
// per mount), so a reply keeps streaming into the store while another tab is showing.
import type { EventMap } from '../../../../shared/contract';
import { on, onReconnected } from '../../lib/api';
import { useChat } from './store';
import { messagesChanged, reloadWhenQuiet } from './synced-messages';

let subscribed = false;
const pending: EventMap['chat.delta'][] = [];
let frame: number | null = null;

/** Tokens arrive far faster than the screen refreshes: apply them once per frame. */
function flush(): void {
  if (frame !== null) cancelAnimationFrame(frame);
  frame = null;
  if (pending.length) useChat.getState().applyDeltas(pending.splice(0));
}

export function ensureChatEvents(): void {
  if (subscribed) return;
  subscribed = true;
  on('chat.delta', (e) => {
    pending.push(e);
    frame ??= requestAnimationFrame(flush);
  });
  // Everything else is applied in order, after the text that came before it.
  on('chat.tool', (e) => {
    flush();
    useChat.getState().applyTool(e);
  });
  on('chat.message', (e) => {
    flush();
    useChat.getState().applyMessage(e);
  });
  on('chat.turn', (e) => {
    flush();
    useChat.getState().applyTurn(e);
  });
  // Another device's messages, written by sync (issue 30): the open chat reloads once it is quiet.
  on('messages.changed', (e) => {
    flush();
    messagesChanged(e.sessionId);
  });
  useChat.subscribe(reloadWhenQuiet);
  // Events may have been missed while the stream was down.
  onReconnected(() => void useChat.getState().refreshTail());
}
