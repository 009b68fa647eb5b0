// The results panel under the search box: the agent toggle, results grouped by kind (messages with
// their chat, role and date; facts with their scope; graph entities), and the hint, empty and error states.
import { useEffect, useRef, type ReactNode } from 'react';
import type { Agent } from '../../../../shared/config';
import type { Highlight } from '../../../../shared/search';
import { Icon, type IconName } from '../../app/icons';
import { fullTime } from '../../lib/time';
import { useAgents } from '../agents/store';
import { describeScope } from '../facts/scopes';
import { forgetEverything } from '../forget/store';
import { useSessions } from '../sessions/store';
import { GROUP_LABELS, pieces, resultDate, wordPrefixRanges, type ResultGroup, type ResultItem } from './items';
import { useSearch } from './store';
import { entityTypeWords } from '../../../../shared/relation-words';

const KIND_ICON: Record<ResultItem['kind'], IconName> = { message: 'chat', fact: 'memory', entity: 'graph' };

interface Props {
  listId: string;
  agentOnly: boolean;
  onOpen(item: ResultItem): void;
  /** Gives the focus back to the field after a click on the panel's own controls. */
  refocus(): void;
}

export function SearchPanel({ listId, agentOnly, onOpen, refocus }: Props) {
  const query = useSearch((s) => s.query.trim());
  const status = useSearch((s) => s.status);
  const items = useSearch((s) => s.items);
  const answered = useSearch((s) => s.answered);
  const error = useSearch((s) => s.error);
  const active = useSearch((s) => s.active);
  const tookMs = useSearch((s) => s.results?.tookMs ?? null);
  // Hybrid search fell back to words (the embedding model failed): said once, above the results.
  const notice = useSearch((s) => s.results?.notice ?? null);
  const agents = useAgents((s) => s.agents);
  const agentId = useAgents((s) => s.selectedId);
  const agent = agents.find((a) => a.id === agentId) ?? null;
  const listRef = useRef<HTMLDivElement>(null);

  // Keep the highlighted result in view while moving with the keyboard.
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, items]);

  const setScope = (only: boolean) => {
    if (only !== agentOnly) useSearch.getState().setAgentOnly(only);
    refocus();
  };
  // Results on screen are for an older query while a newer one is on its way: shown dimmed, not blanked.
  const stale = status === 'pending' && answered !== null && answered.query !== query;

  let body: ReactNode;
  if (!query) {
    body = (
      <div className="search-state" data-testid="search-hint">
        <div className="search-state-title">Search your past conversations and memory</div>
        <div className="search-state-text">Messages from every chat, the facts Monad keeps, and the entities of its knowledge graph.</div>
      </div>
    );
  } else if (status === 'error') {
    body = (
      <div className="search-state search-state-error" role="alert" data-testid="search-error">
        <Icon name="alert" size={18} className="search-state-icon" />
        <div className="search-state-title">Search failed</div>
        <div className="search-state-text selectable">{error}</div>
        <button
          type="button"
          className="button"
          data-testid="search-retry"
          onClick={() => {
            void useSearch.getState().run();
            refocus();
          }}
        >
          Try again
        </button>
      </div>
    );
  } else if (!answered) {
    body = (
      <div className="search-state" data-testid="search-searching">
        <div className="search-state-text">Searching…</div>
      </div>
    );
  } else if (items.length === 0) {
    body = (
      <div className="search-state" data-testid="search-empty">
        <div className="search-state-title">
          No results for “<span className="selectable">{answered.query}</span>”
        </div>
        <div className="search-state-text">
          {answered.agentId && agent ? `Nothing in ${agent.name}’s chats and memory matches.` : 'Nothing in your chats or memory matches.'}
          <br />
          Try fewer or other words.
        </div>
        {answered.agentId ? (
          <button type="button" className="button" data-testid="search-widen" onClick={() => setScope(false)}>
            Search all agents
          </button>
        ) : null}
      </div>
    );
  } else {
    body = (
      <ResultList
        listId={listId}
        busy={status === 'pending'}
        items={items}
        active={active}
        query={answered.query}
        agents={agents}
        showAgent={!answered.agentId && agents.length > 1}
        selectedAgentId={agentId}
        onOpen={onOpen}
      />
    );
  }

  return (
    <div className="search-panel" data-testid="search-panel" data-status={status}>
      <div className="search-panel-head">
        <div className="segmented search-scope" role="radiogroup" aria-label="Search in">
          <button
            type="button"
            role="radio"
            aria-checked={!agentOnly}
            className={`segment${!agentOnly ? ' is-active' : ''}`}
            data-testid="search-scope-all"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setScope(false)}
          >
            All agents
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={agentOnly}
            className={`segment${agentOnly ? ' is-active' : ''}`}
            data-testid="search-scope-agent"
            disabled={!agent}
            title={agent ? `Only ${agent.name}’s chats, its own facts and the shared ones` : undefined}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => setScope(true)}
          >
            <span className="search-scope-name">{agent ? agent.name : 'This agent'}</span> only
          </button>
        </div>
        <span className="spacer" />
        {answered && items.length > 0 && status !== 'error' ? (
          <span className="search-count" data-testid="search-count" title={tookMs !== null ? `${tookMs} ms` : undefined}>
            {items.length} {items.length === 1 ? 'result' : 'results'}
          </span>
        ) : null}
        {answered && items.length > 0 && status !== 'error' ? (
          <button
            type="button"
            className="button button-quiet button-danger-text search-forget"
            data-testid="search-forget"
            title={`Preview every fact, entity, relation, law and memory that mentions “${answered.query}”, then forget them`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => void forgetEverything({ kind: 'text', text: answered.query.slice(0, 200) })}
          >
            <Icon name="eraser" size={14} />
            Forget all about it…
          </button>
        ) : null}
      </div>
      <div className={`search-body${stale ? ' is-stale' : ''}`} ref={listRef}>
        {notice && status !== 'error' ? (
          <div className="search-state-text search-notice" role="status" data-testid="search-notice">
            {notice}
          </div>
        ) : null}
        {body}
      </div>
      <div className="search-foot" aria-hidden="true">
        {items.length > 0 && status !== 'error' ? (
          <>
            <span>
              <kbd>↑</kbd>
              <kbd>↓</kbd> move
            </span>
            <span>
              <kbd>↵</kbd> open
            </span>
          </>
        ) : null}
        <span>
          <kbd>Esc</kbd> close
        </span>
      </div>
    </div>
  );
}

function ResultList(props: {
  listId: string;
  busy: boolean;
  items: ResultItem[];
  active: number;
  query: string;
  agents: Agent[];
  showAgent: boolean;
  selectedAgentId: string | null;
  onOpen(item: ResultItem): void;
}) {
  const byAgent = useSessions((s) => s.byAgent);
  const sessions = Object.values(byAgent).flat();
  const agentName = (id: string) => props.agents.find((a) => a.id === id)?.name ?? id;

  const groups: { kind: ResultGroup; rows: { item: ResultItem; index: number }[] }[] = [];
  props.items.forEach((item, index) => {
    const last = groups.at(-1);
    if (last?.kind === item.group) last.rows.push({ item, index });
    else groups.push({ kind: item.group, rows: [{ item, index }] });
  });

  return (
    <div role="listbox" id={props.listId} aria-label="Search results" aria-busy={props.busy} data-testid="search-results">
      {groups.map((g) => (
        <div
          key={g.kind}
          role="group"
          aria-labelledby={`search-group-${g.kind}`}
          className={`search-group${g.kind === 'near' ? ' search-group-near' : ''}`}
          data-testid={`search-group-${g.kind}`}
        >
          <div className="search-group-title" id={`search-group-${g.kind}`}>
            {GROUP_LABELS[g.kind]}
            <span className="search-group-count">{g.rows.length}</span>
          </div>
          {g.rows.map(({ item, index }) => {
            const isActive = index === props.active;
            let content: ReactNode;
            let data: Record<string, string>;
            switch (item.kind) {
              case 'message': {
                const h = item.hit;
                const who = h.role === 'user' ? 'You' : h.role === 'assistant' ? agentName(h.agentId) : h.role === 'system' ? 'System' : 'Tool';
                data = { 'data-message-id': h.messageId, 'data-session-id': h.sessionId };
                content = (
                  <>
                    <div className="search-option-head">
                      <span className="search-option-title">{h.sessionTitle}</span>
                      {props.showAgent ? <span className="search-tag">{agentName(h.agentId)}</span> : null}
                      {h.highlights.length === 0 && !h.via ? (
                        <span className="search-near" title="Next to a message that matches">
                          near a match
                        </span>
                      ) : null}
                      <time className="search-option-date" dateTime={h.createdAt} title={fullTime(h.createdAt)}>
                        {resultDate(h.createdAt)}
                      </time>
                    </div>
                    <div className="search-snippet" data-testid="search-snippet">
                      <span className={`search-role search-role-${h.role}`}>{who}:</span> <Marked text={h.snippet} highlights={h.highlights} />
                    </div>
                    {h.via ? (
                      <div className="search-via" data-testid="search-via">
                        matched through {h.via.kind === 'fact' ? 'a fact' : 'a relation'}: <Marked text={h.via.text} highlights={wordPrefixRanges(h.via.text, props.query)} />
                      </div>
                    ) : null}
                  </>
                );
                break;
              }
              case 'fact': {
                const h = item.hit;
                const scope = describeScope(h.scope, props.agents, sessions, props.selectedAgentId);
                data = { 'data-fact-id': h.factId, 'data-scope': h.scope };
                content = (
                  <>
                    <div className="search-snippet search-fact-text" data-testid="search-snippet">
                      <Marked text={h.text} highlights={h.highlights} />
                    </div>
                    <div className="search-option-foot">
                      <span className="search-tag" title={scope.detail || h.scope} data-testid="search-scope-label">
                        {scope.label}
                      </span>
                    </div>
                  </>
                );
                break;
              }
              case 'entity': {
                const h = item.hit;
                const scope = describeScope(h.scope, props.agents, sessions, props.selectedAgentId);
                data = { 'data-node-id': String(h.nodeId), 'data-scope': h.scope };
                content = (
                  <>
                    <div className="search-option-head">
                      <span className="search-option-title">
                        <Marked text={h.name} highlights={wordPrefixRanges(h.name, props.query)} />
                      </span>
                      {h.type ? <span className="search-type">{entityTypeWords(h.type)}</span> : null}
                      <span className="search-tag search-tag-end" title={scope.detail || h.scope}>
                        {scope.label}
                      </span>
                    </div>
                    {h.summary ? (
                      <div className="search-entity-summary">
                        <Marked text={h.summary} highlights={wordPrefixRanges(h.summary, props.query)} />
                      </div>
                    ) : null}
                  </>
                );
                break;
              }
            }
            return (
              <div
                key={item.key}
                id={`search-option-${index}`}
                role="option"
                aria-selected={isActive}
                className={`search-option${isActive ? ' is-active' : ''}`}
                data-testid="search-result"
                data-kind={item.kind}
                data-index={index}
                {...data}
                // The focus stays in the field: a click must not take it away before it opens the result.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => useSearch.getState().setActive(index)}
                onClick={() => props.onOpen(item)}
              >
                <span className={`search-option-icon search-option-icon-${item.kind}`} aria-hidden="true">
                  <Icon name={KIND_ICON[item.kind]} size={15} />
                </span>
                <div className="search-option-body">{content}</div>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}

function Marked({ text, highlights }: { text: string; highlights: readonly Highlight[] }) {
  return (
    <>
      {pieces(text, highlights).map((p, i) =>
        p.marked ? (
          <mark key={i} className="search-mark">
            {p.text}
          </mark>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </>
  );
}
