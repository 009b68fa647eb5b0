// The conversation, virtualised: only the rows near the viewport are in the DOM, so a 10,000-message
// session scrolls like a short one. Anchored to the end like any chat: it opens at the newest message,
// follows a streaming reply while the person is at the bottom, and keeps the reading position still
// when older pages are added above (they load by themselves as the top comes near).
import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { Message } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { useFollowBottom } from './follow-bottom';
import { JumpToLatest } from './JumpToLatest';
import { LiveView, MessageView, NoteView, ThinkingView } from './MessageView';
import { buildRows, estimateRowHeight, rowIndexOf, type Row } from './rows';
import { useChat, type CommandNote } from './store';

/** What Continue sends after a reply that was cut off. */
const CONTINUE_TEXT = 'Please continue where your reply was cut off.';

/** Start fetching the previous page this far (px) before the top is reached, so it is there in time. */
const LOAD_AHEAD_PX = 1200;
/**
 * Room above the first row for "Load older messages" / "Beginning of the conversation". It is padding,
 * not a row: the virtualiser keeps the view on the first message when older ones are put above it, and
 * a row there would be the anchor instead (and the view would stay at the top, loading page after page).
 */
const HISTORY_TOP_PX = 52;
const PADDING_END_PX = 28;
/** How long a linked message stays highlighted. */
const HIGHLIGHT_MS = 3500;

const NO_NOTES: CommandNote[] = [];
const NO_MESSAGES: Message[] = [];

export function MessageList({ sessionId, agentName }: { sessionId: string; agentName: string }) {
  // Right after a switch the store may still hold the previous session until `open` runs: show nothing.
  const loading = useChat((s) => s.sessionId !== sessionId || s.loading);
  // The rows mount once the first page is in, so that their very first render is at the end (see
  // initialOffset below): rendering the top of the page first cost a full render of rows nobody sees.
  if (loading) {
    return <div className="chat-scroller" data-testid="message-list" data-loaded={0} data-has-more="false" data-state="loading" role="log" aria-label="Messages" aria-busy="true" tabIndex={-1} />;
  }
  return <LoadedMessageList sessionId={sessionId} agentName={agentName} />;
}

function LoadedMessageList({ sessionId, agentName }: { sessionId: string; agentName: string }) {
  const messages = useChat((s) => (s.sessionId === sessionId ? s.messages : NO_MESSAGES));
  const notes = useChat((s) => s.notes[sessionId] ?? NO_NOTES);
  const live = useChat((s) => s.live[sessionId]);
  const nextCursor = useChat((s) => (s.sessionId === sessionId ? s.nextCursor : null));
  const loadingOlder = useChat((s) => s.loadingOlder);
  const focus = useChat((s) => s.focus);
  const rows = useMemo(() => buildRows(messages, notes, live), [messages, notes, live]);
  const busy = live !== undefined;

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimateRowHeight(rows[i]),
    getItemKey: (i) => rows[i].key,
    overscan: 6,
    // Prepended older pages keep the view still; following the end is useFollowBottom's alone.
    anchorTo: 'end',
    // Measuring in the observer's own frame resized rows again within it ("ResizeObserver loop" errors).
    useAnimationFrameWithResizeObserver: true,
    paddingStart: HISTORY_TOP_PX,
    paddingEnd: PADDING_END_PX,
    // A chat opens at its newest message: start the range there, so the first rows rendered are the
    // ones in view (scrollToEnd below then puts the scrollbar there too). Read once, at mount.
    initialOffset: () => {
      const total = HISTORY_TOP_PX + PADDING_END_PX + rows.reduce((sum, row) => sum + estimateRowHeight(row), 0);
      return Math.max(0, total - (scrollRef.current?.clientHeight ?? window.innerHeight));
    },
  });

  // Follow the end while the person is there; count what arrives while they read further up.
  const canvasRef = useRef<HTMLDivElement>(null);
  const followRequest = useChat((s) => s.followRequest);
  const followItems = useMemo(() => rows.flatMap((r) => (r.kind === 'message' ? [{ id: r.key, done: true }] : r.kind === 'live' ? [{ id: r.key, done: false }] : [])), [rows]);
  const follow = useFollowBottom(scrollRef, canvasRef, followItems, followRequest, rows.length > 0);

  // Open at the newest message once the first page is in.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || rows.length === 0) return;
    opened.current = true;
    virtualizer.scrollToEnd();
  }, [rows.length, virtualizer]);

  const maybeLoadOlder = useCallback(() => {
    const el = scrollRef.current;
    const chat = useChat.getState();
    if (!el || !opened.current || !chat.nextCursor || chat.loadingOlder || chat.loading) return;
    if (el.scrollTop < LOAD_AHEAD_PX) void chat.loadOlder();
  }, []);
  // A short first page may not fill the window: keep loading until it does (or history ends).
  useEffect(() => {
    maybeLoadOlder();
  }, [rows.length, loadingOlder, maybeLoadOlder]);

  // A linked message (from Memory, Graph, Laws): scroll to it and highlight it for a moment.
  const [highlight, setHighlight] = useState<string | null>(null);
  useEffect(() => {
    if (!focus) return;
    useChat.getState().clearFocus(); // consumed: coming back to this chat later must not jump again
    const index = rowIndexOf(rows, messages, focus.messageId);
    if (index < 0) return;
    opened.current = true;
    follow.release();
    virtualizer.scrollToIndex(index, { align: 'center' });
    setHighlight(rows[index].key);
    // Only a new focus request moves the view (rows and messages are read, not watched).
  }, [focus]);
  useEffect(() => {
    if (!highlight) return;
    const timer = setTimeout(() => setHighlight(null), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlight]);

  const regenerate = useCallback(() => void useChat.getState().regenerate(), []);
  // Nothing lost (issue 29 §3): a cut-off reply is continued by asking for the rest, in plain sight; the
  // model sees its own partial reply just before this message.
  const continueReply = useCallback(() => void useChat.getState().send(CONTINUE_TEXT), []);

  const empty = rows.length === 0;
  return (
    <div
      className="chat-scroller"
      ref={scrollRef}
      data-testid="message-list"
      data-loaded={messages.length}
      data-has-more={nextCursor ? 'true' : 'false'}
      data-state="ready"
      role="log"
      aria-label="Messages"
      aria-busy={busy}
      tabIndex={-1}
      onScroll={maybeLoadOlder}
    >
      {empty ? (
        <div className="empty-state chat-empty-inline" data-testid="chat-no-messages">
          <Icon name="chat" size={28} />
          <h2>Start the conversation</h2>
          <p>
            Write a message below. Type <kbd>/</kbd> for commands.
          </p>
        </div>
      ) : (
        <div className="chat-canvas" ref={canvasRef} style={{ height: virtualizer.getTotalSize() }}>
          <HistoryTop hasMore={nextCursor !== null} loading={loadingOlder} />
          {virtualizer.getVirtualItems().map((item) => {
            const row = rows[item.index];
            return (
              <div
                key={item.key as string}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className="chat-row"
                style={{ transform: `translateY(${item.start}px)` }}
              >
                <RowView row={row} agentName={agentName} busy={busy} highlighted={highlight === row.key} onRegenerate={regenerate} onContinue={continueReply} />
              </div>
            );
          })}
        </div>
      )}
      <JumpToLatest unseen={follow.unseen} onJump={follow.jump} />
    </div>
  );
}

function RowView(props: { row: Row; agentName: string; busy: boolean; highlighted: boolean; onRegenerate(): void; onContinue(): void }) {
  const { row, agentName } = props;
  switch (row.kind) {
    case 'message':
      return (
        <MessageView
          message={row.message}
          tools={row.tools}
          agentName={agentName}
          continued={row.continued}
          model={row.model}
          isLastReply={row.isLastReply}
          busy={props.busy}
          highlighted={props.highlighted}
          onRegenerate={props.onRegenerate}
          onContinue={props.onContinue}
        />
      );
    case 'live':
      return <LiveView draft={row.draft} agentName={agentName} continued={row.continued} />;
    case 'thinking':
      return <ThinkingView agentName={agentName} />;
    case 'note':
      return <NoteView note={row.note} />;
  }
}

function HistoryTop({ hasMore, loading }: { hasMore: boolean; loading: boolean }) {
  if (!hasMore) return <div className="history-top muted">Beginning of the conversation</div>;
  return (
    <div className="history-top">
      <button type="button" className="button button-quiet" data-testid="load-older" disabled={loading} onClick={() => void useChat.getState().loadOlder()}>
        {loading ? 'Loading older messages…' : 'Load older messages'}
      </button>
    </div>
  );
}
