// Facts per scope: the scope list on the left; on the right the selected scope's facts with their
// sources, search, add, inline edit and forget, one bar that says what the last action did (with Undo
// for a forget), and the date control: the facts as they were at any past moment, read-only.
import { useDeferredValue, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Icon } from '../../app/icons';
import { useAgents } from '../agents/store';
import { useSessions } from '../sessions/store';
import { fullTime, shortAgo } from '../../lib/time';
import { describeFeedback, type Tone } from './feedback';
import { FactList } from './FactList';
import { FactsTimeControl } from './FactsTimeControl';
import { ProposedChanges } from './ProposedChanges';
import { Glyph } from './Glyph';
import { formatMoment } from '../graph/format';
import { factMatches, GROUP_TITLES, scopeEntries, scopeFilePath, type ScopeEntry, type ScopeGroup } from './scopes';
import { useFacts } from './store';

export function FactsView() {
  const agentId = useAgents((s) => s.selectedId);
  const agents = useAgents((s) => s.agents);
  const byAgent = useSessions((s) => s.byAgent);
  const summaries = useFacts((s) => s.summaries);
  const scope = useFacts((s) => s.scope);
  const list = useFacts((s) => s.list);
  const query = useFacts((s) => s.query);
  const at = useFacts((s) => s.at);
  const past = at !== null;
  const deferredQuery = useDeferredValue(query);
  const searchRef = useRef<HTMLInputElement>(null);

  const entries = useMemo(() => {
    const allSessions = Object.values(byAgent).flat();
    const sessions = agentId ? (byAgent[agentId] ?? []) : [];
    return scopeEntries({ agentId, agents, sessions, allSessions, summaries, ensure: scope });
  }, [agentId, agents, byAgent, summaries, scope]);
  const entry = entries.find((e) => e.scope === scope)!;
  const labelOf = (s: string) => entries.find((e) => e.scope === s)?.label ?? s;

  // The list loaded for this scope and this moment (another is on its way otherwise).
  const facts = list?.scope === scope && list.at === (at === null ? null : new Date(at).toISOString()) ? list.facts : null;
  const shown = useMemo(() => (facts ?? []).filter((f) => factMatches(f, deferredQuery)), [facts, deferredQuery]);

  // "/" jumps to search; Ctrl/Cmd+Z undoes the last forget — unless the person is typing somewhere.
  useEffect(() => {
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (isTyping(e.target) || document.querySelector('.dialog-backdrop')) return;
      if (e.key === '/' && !e.ctrlKey && !e.metaKey && !e.altKey) {
        e.preventDefault();
        searchRef.current?.focus();
      } else if ((e.ctrlKey || e.metaKey) && !e.shiftKey && e.key.toLowerCase() === 'z' && useFacts.getState().undo) {
        e.preventDefault();
        void useFacts.getState().undoForget();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const othersWithWarnings = entries.filter((e) => e.scope !== scope && e.warnings.length > 0);

  return (
    <div className="memory-body memory-facts" data-testid="facts-view">
      <ScopeList entries={entries} selected={scope} />
      <section className="facts-column" aria-labelledby="facts-title">
        {othersWithWarnings.length ? <OtherWarnings entries={othersWithWarnings} /> : null}
        <header className="facts-head">
          <div className="facts-head-text">
            <h2 className="facts-title" id="facts-title" data-testid="facts-title">
              {entry.label}
            </h2>
            <div className="facts-meta">
              <span className="scope-tag mono selectable" data-testid="facts-scope">
                {scope}
              </span>
              <span>
                {entry.count} {entry.count === 1 ? 'fact' : 'facts'}
              </span>
              {entry.updated ? <span title={fullTime(entry.updated)}>updated {ago(entry.updated)}</span> : <span>no file yet</span>}
              <span className="mono selectable facts-file" title="The Markdown file in your Monad home">
                {scopeFilePath(scope)}
              </span>
            </div>
          </div>
          <label className="search-field">
            <Glyph name="search" size={15} className="search-icon" />
            <input
              ref={searchRef}
              type="search"
              className="input search-input"
              placeholder="Search these facts"
              aria-label="Search facts"
              aria-keyshortcuts="/"
              data-testid="facts-search"
              value={query}
              onChange={(e) => useFacts.getState().setQuery(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape' && query) {
                  e.preventDefault();
                  useFacts.getState().setQuery('');
                } else if (e.key === 'ArrowDown') {
                  e.preventDefault();
                  document.querySelector<HTMLElement>('[data-testid="fact"][tabindex="0"]')?.focus();
                }
              }}
            />
            <kbd className="search-kbd" aria-hidden="true">
              /
            </kbd>
          </label>
        </header>

        <FactsTimeControl label={entry.label} />

        {past ? (
          <div className="facts-past" role="status" data-testid="facts-past">
            <Glyph name="clock" size={16} className="facts-past-icon" />
            <div className="facts-past-body">
              <div className="facts-past-title">
                {entry.label} as it was on {formatMoment(at)}
              </div>
              <div className="facts-past-hint">What Monad knew then, from the versions it keeps of every fact. Go back to now to change anything.</div>
            </div>
            <button type="button" className="button" data-testid="facts-past-now" onClick={() => void useFacts.getState().setAt(null)}>
              Back to now
            </button>
          </div>
        ) : null}

        {!past && list?.scope === scope && list.warnings.length ? <ScopeWarnings scope={scope} warnings={list.warnings} /> : null}

        {past ? null : <ProposedChanges scope={scope} />}

        {past ? null : <AddFact label={entry.label} scope={scope} />}

        {query.trim() && facts ? (
          <div className="facts-match-count" data-testid="facts-match-count" role="status">
            {shown.length === 0 ? `No fact matches “${query.trim()}”` : `${shown.length} of ${facts.length} ${facts.length === 1 ? 'fact' : 'facts'} match`}
          </div>
        ) : null}

        {facts === null ? (
          <div className="facts-empty">Loading…</div>
        ) : (
          <FactList
            facts={shown}
            query={deferredQuery}
            readOnly={past}
            emptyText={
              facts.length === 0
                ? past
                  ? `Nothing was in ${entry.label} then.`
                  : `Nothing in ${entry.label} yet. Agents record facts here with their memory tool; you can add one above.`
                : 'No fact matches the search.'
            }
          />
        )}

        <FeedbackBar labelOf={labelOf} />
      </section>
    </div>
  );
}

function ago(iso: string): string {
  const s = shortAgo(iso);
  return s === 'now' ? 'just now' : /^\d/.test(s) && !/\s/.test(s) ? `${s} ago` : s;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

const GROUP_ORDER: ScopeGroup[] = ['shared', 'agent', 'project', 'other'];

function ScopeList({ entries, selected }: { entries: ScopeEntry[]; selected: string }) {
  const navRef = useRef<HTMLElement>(null);

  function onKeyDown(e: KeyboardEvent<HTMLElement>) {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const items = Array.from(navRef.current?.querySelectorAll<HTMLButtonElement>('[data-testid="scope-item"]') ?? []);
    const i = items.indexOf(document.activeElement as HTMLButtonElement);
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? items.length - 1 : Math.max(0, Math.min(items.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)));
    e.preventDefault();
    items[next]?.focus();
    items[next]?.click();
  }

  return (
    <nav className="scope-list" aria-label="Memory scopes" data-testid="scope-list" ref={navRef} onKeyDown={onKeyDown}>
      {GROUP_ORDER.map((group) => {
        const inGroup = entries.filter((e) => e.group === group);
        if (inGroup.length === 0) return null;
        return (
          <div className="scope-group" key={group}>
            <div className="scope-group-title">{GROUP_TITLES[group]}</div>
            {inGroup.map((e) => {
              const isSelected = e.scope === selected;
              return (
                <button
                  key={e.scope}
                  type="button"
                  className={`scope-item${isSelected ? ' is-selected' : ''}${e.warnings.length ? ' has-warnings' : ''}`}
                  aria-current={isSelected ? 'true' : undefined}
                  tabIndex={isSelected ? 0 : -1}
                  data-testid="scope-item"
                  data-scope={e.scope}
                  title={e.warnings.length ? `${e.scope}\n\nRead with warnings:\n${e.warnings.join('\n')}` : e.scope}
                  onClick={() => void useFacts.getState().selectScope(e.scope)}
                >
                  <span className="scope-item-main">
                    <span className="scope-label">{e.label}</span>
                    {e.warnings.length ? (
                      <span className="scope-warn" data-testid="scope-warning" aria-label={`${e.warnings.length} warnings`}>
                        <Icon name="alert" size={13} />
                      </span>
                    ) : null}
                    <span className="scope-count" data-testid="scope-count">
                      {e.count}
                    </span>
                  </span>
                  {e.detail ? <span className="scope-detail">{e.detail}</span> : null}
                </button>
              );
            })}
          </div>
        );
      })}
    </nav>
  );
}

function ScopeWarnings({ scope, warnings }: { scope: string; warnings: string[] }) {
  return (
    <div className="banner banner-warning memory-warnings" role="alert" data-testid="scope-warnings">
      <Icon name="alert" size={16} className="banner-icon" />
      <div className="banner-body">
        <div className="banner-title">
          {scopeFilePath(scope)} was edited by hand and read with {warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`}
        </div>
        <ul className="memory-warning-list">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
        <div className="banner-hint">
          The facts below are how Monad read it. The next change in this scope rewrites the file in its standard form and keeps the original in{' '}
          <span className="mono">memory/.backup/</span>.
        </div>
      </div>
    </div>
  );
}

function OtherWarnings({ entries }: { entries: ScopeEntry[] }) {
  return (
    <div className="banner banner-warning banner-compact memory-other-warnings" role="status" data-testid="other-scope-warnings">
      <Icon name="alert" size={16} className="banner-icon" />
      <div className="banner-body">
        <span className="banner-title">
          {entries.length === 1 ? 'Another memory file needs a look:' : `${entries.length} other memory files need a look:`}
        </span>
        {entries.map((e) => (
          <button key={e.scope} type="button" className="link-button" onClick={() => void useFacts.getState().selectScope(e.scope)}>
            {e.label}
          </button>
        ))}
      </div>
    </div>
  );
}

function AddFact({ label, scope }: { label: string; scope: string }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [invalid, setInvalid] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  // A half-typed fact belongs to the scope it was typed for.
  useEffect(() => {
    setText('');
    setInvalid(false);
  }, [scope]);

  async function submit() {
    if (!text.trim() || busy) return;
    setBusy(true);
    const result = await useFacts.getState().add(text);
    setBusy(false);
    requestAnimationFrame(() => inputRef.current?.focus());
    if (!result) return; // the error is on screen as a toast; keep the text
    if (result.status === 'rejected' || result.status === 'refused') {
      setInvalid(true); // keep the text so it can be fixed; the reason is in the bar below
      return;
    }
    setText('');
    setInvalid(false);
  }

  return (
    <form
      className="fact-add"
      data-testid="fact-add"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Icon name="plus" size={16} className="fact-add-icon" />
      <input
        ref={inputRef}
        className={`input fact-add-input${invalid ? ' is-invalid' : ''}`}
        data-testid="fact-add-input"
        aria-label={`New fact for ${label}`}
        aria-invalid={invalid || undefined}
        placeholder={`Add a fact to ${label} — one line, Enter to save`}
        maxLength={4000}
        value={text}
        disabled={busy}
        onChange={(e) => {
          setText(e.target.value);
          setInvalid(false);
        }}
      />
      <button type="submit" className="button button-primary" data-testid="fact-add-submit" disabled={!text.trim() || busy}>
        Add
      </button>
    </form>
  );
}

const TONE_ICON: Record<Tone, 'check' | 'alert' | 'info'> = { ok: 'check', warn: 'alert', info: 'info', error: 'alert' };

function FeedbackBar({ labelOf }: { labelOf(scope: string): string }) {
  const feedback = useFacts((s) => s.feedback);
  const undo = useFacts((s) => s.undo);
  if (!feedback) return null;
  const d = describeFeedback(feedback, labelOf);
  const status = feedback.op === 'forget' ? 'forgotten' : feedback.op === 'missing' ? 'missing' : feedback.result.status;
  const canUndo = feedback.op === 'forget' && undo !== null && undo.id === feedback.fact.id;
  return (
    <div
      key={feedback.seq}
      className={`fact-feedback fact-feedback-${d.tone}`}
      role={d.tone === 'error' ? 'alert' : 'status'}
      data-testid="fact-feedback"
      data-op={feedback.op}
      data-status={status}
      data-redacted={d.redactions.length ? 'true' : undefined}
    >
      <span className="fact-feedback-icon">
        <Icon name={TONE_ICON[d.tone]} size={16} />
      </span>
      <div className="fact-feedback-body">
        <div className="fact-feedback-title">{d.title}</div>
        {d.detail ? <div className="fact-feedback-detail selectable">{d.detail}</div> : null}
        {d.redactions.length ? (
          <div className="fact-feedback-redactions" data-testid="fact-feedback-redactions">
            Redacted:{' '}
            {d.redactions.map((k, i) => (
              <span key={`${k}-${i}`} className="redaction-kind mono">
                {k}
              </span>
            ))}
          </div>
        ) : null}
      </div>
      {canUndo ? (
        <button
          type="button"
          className="button"
          data-testid="fact-undo"
          title="Put it back (Ctrl+Z)"
          onClick={() => void useFacts.getState().undoForget()}
        >
          <Glyph name="undo" size={15} />
          Undo
        </button>
      ) : null}
      <button type="button" className="icon-button" aria-label="Dismiss" onClick={() => useFacts.getState().dismissFeedback()}>
        <Icon name="close" size={14} />
      </button>
    </div>
  );
}
