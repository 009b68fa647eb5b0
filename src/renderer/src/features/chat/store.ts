// The selected session's messages, paged newest-first from the engine and shown oldest-first.
import { create } from 'zustand';
import type { Message } from '../../../../shared/domain';
import { attempt, invoke } from '../../lib/api';

interface ChatState {
  sessionId: string | null;
  messages: Message[];
  nextCursor: string | null;
  loading: boolean;
  open(sessionId: string | null): Promise<void>;
  loadOlder(): Promise<void>;
}

/** One screenful and then some; older pages load on request. */
const PAGE_SIZE = 50;

export const useChat = create<ChatState>((set, get) => ({
  sessionId: null,
  messages: [],
  nextCursor: null,
  loading: false,

  async open(sessionId) {
    set({ sessionId, messages: [], nextCursor: null, loading: sessionId !== null });
    if (!sessionId) return;
    const page = await attempt(() => invoke('messages.list', { sessionId, limit: PAGE_SIZE }));
    if (get().sessionId !== sessionId) return; // the person moved on while this loaded
    set({ messages: page?.items ?? [], nextCursor: page?.nextCursor ?? null, loading: false });
  },

  async loadOlder() {
    const { sessionId, nextCursor, loading } = get();
    if (!sessionId || !nextCursor || loading) return;
    set({ loading: true });
    const page = await attempt(() => invoke('messages.list', { sessionId, before: nextCursor, limit: PAGE_SIZE }));
    if (get().sessionId !== sessionId) return;
    set((s) => ({
      messages: page ? [...page.items, ...s.messages] : s.messages,
      nextCursor: page ? page.nextCursor : s.nextCursor,
      loading: false,
    }));
  },
}));
