// The Inbox view (issue 16 §3): every change to memory waiting for the person, one list. Keyboard:
// ↑/↓ or j/k move between items, a approves, r rejects, e edits (then Ctrl+Enter approves the edited
// text, Escape cancels), x or Space selects, Ctrl/Cmd+A selects all; the bar above decides the selection.
// The letter keys work as soon as the Inbox is shown, wherever the focus is but a text field (issue 29
// §5: they did nothing until a row was clicked), acting on the row in focus (the first at the start).
import { useEffect, useMemo, useRef, useState } from 'react';
import type { InboxItem } from '../../../../shared/inbox';
import { useShell } from '../../app/shell-store';
import { fullTime, shortAgo } from '../../lib/time';
import { useAgents } from '../agents/store';
import { useSessions } from '../sessions/store';
import { describeLawScope } from '../laws/scopes';
import { useInbox } from './store';
import '../../styles/inbox.css';

/** The Inbox's own keys, taken from anywhere on the page while it is shown. */
const PAGE_KEYS = new Set(['a', 'r', 'e', 'x', 'j', 'k']);

function isTextField(el: HTMLElement): boolean {
  if (el.isContentEditable || el.tagName === 'TEXTAREA' || el.tagName === 'SELECT') return true;
  return el.tagName === 'INPUT' && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes((el as HTMLInputElement).type);
}

const SOURCE_LABEL: Record<InboxItem['source'], string> = {
  chat: 'From a chat',
  merge: 'From consolidation',
  graph: 'Graph',
  law: 'Laws',
  held: 'Inferred by the assistant',
  link: 'Follows from your correction',
};

export function InboxPane() {
  const { items, loaded } = useInbox();
  const [focus, setFocus] = useState(0);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [editing, setEditing] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    void useInbox.getState().load();
  }, []);
  // Decided items leave the list: keep the focus on a row that exists and drop gone ids from the selection.
  useEffect(() => {
    setFocus((f) => Math.max(0, Math.min(f, items.length - 1)));
    setSelected((s) => new Set([...s].filter((id) => items.some((i) => i.id === id))));
  }, [items]);

  // The rows are already there: focus at once (a deferred focus could land after the next key, e.g. "e", and take the focus from the editor it opened).
  const focusRow = (i: number) => {
    setFocus(i);
    listRef.current?.querySelector<HTMLElement>(`[data-index="${i}"]`)?.focus();
  };
  const toggle = (id: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const allSelected = items.length > 0 && selected.size === items.length;
  const selectAll = () => setSelected(allSelected ? new Set() : new Set(items.map((i) => i.id)));
  const decide = async (ids: string[], how: 'approve' | 'reject') => {
    if (!ids.length) return;
    await (how === 'approve' ? useInbox.getState().approve(ids) : useInbox.getState().reject(ids));
    requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>(`[data-index="${Math.min(focus, useInbox.getState().items.length - 1)}"]`)?.focus());
  };

  /** A key event as both React's and the DOM's have it (the list's handler and the page's below). */
  type Key = Pick<globalThis.KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'target' | 'preventDefault'>;
  const onKeyDown = (e: Key) => {
    if (editing || e.altKey) return;
    const target = e.target as HTMLElement;
    if (target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' && (target as HTMLInputElement).type !== 'checkbox') return;
    const item = items[focus];
    const key = e.key;
    if ((e.ctrlKey || e.metaKey) && key.toLowerCase() === 'a') {
      e.preventDefault();
      selectAll();
      return;
    }
    if (e.ctrlKey || e.metaKey) return;
    if (key === 'ArrowDown' || key === 'j') {
      e.preventDefault();
      focusRow(Math.min(items.length - 1, focus + 1));
    } else if (key === 'ArrowUp' || key === 'k') {
      e.preventDefault();
      focusRow(Math.max(0, focus - 1));
    } else if (key === 'Home') {
      e.preventDefault();
      focusRow(0);
    } else if (key === 'End') {
      e.preventDefault();
      focusRow(items.length - 1);
    } else if (!item) {
      return;
    } else if (key === 'a') {
      e.preventDefault();
      void decide([item.id], 'approve');
    } else if (key === 'r') {
      e.preventDefault();
      void decide([item.id], 'reject');
    } else if (key === 'e' && item.editable) {
      e.preventDefault();
      setEditing(item.id);
    } else if ((key === 'x' || key === ' ') && target.tagName !== 'BUTTON') {
      e.preventDefault();
      toggle(item.id);
    }
  };

  // The same keys from anywhere on the page while the Inbox is shown: not from a text field, a select or an
  // open dialog (they keep their keys), and not twice for keys the list itself received.
  const handler = useRef(onKeyDown);
  handler.current = onKeyDown;
  useEffect(() => {
    const onPage = (e: globalThis.KeyboardEvent) => {
      if (e.defaultPrevented || !PAGE_KEYS.has(e.key) || e.ctrlKey || e.metaKey || e.altKey) return;
      const target = e.target as HTMLElement | null;
      if (target && (listRef.current?.contains(target) || isTextField(target) || target.closest('[role="dialog"], [role="alertdialog"], dialog'))) return;
      handler.current(e);
      // The focus follows into the list, so the next key (and the screen reader) is on the item acted on.
      if (e.defaultPrevented && e.key !== 'e') requestAnimationFrame(() => listRef.current?.querySelector<HTMLElement>('[data-index][tabindex="0"]')?.focus());
    };
    document.addEventListener('keydown', onPage);
    return () => document.removeEventListener('keydown', onPage);
  }, []);

  const chosen = [...selected];
  return (
    <div className="inbox" data-testid="inbox">
      <header className="inbox-head">
        <div>
          <h2 className="inbox-title">Inbox</h2>
          <p className="inbox-hint">
            Changes to memory that wait for you. Nothing here is used until you approve it; what you reject is not proposed again.
          </p>
        </div>
      </header>
      {!loaded ? (
        <div className="empty-state muted">Loading…</div>
      ) : !items.length ? (
        <div className="empty-state inbox-empty" data-testid="inbox-empty">
          <h3>Nothing waits for you</h3>
          <p className="muted">When an agent set to “Ask me first” wants to remember something, or a model wants to change what you wrote, it appears here.</p>
        </div>
      ) : (
        <>
          <div className="inbox-bar" role="toolbar" aria-label="Selected changes">
            <label className="inbox-select-all">
              <input type="checkbox" checked={allSelected} onChange={selectAll} data-testid="inbox-select-all" />
              Select all
            </label>
            <span className="inbox-bar-count" aria-live="polite">
              {chosen.length ? `${chosen.length} selected` : `${items.length} waiting`}
            </span>
            <button type="button" className="button button-primary" disabled={!chosen.length} data-testid="inbox-approve-selected" onClick={() => void decide(chosen, 'approve')}>
              Approve selected
            </button>
            <button type="button" className="button" disabled={!chosen.length} data-testid="inbox-reject-selected" onClick={() => void decide(chosen, 'reject')}>
              Reject selected
            </button>
          </div>
          <p className="inbox-keys" id="inbox-keys">
            Keys: <kbd>↑</kbd>/<kbd>↓</kbd> or <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>a</kbd> approve · <kbd>r</kbd> reject · <kbd>e</kbd> edit · <kbd>x</kbd> select ·{' '}
            <kbd>Ctrl</kbd>+<kbd>A</kbd> select all
          </p>
          <ul className="inbox-list" ref={listRef} onKeyDown={onKeyDown} aria-describedby="inbox-keys" data-testid="inbox-list">
            {items.map((item, i) => (
              <Row
                key={item.id}
                item={item}
                index={i}
                focused={i === focus}
                selected={selected.has(item.id)}
                editing={editing === item.id}
                onFocus={() => setFocus(i)}
                onToggle={() => toggle(item.id)}
                onEdit={(on) => setEditing(on ? item.id : null)}
                onDecide={(how) => void decide([item.id], how)}
              />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function Row(props: {
  item: InboxItem;
  index: number;
  focused: boolean;
  selected: boolean;
  editing: boolean;
  onFocus(): void;
  onToggle(): void;
  onEdit(on: boolean): void;
  onDecide(how: 'approve' | 'reject'): void;
}) {
  const { item } = props;
  const agents = useAgents((s) => s.agents);
  const byAgent = useSessions((s) => s.byAgent);
  const scope = useMemo(() => describeLawScope(item.scope, agents, Object.values(byAgent).flat()), [item.scope, agents, byAgent]);
  const [draft, setDraft] = useState(item.text);
  const rowRef = useRef<HTMLLIElement>(null);
  const editRef = useRef<HTMLTextAreaElement>(null);
  useEffect(() => setDraft(item.text), [item.text, props.editing]);
  // The editor takes the focus when it opens (by "e" or the Edit button), with the caret at the end.
  useEffect(() => {
    if (!props.editing) return;
    const el = editRef.current;
    el?.focus();
    el?.setSelectionRange(el.value.length, el.value.length);
  }, [props.editing]);

  const saveEdit = async () => {
    const text = draft.trim();
    if (!text) return;
    const [d] = await useInbox.getState().approve([item.id], text);
    if (d?.outcome !== 'failed') props.onEdit(false);
    requestAnimationFrame(() => rowRef.current?.parentElement?.querySelector<HTMLElement>('[data-index]')?.focus());
  };
  const openChat = () => {
    if (item.sessionId && item.messageId) useShell.getState().navigate({ kind: 'message', sessionId: item.sessionId, messageId: item.messageId });
  };
  const titleId = `inbox-item-${props.index}`;

  return (
    <li
      ref={rowRef}
      className={`inbox-item${props.focused ? ' is-focused' : ''}${props.selected ? ' is-selected' : ''}`}
      data-testid="inbox-item"
      data-item-id={item.id}
      data-index={props.index}
      tabIndex={props.focused ? 0 : -1}
      aria-labelledby={titleId}
      onFocus={(e) => {
        if (e.target === e.currentTarget) props.onFocus();
      }}
      onClick={props.onFocus}
    >
      <input type="checkbox" className="inbox-check" checked={props.selected} onChange={props.onToggle} tabIndex={props.focused ? 0 : -1} aria-label={`Select “${item.text}”`} data-testid="inbox-item-select" />
      <div className="inbox-item-body">
        <div className="inbox-item-source">
          <span className={`inbox-pill inbox-pill-${item.source}`}>{item.client ? `From ${item.client} (MCP)` : SOURCE_LABEL[item.source]}</span>
          <span className="inbox-item-scope">{scope.label}</span>
          <span className="inbox-item-time" title={item.proposedAt ? fullTime(item.proposedAt) : undefined}>
            {item.proposedAt ? shortAgo(item.proposedAt) : ''}
          </span>
        </div>
        {props.editing ? (
          <div className="inbox-edit">
            <textarea
              aria-label={`Edit “${item.text}” before approving`}
              id={`${titleId}-edit`}
              className="input inbox-edit-text"
              ref={editRef}
              value={draft}
              rows={2}
              data-testid="inbox-edit-text"
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  props.onEdit(false);
                  requestAnimationFrame(() => rowRef.current?.focus());
                } else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
                  e.preventDefault();
                  void saveEdit();
                }
              }}
            />
            <div className="inbox-edit-actions">
              <button type="button" className="button button-primary" data-testid="inbox-edit-save" onClick={() => void saveEdit()}>
                Save and approve
              </button>
              <button type="button" className="button" onClick={() => props.onEdit(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <div className="inbox-item-what" id={titleId}>
            <span className="inbox-action">{item.action}</span> <span className="inbox-text selectable" data-testid="inbox-item-text">“{item.text}”</span>
          </div>
        )}
        {item.replaces.length ? (
          <div className="inbox-replaces">
            instead of{' '}
            {item.replaces.map((r, i) => (
              <span key={i} className="inbox-replaced selectable">
                “{r}”
              </span>
            ))}
          </div>
        ) : null}
        {item.quote ? (
          <blockquote className="inbox-quote selectable" data-testid="inbox-item-quote">
            {item.quote}
          </blockquote>
        ) : null}
        <div className="inbox-reason">
          {item.reason}
          {item.sessionId && item.messageId ? (
            <>
              {' · '}
              <button type="button" className="link-button" tabIndex={props.focused ? 0 : -1} onClick={openChat}>
                Open the message
              </button>
            </>
          ) : null}
        </div>
        <details className="inbox-details">
          <summary>Details</summary>
          <span className="mono">
            {item.id} · {item.scope}
          </span>
        </details>
      </div>
      {!props.editing ? (
        <div className="inbox-item-actions">
          <button type="button" className="button button-primary" tabIndex={props.focused ? 0 : -1} data-testid="inbox-approve" onClick={() => props.onDecide('approve')} aria-label={`Approve “${item.text}”`}>
            Approve
          </button>
          {item.editable ? (
            <button type="button" className="button" tabIndex={props.focused ? 0 : -1} data-testid="inbox-edit" onClick={() => props.onEdit(true)} aria-label={`Edit “${item.text}”, then approve`}>
              Edit
            </button>
          ) : null}
          <button type="button" className="button" tabIndex={props.focused ? 0 : -1} data-testid="inbox-reject" onClick={() => props.onDecide('reject')} aria-label={`Reject “${item.text}”`}>
            Reject
          </button>
        </div>
      ) : null}
    </li>
  );
}
