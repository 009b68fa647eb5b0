// The selected agent's sessions in the sidebar. Keyboard: ↑/↓ (Home/End) move between sessions,
// F2 or double-click renames inline (Enter saves, Escape cancels), Delete asks and deletes.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { Session } from '../../../../shared/domain';
import { deleteChat } from '../forget/store';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { fullTime } from '../../lib/time';
import { groupSessionsByDate, sessionTime } from './date-groups';
import { useSessions } from './store';

export function SessionList({ agentId }: { agentId: string }) {
  const sessions = useSessions((s) => s.byAgent[agentId]);
  const selectedId = useSessions((s) => s.selectedId);
  const listRef = useRef<HTMLDivElement>(null);

  function focusSession(id: string) {
    // After React commits: the item may just have been (re)rendered.
    requestAnimationFrame(() => {
      listRef.current?.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(id)}"]`)?.focus();
    });
  }

  if (!sessions) return <div className="session-empty">Loading…</div>;
  // Outside the listbox: a listbox may hold only options (and groups of them).
  if (sessions.length === 0) return <div className="session-empty" data-testid="session-list">No sessions yet</div>;
  return (
    <div className="session-list" role="listbox" aria-label="Sessions" ref={listRef} data-testid="session-list">
      {/* Grouped by date (Today, Yesterday, …); arrow keys still walk the whole list in order. */}
      {groupSessionsByDate(sessions).map((group) => (
        <div key={group.key} role="group" aria-labelledby={`session-group-${agentId}-${group.key}`} data-testid="session-group" data-group={group.key}>
          <div className="session-group-label" id={`session-group-${agentId}-${group.key}`}>
            {group.label}
          </div>
          {group.sessions.map((session) => {
            const index = sessions.indexOf(session);
            return (
              <SessionItem
                key={session.id}
                session={session}
                selected={session.id === selectedId}
                // Roving tabindex: one stop for the whole list, on the selected item (or the first).
                tabbable={session.id === selectedId || (index === 0 && !sessions.some((x) => x.id === selectedId))}
                onMove={(delta) => {
                  const next = delta === 'first' ? sessions[0] : delta === 'last' ? sessions.at(-1) : sessions[index + delta];
                  if (!next) return;
                  useSessions.getState().select(next.id);
                  focusSession(next.id);
                }}
                onFocusSelf={() => focusSession(session.id)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

function SessionItem(props: {
  session: Session;
  selected: boolean;
  tabbable: boolean;
  onMove(delta: 1 | -1 | 'first' | 'last'): void;
  onFocusSelf(): void;
}) {
  const { session, selected, tabbable, onMove, onFocusSelf } = props;
  const renaming = useSessions((s) => s.renamingId === session.id);
  const { select, startRename } = useSessions.getState();

  /** Click, Enter or Space: show this chat, from whichever tab is open. */
  function openChat() {
    select(session.id);
    useShell.getState().setTab('chat');
  }

  async function askDelete() {
    // What rests only on this chat is offered for forgetting with it (the forget preview), else a plain confirm.
    if (!(await deleteChat(session))) return;
    const next = useSessions.getState().selectedId;
    if (next) requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-session-id="${CSS.escape(next)}"]`)?.focus());
  }

  function onKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    if (renaming || e.target !== e.currentTarget) return;
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        onMove(1);
        break;
      case 'ArrowUp':
        e.preventDefault();
        onMove(-1);
        break;
      case 'Home':
        e.preventDefault();
        onMove('first');
        break;
      case 'End':
        e.preventDefault();
        onMove('last');
        break;
      case 'F2':
        e.preventDefault();
        startRename(session.id);
        break;
      case 'Delete':
        e.preventDefault();
        void askDelete();
        break;
      case 'Enter':
      case ' ':
        e.preventDefault();
        openChat();
        break;
    }
  }

  return (
    <div
      role="option"
      aria-selected={selected}
      tabIndex={tabbable ? 0 : -1}
      className={`session-item${selected ? ' is-selected' : ''}${renaming ? ' is-renaming' : ''}`}
      data-testid="session-item"
      data-session-id={session.id}
      title={renaming ? undefined : `${session.title}\nUpdated ${fullTime(session.updatedAt)}\nF2 to rename · Delete to remove`}
      onClick={openChat}
      onDoubleClick={() => startRename(session.id)}
      onKeyDown={onKeyDown}
    >
      {renaming ? (
        <RenameInput session={session} onDone={onFocusSelf} />
      ) : (
        <>
          <span className="session-title" data-testid="session-title">
            {session.title}
          </span>
          <span className="session-time">{sessionTime(session.updatedAt)}</span>
          <span className="session-actions">
            {/* Mouse shortcuts only: not buttons, because controls inside an option are hidden from
                assistive technology (axe: nested-interactive); the keyboard has F2 and Delete on the item. */}
            <span
              className="icon-button"
              aria-hidden="true"
              title="Rename (F2)"
              data-testid="session-rename"
              onClick={(e) => {
                e.stopPropagation();
                startRename(session.id);
              }}
            >
              <Icon name="pencil" size={14} />
            </span>
            <span
              className="icon-button icon-button-danger"
              aria-hidden="true"
              title="Delete (Del)"
              data-testid="session-delete"
              onClick={(e) => {
                e.stopPropagation();
                void askDelete();
              }}
            >
              <Icon name="trash" size={14} />
            </span>
          </span>
        </>
      )}
    </div>
  );
}

function RenameInput({ session, onDone }: { session: Session; onDone(): void }) {
  const [value, setValue] = useState(session.title);
  const [saving, setSaving] = useState(false);
  const settled = useRef(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  async function commit() {
    if (settled.current) return;
    const title = value.trim();
    if (title === '' || title === session.title) return cancel();
    settled.current = true;
    setSaving(true);
    const ok = await useSessions.getState().rename(session.id, title);
    setSaving(false);
    if (!ok) {
      // The error is on screen as a toast; keep the field open so the person can fix the title.
      settled.current = false;
      inputRef.current?.focus();
      return;
    }
    useSessions.getState().stopRename();
    onDone();
  }

  function cancel() {
    settled.current = true;
    useSessions.getState().stopRename();
    onDone();
  }

  return (
    <input
      ref={inputRef}
      className="rename-input"
      data-testid="session-rename-input"
      aria-label="Session title"
      value={value}
      maxLength={200}
      disabled={saving}
      onChange={(e) => setValue(e.target.value)}
      onClick={(e) => e.stopPropagation()}
      onDoubleClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === 'Enter') {
          e.preventDefault();
          void commit();
        } else if (e.key === 'Escape') {
          e.preventDefault();
          cancel();
        }
      }}
      onBlur={() => void commit()}
    />
  );
}
