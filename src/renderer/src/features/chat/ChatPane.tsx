// The Chat tab for now: the selected session's stored messages, paged. The streaming chat view and
// composer replace this with the chat issue.
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { Message } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { useAgents } from '../agents/store';
import { findSession, useSessions } from '../sessions/store';
import { fullTime } from '../../lib/time';
import { useChat } from './store';

export function ChatPane() {
  const selectedId = useSessions((s) => s.selectedId);
  const session = useSessions((s) => findSession(s.byAgent, s.selectedId));
  const agentName = useAgents((s) => s.agents.find((a) => a.id === session?.agentId)?.name);
  const { messages, nextCursor, loading } = useChat();

  useEffect(() => {
    void useChat.getState().open(selectedId);
  }, [selectedId, session?.messageCount]);

  // Newest at the bottom, like any chat: open at the end; loading older pages keeps the view still.
  const listRef = useRef<HTMLDivElement>(null);
  const anchor = useRef<{ sessionId: string | null; count: number; height: number }>({ sessionId: null, count: 0, height: 0 });
  useLayoutEffect(() => {
    const scroller = listRef.current?.closest('.pane');
    if (!scroller) return;
    const prev = anchor.current;
    if (prev.sessionId !== selectedId || prev.count === 0) scroller.scrollTop = scroller.scrollHeight;
    else if (messages.length > prev.count) scroller.scrollTop += scroller.scrollHeight - prev.height;
    anchor.current = { sessionId: selectedId, count: messages.length, height: scroller.scrollHeight };
  }, [messages, selectedId]);

  if (!session) {
    return (
      <div className="empty-state" data-testid="chat-empty">
        <Icon name="chat" size={28} />
        <h2>No session selected</h2>
        <p>Pick a session in the sidebar, or create one with “New session”.</p>
      </div>
    );
  }

  return (
    <div className="chat" data-testid="chat-pane">
      <header className="pane-header">
        <div>
          <h1 className="pane-title" data-testid="chat-title">
            {session.title}
          </h1>
          <div className="pane-subtitle">
            {agentName ?? session.agentId} · {session.messageCount} {session.messageCount === 1 ? 'message' : 'messages'} · created{' '}
            {fullTime(session.createdAt)}
            {session.incognito ? ' · incognito' : ''}
          </div>
        </div>
      </header>
      <div className="message-list" data-testid="message-list" ref={listRef}>
        {nextCursor ? (
          <button type="button" className="button button-quiet load-older" disabled={loading} onClick={() => void useChat.getState().loadOlder()}>
            {loading ? 'Loading…' : 'Load older messages'}
          </button>
        ) : null}
        {messages.map((m) => (
          <MessageView key={m.id} message={m} />
        ))}
        {!loading && messages.length === 0 ? (
          <div className="empty-state empty-inline" data-testid="chat-no-messages">
            <p>No messages in this session yet.</p>
            <p className="muted">Chatting with the agent arrives with the chat view.</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}

function MessageView({ message }: { message: Message }) {
  return (
    <article className={`message message-${message.role}`} data-testid="message" data-role={message.role}>
      <div className="message-meta">
        <span className="message-role">{message.role}</span>
        <time dateTime={message.createdAt} title={fullTime(message.createdAt)}>
          {new Date(message.createdAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
        </time>
      </div>
      <div className="message-content">{message.content}</div>
      {message.error ? <div className="message-error">{message.error}</div> : null}
    </article>
  );
}
