// The search box at the top of the sidebar: Ctrl/Cmd+K focuses it from anywhere, results appear as you
// type in a panel beside it. The focus stays in the field (a combobox): ↑/↓ move through the results,
// Enter opens one, Escape closes the panel and gives the focus back to where it was. Focus alone (Tab)
// does not open the panel.
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Icon, StrokeIcon } from '../../app/icons';
import { useAgents } from '../agents/store';
import { openItem } from './items';
import { SearchPanel } from './SearchPanel';
import { useSearch } from './store';
import '../../styles/search.css';

const IS_MAC = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
export const SHORTCUT_LABEL = IS_MAC ? '⌘K' : 'Ctrl K';
const PANEL_ID = 'search-panel-list';
const SEARCH_ICON = 'M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4';

export function SearchBox() {
  const open = useSearch((s) => s.open);
  const query = useSearch((s) => s.query);
  const status = useSearch((s) => s.status);
  const active = useSearch((s) => s.active);
  const hasItems = useSearch((s) => s.items.length > 0);
  const agentOnly = useSearch((s) => s.agentOnly);
  const agentId = useAgents((s) => s.selectedId);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Where the focus was before Ctrl/Cmd+K, to give it back on Escape. */
  const returnFocus = useRef<HTMLElement | null>(null);

  // Ctrl/Cmd+K from anywhere (capture: editors and fields below must not swallow it first).
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.shiftKey || e.key.toLowerCase() !== 'k') return;
      if (document.querySelector('[role="alertdialog"]')) return;
      e.preventDefault();
      const input = inputRef.current;
      if (!input) return;
      const from = document.activeElement;
      if (from instanceof HTMLElement && from !== input && from !== document.body && !rootRef.current?.contains(from)) returnFocus.current = from;
      input.focus();
      input.select();
      useSearch.getState().setOpen(true);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  // A click anywhere else closes the panel.
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) useSearch.getState().setOpen(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [open]);

  // "This agent only" follows the agent picked in the sidebar.
  useEffect(() => {
    const s = useSearch.getState();
    if (s.open && s.agentOnly && s.query.trim()) void s.run();
  }, [agentId]);

  function close(restoreFocus: boolean) {
    useSearch.getState().setOpen(false);
    const back = returnFocus.current;
    returnFocus.current = null;
    if (restoreFocus && back?.isConnected) back.focus();
    else inputRef.current?.blur();
  }

  async function openActive() {
    let s = useSearch.getState();
    // Enter before the debounced request went out (or while it is on its way): search now, open the best.
    if (s.status === 'pending' || s.answered?.query !== s.query.trim()) {
      await s.run();
      s = useSearch.getState();
    }
    const item = s.items[s.active];
    if (!item) return;
    returnFocus.current = null;
    close(false);
    openItem(item);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    const s = useSearch.getState();
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        e.preventDefault();
        if (!s.open) s.setOpen(true);
        else s.move(e.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter':
        e.preventDefault();
        if (s.query.trim()) void openActive();
        break;
      case 'Escape':
        // Handled here: the chat's "Escape stops the reply" must not fire as well.
        e.preventDefault();
        close(true);
        break;
    }
  }

  const busy = status === 'pending';
  return (
    <div
      className={`sidebar-search${open ? ' is-open' : ''}`}
      ref={rootRef}
      data-testid="search"
      onBlur={(e) => {
        // Tabbing out of the box (not into the panel's own controls) closes it.
        if (e.relatedTarget && !e.currentTarget.contains(e.relatedTarget as Node)) useSearch.getState().setOpen(false);
      }}
    >
      <div className="sidebar-search-field">
        <StrokeIcon d={SEARCH_ICON} size={15} className="sidebar-search-icon" />
        <input
          ref={inputRef}
          className="input sidebar-search-input"
          type="text"
          role="combobox"
          aria-label="Search messages, facts and entities"
          aria-expanded={open}
          aria-controls={PANEL_ID}
          aria-autocomplete="list"
          aria-activedescendant={open && hasItems ? `search-option-${active}` : undefined}
          placeholder="Search"
          spellCheck={false}
          autoComplete="off"
          maxLength={1000}
          value={query}
          data-testid="search-input"
          onChange={(e) => useSearch.getState().setQuery(e.target.value)}
          // Tabbing onto the field does not open the panel (issue 29 §5: it covered the page for anyone
          // passing through with Tab); typing, ↓, a click or Ctrl/Cmd+K does.
          onMouseDown={() => useSearch.getState().setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {busy ? (
          <span className="sidebar-search-spinner" role="status" aria-label="Searching" data-testid="search-loading" />
        ) : query ? (
          <button
            type="button"
            className="icon-button sidebar-search-clear"
            aria-label="Clear the search"
            title="Clear"
            tabIndex={-1}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => {
              useSearch.getState().setQuery('');
              inputRef.current?.focus();
            }}
          >
            <Icon name="close" size={13} />
          </button>
        ) : (
          <kbd className="sidebar-search-kbd" aria-hidden="true">
            {SHORTCUT_LABEL}
          </kbd>
        )}
      </div>
      {open ? (
        <SearchPanel
          listId={PANEL_ID}
          agentOnly={agentOnly}
          onOpen={(item) => {
            returnFocus.current = null;
            close(false);
            openItem(item);
          }}
          refocus={() => inputRef.current?.focus()}
        />
      ) : null}
    </div>
  );
}
