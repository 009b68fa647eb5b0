// Messages another device wrote into a chat (issue 30) reach this window as `messages.changed`: the chat on
// screen reloads its messages from the engine, in the order the engine gives them (a message written apart
// may belong between two shown here, not at the end) — every loaded message, however far back the person
// scrolled, so one placed among older messages shows in its place. The reload touches only the message list, so the
// composer's draft stays, and follow-bottom.ts counts what arrived below while the person reads further up.
// It waits while a reply is being written in that chat (a list redrawn under a streaming reply would move
// it) and while the chat is still opening (its first page may have been read before the change).
import type { Message } from '../../../../shared/domain';
import { attempt, invoke } from '../../lib/api';
import { FIRST_PAGE, useChat } from './store';

/** The largest page the engine serves (messages.list): a reload of more loaded messages reads several. */
const MAX_PAGE = 1000;

/**
 * Read beyond the loaded count by this much: what arrived since (usually a few messages at the end) pushes the
 * oldest loaded message that far back, and a first page that still reaches it saves a second request.
 */
const ARRIVAL_ROOM = 50;

/** Chats announced as changed and not yet reloaded (only the open one is ever reloaded). */
const waiting = new Set<string>();
let reloading: Promise<void> | null = null;

/** `messages.changed` for a chat: reloaded now when it is open and quiet, else as soon as it is. */
export function messagesChanged(sessionId: string): void {
  waiting.add(sessionId);
  reloadWhenQuiet();
}

/** Called on every change of the chat store (a turn ended, the chat finished opening, another chat opened). */
export function reloadWhenQuiet(): void {
  if (waiting.size === 0 || reloading) return;
  const s = useChat.getState();
  // A chat that is not on screen is read whole when it is opened: nothing to keep for it.
  for (const id of waiting) if (id !== s.sessionId) waiting.delete(id);
  if (!s.sessionId || !waiting.has(s.sessionId) || s.loading || s.live[s.sessionId]) return;
  waiting.delete(s.sessionId);
  reloading = reloadOpenChat().finally(() => {
    reloading = null;
    reloadWhenQuiet(); // a change announced during this reload
  });
}

async function reloadOpenChat(): Promise<void> {
  const { sessionId, messages } = useChat.getState();
  if (!sessionId) return;
  const asked = new Set(messages.map((m) => m.id));
  const page = await readLoadedWindow((before, limit) => attempt(() => invoke('messages.list', { sessionId, limit, ...(before ? { before } : {}) })), messages);
  if (!page) return; // said by a toast; the next change or a reconnect reloads it
  useChat.setState((s) => {
    if (s.sessionId !== sessionId) return s;
    const next = overlayPage(s.messages, page.items, page.nextCursor, asked);
    return { messages: next.messages, nextCursor: next.replaced ? page.nextCursor : s.nextCursor };
  });
}

type ReadPage = (before: string | undefined, limit: number) => Promise<{ items: Message[]; nextCursor: string | null } | null | undefined>;

/**
 * The chat's newest messages, as far back as the loaded list reaches: page after page (the engine serves at
 * most MAX_PAGE at once) until the read holds the oldest loaded message, or the chat's start. So a message
 * another device placed among older messages the person scrolled back to is shown in its place, however many
 * are loaded. When that oldest message is gone (hidden or set aside elsewhere), the read stops one page past
 * what was loaded: overlayPage then keeps anything older as it was. Null when a page failed (said by a toast).
 */
export async function readLoadedWindow(read: ReadPage, loaded: readonly Message[]): Promise<{ items: Message[]; nextCursor: string | null } | null> {
  const oldest = loaded[0]?.id;
  const enough = loaded.length + MAX_PAGE;
  let items: Message[] = [];
  let before: string | undefined;
  for (;;) {
    const limit = Math.min(MAX_PAGE, Math.max(FIRST_PAGE, loaded.length - items.length + ARRIVAL_ROOM));
    const page = await read(before, limit);
    if (!page) return null;
    items = [...page.items, ...items];
    const reached = oldest === undefined || page.items.some((m) => m.id === oldest);
    if (reached || page.nextCursor === null || items.length >= enough) return { items, nextCursor: page.nextCursor };
    before = page.nextCursor;
  }
}

/**
 * Lays a freshly read newest page over the loaded list. `asked`: the ids loaded when the page was asked for.
 * A loaded message that was asked about and is not in the page is gone from the path shown (hidden, set
 * aside); one that came after the request (a `chat.message` of a turn that started meanwhile) is kept after
 * the page. Older pages loaded before the page's first message stay. When the page does not reach back to
 * anything loaded, or holds the whole chat, it replaces the list (`replaced`: its cursor becomes the list's).
 */
export function overlayPage(current: readonly Message[], page: readonly Message[], nextCursor: string | null, asked: ReadonlySet<string>): { messages: Message[]; replaced: boolean } {
  const inPage = new Set(page.map((m) => m.id));
  let lastAsked = -1;
  current.forEach((m, i) => {
    if (asked.has(m.id)) lastAsked = i;
  });
  const arrived = current.filter((m, i) => i > lastAsked && !asked.has(m.id) && !inPage.has(m.id));
  const at = page.length ? current.findIndex((m) => m.id === page[0].id) : -1;
  if (nextCursor === null || at < 0) return { messages: [...page, ...arrived], replaced: true };
  return { messages: [...current.slice(0, at), ...page, ...arrived], replaced: false };
}
