// The open chat: its stored messages (paged newest-first from the engine, kept oldest-first here), the
// turn being written in each session (from chat.* events), command notes, and the message to focus.
import { create } from 'zustand';
import type { EventMap } from '../../../../shared/contract';
import type { Message } from '../../../../shared/domain';
import { mergeLive, withDelta, withoutDraft, withTool, type LiveToolState, type LiveTurn } from '../../../../shared/live-turn';
import { ApiError, attempt, invoke } from '../../lib/api';
import { isUnreachable } from '../../lib/connection';
import { findSession, useSessions } from '../sessions/store';
import { toast } from '../toasts/store';
import { quietToast } from './quiet-toast';
import type { AttachmentRefInput } from '../../../../shared/attachments';

/** Enough to fill a tall window a few times over, small enough to paint at once. */
export const FIRST_PAGE = 100;
/** Older pages load while the person scrolls up; bigger pages mean fewer waits at the top. */
export const OLDER_PAGE = 200;
/** Looking for a linked message walks back in the largest pages the engine serves. */
const FIND_PAGE = 1000;

export type { LiveDraft, LiveTool, LiveTurn } from '../../../../shared/live-turn';
export type ToolState = LiveToolState;

/** The output of a slash command: shown in the chat, never stored. */
export interface CommandNote {
  id: string;
  createdAt: string;
  command: string;
  output: string | null;
  error: string | null;
}

export interface CommandInfo {
  name: string;
  usage: string;
}

type Delta = EventMap['chat.delta'];

interface ChatState {
  sessionId: string | null;
  messages: Message[];
  nextCursor: string | null;
  loading: boolean;
  loadingOlder: boolean;
  /** Turns running, by session (a turn keeps streaming while another session is open). */
  live: Record<string, LiveTurn>;
  notes: Record<string, CommandNote[]>;
  /** The engine's NO_MODEL message after a refused send. */
  noModel: string | null;
  /** Scroll to this message and highlight it; the nonce re-triggers for the same id. */
  focus: { messageId: string; nonce: number } | null;
  pendingFocus: { sessionId: string; messageId: string } | null;
  commands: CommandInfo[];
  /** A message that could not reach the server: its text went back to this session's composer. */
  notSent: { sessionId: string; reason: string } | null;
  /** Bumped when the person sends: the list scrolls to the end and follows again (follow-bottom.ts). */
  followRequest: number;

  open(sessionId: string | null): Promise<void>;
  loadOlder(limit?: number): Promise<void>;
  /** Re-reads the newest page: after a turn, after a reconnect, after a regenerate hid replies. */
  refreshTail(): Promise<void>;
  focusMessage(messageId: string): Promise<boolean>;
  setPendingFocus(sessionId: string, messageId: string): void;
  clearFocus(): void;
  /**
   * Resolves to false when the engine refused the message before storing it (the text should stay).
   * `pasted`: most of the text arrived by paste (stored with the message; facts from it are marked).
   */
  send(text: string, opts?: { pasted?: boolean; replacing?: string; attachments?: AttachmentRefInput[] }): Promise<boolean>;
  regenerate(): Promise<void>;
  cancel(): Promise<void>;
  runCommand(text: string): Promise<void>;
  loadCommands(): Promise<void>;
  clearNoModel(): void;
  clearNotSent(): void;

  applyTurn(e: EventMap['chat.turn']): void;
  applyDeltas(batch: Delta[]): void;
  applyTool(e: EventMap['chat.tool']): void;
  applyMessage(e: EventMap['chat.message']): void;
}

/** Errors the chat shows in place (the marker message, the no-model note), so a toast would repeat them. */
const SHOWN_INLINE = new Set(['PROVIDER_ERROR', 'NO_MODEL', 'CANCELLED']);
/** Refusals that happen before the user message is stored: the composer keeps the text. */
const NOTHING_STORED = new Set(['NO_MODEL', 'BUSY', 'BAD_INPUT', 'NOT_FOUND', 'PAYLOAD_TOO_LARGE']);

const ATTACHMENT_REFUSALS = new Set(['model-cannot-see-images', 'message-too-large', 'file-too-large', 'image-too-large']);
function isAttachmentRefusal(err: ApiError): boolean {
  const reason = (err.details as { reason?: unknown } | undefined)?.reason;
  return (typeof reason === 'string' && ATTACHMENT_REFUSALS.has(reason)) || err.code === 'PAYLOAD_TOO_LARGE' || (err.code === 'NOT_FOUND' && /Attach it again/.test(err.message));
}

/** Turns whose result already arrived; late events for them must not resurrect a live bubble. */
const finishedTurns = new Set<string>();
let noteSeq = 0;
let olderInFlight: { sessionId: string; promise: Promise<void> } | null = null;

export const useChat = create<ChatState>((set, get) => {
  /**
   * The turn the engine is running in this session, if any: a window that opened (or reloaded, or
   * reconnected) mid-turn shows the reply being written, its Stop button and any call awaiting approval.
   */
  async function adoptLive(sessionId: string): Promise<void> {
    const turn = await attempt(() => invoke('chat.live', { sessionId }));
    if (!turn || (turn.turnId && finishedTurns.has(turn.turnId))) return;
    set((s) => ({ live: { ...s.live, [sessionId]: mergeLive(s.live[sessionId], turn) } }));
  }

  /** Drops the session's live turn: the persisted messages have taken its place. */
  function endLive(sessionId: string): void {
    set((s) => {
      if (!s.live[sessionId]) return s;
      const { [sessionId]: _done, ...rest } = s.live;
      return { live: rest };
    });
  }

  function startLive(sessionId: string): void {
    set((s) => ({ live: { ...s.live, [sessionId]: s.live[sessionId] ?? { turnId: null, drafts: [] } } }));
  }

  function finish(err: unknown, sessionId: string): { stored: boolean; unreachable?: boolean } {
    if (!(err instanceof ApiError)) throw err;
    const details = err.details as { turnId?: string } | undefined;
    if (details?.turnId) finishedTurns.add(details.turnId);
    if (isUnreachable(err)) {
      // The composer keeps the text and says why; the connection banner says the rest.
      quietToast(err);
      set({ notSent: { sessionId, reason: 'Not sent: the connection to Monad is down. Your message is kept here — send it again once it is back.' } });
      return { stored: false, unreachable: true };
    }
    if (SHOWN_INLINE.has(err.code)) quietToast(err);
    // Attachments (issue 29 §1): a file refused for this message (an image for a model that cannot see,
    // too many bytes, a file gone) is said by the composer, which keeps the text and the files.
    if (isAttachmentRefusal(err)) {
      quietToast(err);
      set({ notSent: { sessionId, reason: err.message } });
    }
    if (err.code === 'NO_MODEL' && get().sessionId === sessionId) set({ noModel: err.message });
    return { stored: !NOTHING_STORED.has(err.code) };
  }

  async function runTurn(sessionId: string, run: () => Promise<{ turnId: string }>): Promise<boolean> {
    startLive(sessionId);
    let stored = true;
    let unreachable = false;
    try {
      const result = await run();
      finishedTurns.add(result.turnId);
    } catch (err) {
      ({ stored, unreachable = false } = finish(err, sessionId));
    } finally {
      endLive(sessionId);
    }
    // Nothing to reload from a server that cannot be reached (the reconnect reloads it).
    if (unreachable) return stored;
    // The session's message count and place in the sidebar changed; the engine sends no event for that.
    const agentId = findSession(useSessions.getState().byAgent, sessionId)?.agentId;
    if (agentId) void useSessions.getState().load(agentId);
    if (get().sessionId === sessionId) await get().refreshTail();
    return stored;
  }

  return {
    sessionId: null,
    messages: [],
    nextCursor: null,
    loading: false,
    loadingOlder: false,
    live: {},
    notes: {},
    noModel: null,
    focus: null,
    pendingFocus: null,
    commands: [],
    followRequest: 0,
    notSent: null,

    async open(sessionId) {
      set({ sessionId, messages: [], nextCursor: null, loading: sessionId !== null, loadingOlder: false, noModel: null, focus: null });
      if (!sessionId) return;
      const page = await attempt(() => invoke('messages.list', { sessionId, limit: FIRST_PAGE }));
      if (get().sessionId !== sessionId) return; // the person moved on while this loaded
      set((s) => ({
        // Messages that arrived by event while the page loaded are in the page too, or newer than it.
        messages: page ? mergeTail(s.messages, page.items).messages : s.messages,
        nextCursor: page?.nextCursor ?? null,
        loading: false,
      }));
      await adoptLive(sessionId);
      const pending = get().pendingFocus;
      if (pending?.sessionId === sessionId) {
        set({ pendingFocus: null });
        await get().focusMessage(pending.messageId);
      }
    },

    loadOlder(limit = OLDER_PAGE) {
      // One page at a time; a second caller waits for the page already on its way.
      const { sessionId, nextCursor, loading } = get();
      if (olderInFlight?.sessionId === sessionId) return olderInFlight.promise;
      if (!sessionId || !nextCursor || loading) return Promise.resolve();
      set({ loadingOlder: true });
      const entry = { sessionId, promise: Promise.resolve() };
      entry.promise = (async () => {
        try {
          const page = await attempt(() => invoke('messages.list', { sessionId, before: nextCursor, limit }));
          if (get().sessionId !== sessionId) return;
          set((s) => {
            if (!page) return { loadingOlder: false };
            const known = new Set(s.messages.map((m) => m.id));
            return { messages: [...page.items.filter((m) => !known.has(m.id)), ...s.messages], nextCursor: page.nextCursor, loadingOlder: false };
          });
        } finally {
          if (olderInFlight === entry) olderInFlight = null;
          if (get().sessionId === sessionId) set({ loadingOlder: false });
        }
      })();
      olderInFlight = entry;
      return entry.promise;
    },

    async refreshTail() {
      const { sessionId } = get();
      if (!sessionId || get().loading) return;
      const page = await attempt(() => invoke('messages.list', { sessionId, limit: FIRST_PAGE }));
      if (!page || get().sessionId !== sessionId) return;
      set((s) => {
        const merged = mergeTail(s.messages, page.items);
        return { messages: merged.messages, nextCursor: merged.replaced ? page.nextCursor : s.nextCursor };
      });
      await adoptLive(sessionId);
    },

    async focusMessage(messageId) {
      const { sessionId } = get();
      if (!sessionId) return false;
      const has = () => get().messages.some((m) => m.id === messageId);
      while (!has() && get().nextCursor && get().sessionId === sessionId) {
        const before = get().messages.length;
        await get().loadOlder(FIND_PAGE);
        if (get().messages.length === before) break; // the page failed to load (already shown as a toast)
      }
      if (get().sessionId !== sessionId) return false;
      if (!has()) {
        toast.info('That message is no longer in the chat', 'It may have been deleted or replaced by a regenerated reply.');
        return false;
      }
      set({ focus: { messageId, nonce: Date.now() } });
      return true;
    },

    setPendingFocus(sessionId, messageId) {
      set({ pendingFocus: { sessionId, messageId } });
    },

    clearFocus() {
      set({ focus: null });
    },

    async send(text, opts) {
      const { sessionId } = get();
      if (!sessionId || get().live[sessionId]) return false;
      set((s) => ({ noModel: null, notSent: null, followRequest: s.followRequest + 1 }));
      // `replacing`: edit & resend (edit-store.ts).
      const extra = { ...(opts?.pasted ? { pasted: true } : {}), ...(opts?.replacing ? { replacing: opts.replacing } : {}), ...(opts?.attachments?.length ? { attachments: opts.attachments } : {}) };
      return runTurn(sessionId, () => invoke('chat.send', { sessionId, text, ...extra }));
    },

    async regenerate() {
      const { sessionId } = get();
      if (!sessionId || get().live[sessionId]) return;
      // The engine hides the replies after the last user message; hide them here at once too.
      set((s) => {
        const lastUser = s.messages.map((m) => m.role).lastIndexOf('user');
        return lastUser < 0 ? s : { messages: s.messages.slice(0, lastUser + 1), followRequest: s.followRequest + 1 };
      });
      await runTurn(sessionId, () => invoke('chat.regenerate', { sessionId }));
    },

    async cancel() {
      const { sessionId } = get();
      if (!sessionId || !get().live[sessionId]) return;
      await attempt(() => invoke('chat.cancel', { sessionId }));
    },

    async runCommand(text) {
      const { sessionId } = get();
      if (!sessionId) return;
      const note: CommandNote = { id: `note-${++noteSeq}`, createdAt: new Date().toISOString(), command: text.trim(), output: null, error: null };
      const patch = (change: Partial<CommandNote>) =>
        set((s) => ({ notes: { ...s.notes, [sessionId]: (s.notes[sessionId] ?? []).map((n) => (n.id === note.id ? { ...n, ...change } : n)) } }));
      set((s) => ({ notes: { ...s.notes, [sessionId]: [...(s.notes[sessionId] ?? []), note] } }));
      try {
        const result = await invoke('chat.command', { text, sessionId });
        patch({ output: result.output });
      } catch (err) {
        if (!(err instanceof ApiError)) throw err;
        quietToast(err); // shown in the note instead
        patch({ error: err.message });
      }
    },

    async loadCommands() {
      if (get().commands.length) return;
      const result = await attempt(() => invoke('chat.command', { text: '/help' }));
      const data = result?.data;
      if (Array.isArray(data)) {
        set({ commands: data.filter((c): c is CommandInfo => typeof c?.name === 'string' && typeof c?.usage === 'string') });
      }
    },

    clearNoModel() {
      set({ noModel: null });
    },

    clearNotSent() {
      if (get().notSent) set({ notSent: null });
    },

    applyTurn(e) {
      if (e.phase === 'started') {
        if (finishedTurns.has(e.turnId)) return;
        set((s) => ({ live: { ...s.live, [e.sessionId]: { turnId: e.turnId, drafts: s.live[e.sessionId]?.drafts ?? [] } } }));
        return;
      }
      finishedTurns.add(e.turnId);
      endLive(e.sessionId);
    },

    applyDeltas(batch) {
      set((s) => {
        let live = s.live;
        for (const d of batch) {
          if (finishedTurns.has(d.turnId)) continue;
          live = { ...live, [d.sessionId]: withDelta(live[d.sessionId], d) };
        }
        return live === s.live ? s : { live };
      });
    },

    applyTool(e) {
      if (finishedTurns.has(e.turnId)) return;
      set((s) => ({ live: { ...s.live, [e.sessionId]: withTool(s.live[e.sessionId], e) } }));
    },

    applyMessage({ sessionId, message }) {
      set((s) => {
        const turn = s.live[sessionId];
        const kept = turn ? withoutDraft(turn, message.id) : turn;
        const live = kept === turn ? s.live : { ...s.live, [sessionId]: kept! };
        if (sessionId !== s.sessionId) return live === s.live ? s : { live };
        const i = s.messages.findIndex((m) => m.id === message.id);
        const messages = i < 0 ? [...s.messages, message] : s.messages.map((m, j) => (j === i ? message : m));
        return { live, messages };
      });
    },
  };
});

/**
 * Lays the newest page over what is loaded: everything older than the page's first message stays, the
 * page replaces the rest (which drops replies a regenerate hid). When the page does not reach back to
 * anything loaded, it replaces the whole list (`replaced`) and its cursor becomes the list's cursor.
 */
export function mergeTail(current: Message[], page: Message[]): { messages: Message[]; replaced: boolean } {
  if (page.length === 0) return { messages: current.length ? [] : current, replaced: true };
  const at = current.findIndex((m) => m.id === page[0].id);
  if (at < 0) return { messages: page, replaced: true };
  const inPage = new Set(page.map((m) => m.id));
  // Messages that arrived by event after the page was read are newer than all of it: keep them.
  const newer = current.slice(at).filter((m) => !inPage.has(m.id) && m.createdAt >= page[page.length - 1].createdAt);
  return { messages: [...current.slice(0, at), ...page, ...newer], replaced: false };
}
