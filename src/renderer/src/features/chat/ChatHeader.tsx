// The chat's header: the session title (click or F2 to rename; Enter saves, Escape cancels), what the
// session is (agent, size, workspace folder), an incognito badge, and the session settings.
import { useEffect, useRef, useState } from 'react';
import type { Session } from '../../../../shared/domain';
import { Icon } from '../../app/icons';
import { forgetEverything } from '../forget/store';
import { useSessions } from '../sessions/store';
import { ChatIcon } from './chat-icons';
import { ChatModelPicker } from './ChatModelPicker';
import { SessionSettings } from './SessionSettings';
import { dayOf, fullTimeOf, num } from './format';

export function ChatHeader({ session, agentName }: { session: Session; agentName: string }) {
  return (
    <header className="chat-header">
      <div className="chat-header-main">
        <TitleEditor session={session} />
        <div className="chat-header-meta">
          <span>{agentName}</span>
          <span aria-hidden="true">·</span>
          <span>
            {num(session.messageCount)} {session.messageCount === 1 ? 'message' : 'messages'}
          </span>
          <span aria-hidden="true">·</span>
          <span title={fullTimeOf(session.createdAt)}>started {dayOf(session.createdAt)}</span>
          {session.workspace ? (
            <span className="chat-workspace mono" data-testid="chat-workspace" title={`Workspace: ${session.workspace}`}>
              <ChatIcon name="folder" size={13} />
              <span className="chat-workspace-path">{shortPath(session.workspace)}</span>
            </span>
          ) : null}
        </div>
      </div>
      <div className="chat-header-actions">
        <ChatModelPicker session={session} />
        {session.incognito ? (
          <span className="chat-badge chat-badge-incognito" data-testid="incognito-badge" title="Incognito: nothing from this chat is written to memory">
            <ChatIcon name="incognito" size={14} />
            Incognito
          </span>
        ) : null}
        {!session.incognito ? (
          <button
            type="button"
            className="button button-quiet chat-settings-button"
            data-testid="chat-forget"
            title="Preview what Monad learned only from this chat, and forget it"
            onClick={() => void forgetEverything({ kind: 'session', sessionId: session.id })}
          >
            <Icon name="eraser" size={15} />
            Forget…
          </button>
        ) : null}
        <SessionSettings session={session} />
      </div>
    </header>
  );
}

function TitleEditor({ session }: { session: Session }) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(session.title);
  const inputRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const done = useRef(false);

  useEffect(() => {
    if (!editing) return;
    inputRef.current?.focus();
    inputRef.current?.select();
  }, [editing]);
  // Another session, or a rename elsewhere (the auto-title): stop editing the old one.
  useEffect(() => setEditing(false), [session.id]);

  function start() {
    setDraft(session.title);
    done.current = false;
    setEditing(true);
  }

  async function finish(save: boolean) {
    if (done.current) return; // Enter, then the blur it causes
    done.current = true;
    setEditing(false);
    requestAnimationFrame(() => titleRef.current?.focus());
    const title = draft.trim();
    if (save && title !== '' && title !== session.title) await useSessions.getState().rename(session.id, title);
  }

  if (editing) {
    return (
      <input
        ref={inputRef}
        className="input chat-title-input"
        data-testid="chat-title-input"
        aria-label="Session title"
        value={draft}
        maxLength={200}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={() => void finish(true)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            void finish(true);
          } else if (e.key === 'Escape') {
            e.preventDefault(); // cancels the rename, does not stop a reply
            void finish(false);
          }
        }}
      />
    );
  }
  return (
    <h1
      ref={titleRef}
      className="chat-title"
      data-testid="chat-title"
      tabIndex={0}
      title="Rename (click or F2)"
      onClick={start}
      onKeyDown={(e) => {
        if (e.key === 'F2' || e.key === 'Enter') {
          e.preventDefault();
          start();
        }
      }}
    >
      {session.title}
    </h1>
  );
}

/** Long paths keep their last two folders, which name the project ("…/code/monad"); the tooltip has it all. */
function shortPath(path: string): string {
  if (path.length <= 40) return path;
  const sep = path.includes('\\') && !path.includes('/') ? '\\' : '/';
  const parts = path.split(sep).filter(Boolean);
  return parts.length > 2 ? `…${sep}${parts.slice(-2).join(sep)}` : path;
}
