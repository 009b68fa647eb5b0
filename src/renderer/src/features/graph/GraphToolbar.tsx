// Above the canvas: which scope, entity search (Enter jumps to the next match), refresh.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAgents } from '../agents/store';
import { describeScope } from '../facts/scopes';
import { useSessions } from '../sessions/store';
import { GraphIcon } from './graph-icons';
import { plural } from './format';
import { useGraph } from './store';

/** Typing re-fades thousands of elements: wait for a pause on big graphs. */
const SEARCH_DEBOUNCE_MS = 120;

export function GraphToolbar() {
  const scope = useGraph((s) => s.scope);
  return (
    <div className="graph-toolbar">
      <ScopeSelect />
      <SearchBox />
      <div className="spacer" />
      <Truncated />
      <ProposalsButton />
      <button
        type="button"
        className="button button-quiet"
        data-testid="graph-add"
        title="Add a relation you know"
        aria-label="Add relation"
        disabled={!scope}
        onClick={() => useGraph.getState().openPanel({ kind: 'add', from: '' })}
      >
        <GraphIcon name="plus" size={15} />
        <span className="graph-toolbar-label">Add relation</span>
      </button>
      <button type="button" className="button button-quiet" data-testid="graph-refresh" title="Read the graph again" aria-label="Refresh" onClick={() => void useGraph.getState().reload()}>
        <GraphIcon name="refresh" size={15} />
        <span className="graph-toolbar-label">Refresh</span>
      </button>
    </div>
  );
}

function ScopeSelect() {
  const scope = useGraph((s) => s.scope);
  const scopes = useGraph((s) => s.scopes);
  const agentScope = useGraph((s) => s.agentScope);
  const agents = useAgents((s) => s.agents);
  const byAgent = useSessions((s) => s.byAgent);

  const options = useMemo(() => {
    const sessions = Object.values(byAgent).flat();
    const counts = new Map(scopes.map((s) => [s.scope, s]));
    const list = [...new Set([...(agentScope ? [agentScope] : []), ...(scope ? [scope] : []), ...scopes.map((s) => s.scope)])];
    return list.map((value) => {
      const { label } = describeScope(value, agents, sessions);
      const c = counts.get(value);
      const text = value.startsWith('agent:') ? `Agent · ${label}` : label;
      return { value, text: c ? `${text} (${c.nodes.toLocaleString()})` : `${text} (empty)` };
    });
  }, [scopes, scope, agentScope, agents, byAgent]);

  return (
    <select
        className="input graph-select"
        aria-label="Scope"
        data-testid="graph-scope"
        value={scope ?? ''}
        onChange={(e) => void useGraph.getState().setScope(e.target.value)}
        onFocus={() => void useGraph.getState().loadScopes()}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
  );
}

function SearchBox() {
  const storeQuery = useGraph((s) => s.query);
  const matches = useGraph((s) => s.matches.length);
  const matchIndex = useGraph((s) => s.matchIndex);
  const disabled = useGraph((s) => s.status !== 'ready');
  const [text, setText] = useState(storeQuery);
  const timer = useRef<number | undefined>(undefined);

  // A new scope clears the search in the store; mirror that here.
  useEffect(() => {
    if (storeQuery === '') setText('');
  }, [storeQuery]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const flush = (value: string) => {
    window.clearTimeout(timer.current);
    if (useGraph.getState().query !== value) useGraph.getState().setQuery(value);
  };

  const active = text.trim() !== '';
  return (
    <div className={`graph-search${active ? ' is-active' : ''}`}>
      <GraphIcon name="search" size={15} className="graph-search-icon" />
      <input
        className="input"
        type="search"
        placeholder="Find an entity"
        aria-label="Find an entity (Enter: next match)"
        data-testid="graph-search"
        disabled={disabled}
        value={text}
        onChange={(e) => {
          const value = e.target.value;
          setText(value);
          window.clearTimeout(timer.current);
          timer.current = window.setTimeout(() => flush(value), SEARCH_DEBOUNCE_MS);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            flush(text);
            useGraph.getState().jumpToMatch(e.shiftKey ? -1 : 1);
          } else if (e.key === 'Escape' && text) {
            e.preventDefault();
            setText('');
            flush('');
          }
        }}
      />
      {active && storeQuery === text ? (
        <>
          <span className="graph-search-count" data-testid="graph-search-count" aria-live="polite">
            {matches === 0 ? 'No match' : matchIndex >= 0 ? `${matchIndex + 1} of ${matches}` : plural(matches, 'match', 'matches')}
          </span>
          <button type="button" className="icon-button" title="Previous match (Shift+Enter)" aria-label="Previous match" disabled={!matches} onClick={() => useGraph.getState().jumpToMatch(-1)}>
            <GraphIcon name="up" />
          </button>
          <button type="button" className="icon-button" title="Next match (Enter)" aria-label="Next match" disabled={!matches} onClick={() => useGraph.getState().jumpToMatch(1)}>
            <GraphIcon name="down" />
          </button>
        </>
      ) : null}
    </div>
  );
}

/** Shown while extraction has changes waiting for the person (it never acts against what they asserted). */
function ProposalsButton() {
  const n = useGraph((s) => s.proposals.length);
  const open = useGraph((s) => s.panel?.kind === 'proposals');
  if (!n && !open) return null;
  return (
    <button
      type="button"
      className={`button${open ? ' is-active' : ''}`}
      data-testid="graph-proposals-open"
      aria-pressed={open}
      title="Changes extraction proposed against what you added or marked wrong"
      aria-label={`Proposed changes (${n})`}
      onClick={() => useGraph.getState().openPanel(open ? null : { kind: 'proposals' })}
    >
      <span className="graph-toolbar-label">Proposed changes</span>
      <span className="graph-toolbar-short">Proposed</span>
      <span className="graph-badge" data-testid="graph-proposals-count">
        {n}
      </span>
    </button>
  );
}

function Truncated() {
  const truncated = useGraph((s) => s.model?.truncated ?? false);
  const n = useGraph((s) => s.model?.nodes.length ?? 0);
  if (!truncated) return null;
  return (
    <span className="pill pill-warn" title="The snapshot is capped so the view stays usable">
      Showing the {n.toLocaleString()} most connected entities
    </span>
  );
}
