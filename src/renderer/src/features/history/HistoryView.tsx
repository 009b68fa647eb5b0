// Memory → History: every change to memory in every layer, newest first and grouped by day, filtered
// by layer, scope and who made it. Each entry says who, from where and when, links to its item (and to
// the message it came from), and can be undone; an undo that would change more than the entry shows
// what else it changes before anything is done.
import '../../styles/history.css';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { HistoryEntry, JournalActor, JournalLayer } from '../../../../shared/journal';
import { JOURNAL_ACTORS, JOURNAL_LAYERS } from '../../../../shared/journal';
import { useConnection } from '../../lib/connection';
import { onMemoryChanged } from '../../lib/memory-changed';
import { fullTime } from '../../lib/time';
import { useAgents } from '../agents/store';
import { describeScope } from '../facts/scopes';
import { useMem0Active } from '../mem0';
import { useSessions } from '../sessions/store';
import { ACTOR_LABEL, groupReason, historyRows, itemRef, LAYER_LABEL, rowSummary, sourceMessage, timeOfDay, undoTarget, whoLabel, type HistoryRow, type ItemRef } from './format';
import { openItem, openLabel } from './open-item';
import { UndoPlanDialog } from './UndoPlanDialog';
import { ConflictsPanel } from '../sync/ConflictsPanel';
import { useHistory } from './store';

/** Other tabs, the CLI and background consolidation write history too: look for new entries while shown. */
const POLL_MS = 5000;

export function HistoryView() {
  const status = useHistory((s) => s.status);
  const entries = useHistory((s) => s.entries);
  const next = useHistory((s) => s.next);
  const loadingMore = useHistory((s) => s.loadingMore);
  const filters = useHistory((s) => s.filters);
  const rows = useMemo(() => historyRows(entries), [entries]);

  useEffect(() => {
    void useHistory.getState().load();
    const tick = () => {
      if (document.visibilityState === 'visible' && useConnection.getState().link === 'online') void useHistory.getState().poll();
    };
    const timer = setInterval(tick, POLL_MS);
    window.addEventListener('focus', tick);
    const stopChanged = onMemoryChanged(() => void useHistory.getState().poll());
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', tick);
      stopChanged();
    };
  }, []);

  const filtered = filters.layer !== null || filters.scope !== null || filters.actor !== null;
  return (
    <div className="memory-body history" data-testid="history-view">
      <Filters />
      <section className="history-column" aria-label="Changes to memory" aria-busy={status === 'loading'}>
        <ConflictsPanel />
        {status === 'loading' && !entries.length ? (
          <div className="history-state">Loading…</div>
        ) : status === 'error' && !entries.length ? (
          <div className="history-state" role="alert">
            The history could not be read.{' '}
            <button type="button" className="button" onClick={() => void useHistory.getState().load()}>
              Try again
            </button>
          </div>
        ) : !entries.length ? (
          <div className="history-state" data-testid="history-empty">
            <div className="history-state-title">{filtered ? 'No change matches these filters' : 'No changes to memory yet'}</div>
            <div className="history-state-text">
              {filtered ? 'Try another layer, scope or author.' : 'Every fact recorded, relation learned or law derived — and every correction — will be listed here, with undo.'}
            </div>
          </div>
        ) : (
          <Rows rows={rows} />
        )}
        {next ? (
          <button type="button" className="button history-more" data-testid="history-more" disabled={loadingMore} onClick={() => void useHistory.getState().loadMore()}>
            {loadingMore ? 'Loading…' : 'Show older changes'}
          </button>
        ) : null}
      </section>
      <UndoPlanDialog />
    </div>
  );
}

function Filters() {
  const filters = useHistory((s) => s.filters);
  const scopes = useHistory((s) => s.scopes);
  const agents = useAgents((s) => s.agents);
  const byAgent = useSessions((s) => s.byAgent);
  const allSessions = useMemo(() => Object.values(byAgent).flat(), [byAgent]);
  const choices = filters.scope && !scopes.includes(filters.scope) ? [filters.scope, ...scopes] : scopes;
  const { setFilter } = useHistory.getState();
  const layers: (JournalLayer | null)[] = [null, ...JOURNAL_LAYERS];

  return (
    <aside className="history-filters" aria-label="Filter the history">
      <fieldset className="history-filter">
        <legend className="history-filter-title">Layer</legend>
        <div className="history-layers" role="radiogroup" aria-label="Layer">
          {layers.map((l) => (
            <button
              key={l ?? 'all'}
              type="button"
              role="radio"
              aria-checked={filters.layer === l}
              className={`scope-item history-layer${filters.layer === l ? ' is-selected' : ''}`}
              data-testid={`history-layer-${l ?? 'all'}`}
              onClick={() => setFilter('layer', l)}
            >
              <span className="scope-label">{l ? LAYER_LABEL[l] : 'Every layer'}</span>
            </button>
          ))}
        </div>
      </fieldset>
      <label className="history-filter">
        <span className="history-filter-title">Scope</span>
        <select className="input" data-testid="history-scope" value={filters.scope ?? ''} onChange={(e) => setFilter('scope', e.target.value || null)}>
          <option value="">Every scope</option>
          {choices.map((s) => (
            <option key={s} value={s}>
              {describeScope(s, agents, allSessions).label} ({s})
            </option>
          ))}
        </select>
      </label>
      <label className="history-filter">
        <span className="history-filter-title">Made by</span>
        <select className="input" data-testid="history-actor" value={filters.actor ?? ''} onChange={(e) => setFilter('actor', (e.target.value || null) as JournalActor | null)}>
          <option value="">Anyone</option>
          {JOURNAL_ACTORS.map((a) => (
            <option key={a} value={a}>
              {ACTOR_LABEL[a]}
            </option>
          ))}
        </select>
      </label>
    </aside>
  );
}

function Rows({ rows }: { rows: HistoryRow[] }) {
  const mem0Active = useMem0Active();
  // Days as headings, each followed by its list: a screen reader can jump between days.
  const days: { head: Extract<HistoryRow, { kind: 'day' }>; items: Extract<HistoryRow, { kind: 'entry' }>[] }[] = [];
  for (const r of rows) {
    if (r.kind === 'day') days.push({ head: r, items: [] });
    else days.at(-1)?.items.push(r);
  }
  return (
    <div className="history-days" data-testid="history-list">
      {days.map((d) => (
        <section key={d.head.key} className="history-day" aria-labelledby={d.head.key}>
          <h3 className="history-day-title" id={d.head.key} data-testid="history-day">
            {d.head.label}
          </h3>
          <ol className="history-entries">
            {d.items.map((r) => (
              <EntryRow key={r.key} row={r} mem0Active={mem0Active} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

/** The entry's item link, when it can be shown: the mem0 explorer exists only while mem0 is the memory backend. */
function linkOf(e: HistoryEntry, mem0Active: boolean): ItemRef | null {
  const ref = itemRef(e);
  return ref?.kind === 'mem0' && !mem0Active ? null : ref;
}

function EntryRow({ row, mem0Active }: { row: Extract<HistoryRow, { kind: 'entry' }>; mem0Active: boolean }) {
  const { lead, members } = row;
  const [open, setOpen] = useState(false);
  const undoing = useHistory((s) => s.undoing);
  const flash = useHistory((s) => s.flash);
  const ref = useRef<HTMLLIElement>(null);
  const target = undoTarget(row);
  const link = linkOf(lead, mem0Active);
  const message = sourceMessage(lead);
  const undone = members.every((m) => m.undoneBy !== null);
  const isUndo = lead.undoes !== null;
  const undoneSummary = useHistory((st) => (lead.undoes === null ? null : (st.entries.find((e) => e.id === lead.undoes)?.summary ?? null)));
  // A group's shared reason is its summary already; a single entry's reason (a "this is wrong" note) is shown beside it.
  const reason = (members.length > 1 && groupReason(row)) || lead.actor === 'mcp' ? null : lead.source?.detail;

  const [lit, setLit] = useState(false);
  useEffect(() => {
    if (!flash || !members.some((m) => m.id === flash.id)) return;
    useHistory.getState().flashShown(flash.seq);
    setLit(true);
  }, [flash, members]);
  useEffect(() => {
    if (!lit) return;
    const t = setTimeout(() => setLit(false), 1600);
    return () => clearTimeout(t);
  }, [lit]);

  return (
    <li
      ref={ref}
      className={`history-entry${undone ? ' is-undone' : ''}${isUndo ? ' is-undo' : ''}${lit ? ' is-flashing' : ''}`}
      data-testid="history-entry"
      data-entry-id={lead.id}
      data-action={lead.action}
      data-layer={lead.layer}
      data-group={lead.groupId ?? undefined}
    >
      <time className="history-time" dateTime={lead.at} title={fullTime(lead.at)}>
        {timeOfDay(lead.at)}
      </time>
      <div className="history-main">
        <div className="history-summary selectable" data-testid="history-summary">
          {rowSummary(row)}
        </div>
        <div className="history-meta">
          <span className={`history-who actor-${lead.actor}`}>{whoLabel(lead)}</span>
          <span>{LAYER_LABEL[lead.layer]}</span>
          {lead.scope ? <span className="mono">{lead.scope}</span> : null}
          {reason && reason !== lead.summary ? <span className="history-reason selectable">{reason}</span> : null}
          {undone ? (
            <span className="pill history-pill" data-testid="history-undone">
              Undone
            </span>
          ) : null}
          {isUndo ? (
            // Words, not a pill: a bordered "Undo" beside the row's Undo button read as a second button.
            <span className="history-undo-note" data-testid="history-is-undo" title={undoneSummary ? `Undoes: ${undoneSummary}` : undefined}>
              Undoes an earlier change
            </span>
          ) : null}
        </div>
        {members.length > 1 ? (
          <>
            <button type="button" className="history-toggle" aria-expanded={open} data-testid="history-group-toggle" onClick={() => setOpen(!open)}>
              {open ? 'Hide' : 'Show'} the {members.length} changes made together
            </button>
            {open ? (
              <ul className="history-members" data-testid="history-members">
                {members.map((m) => (
                  <Member key={m.id} entry={m} link={linkOf(m, mem0Active)} />
                ))}
              </ul>
            ) : null}
          </>
        ) : null}
      </div>
      <div className="history-actions">
        {message ? (
          <button type="button" className="button button-quiet" data-testid="history-open-message" onClick={() => openItem(message)}>
            Open message
          </button>
        ) : null}
        {link && members.length === 1 ? (
          <button type="button" className="button button-quiet" data-testid="history-open" onClick={() => openItem(link)}>
            {openLabel(link)}
          </button>
        ) : null}
        {target ? (
          <button
            type="button"
            className="button"
            data-testid="history-undo"
            disabled={undoing !== null}
            aria-label={`Undo: ${rowSummary(row)}`}
            onClick={() => void useHistory.getState().undo(target)}
          >
            {undoing === target.id ? 'Undoing…' : 'Undo'}
          </button>
        ) : null}
      </div>
    </li>
  );
}

function Member({ entry, link }: { entry: HistoryEntry; link: ItemRef | null }) {
  return (
    <li className={`history-member${entry.undoneBy !== null ? ' is-undone' : ''}`} data-testid="history-member">
      <span className="selectable">{entry.summary}</span>
      {link ? (
        <button type="button" className="history-link" onClick={() => openItem(link)}>
          {openLabel(link)}
        </button>
      ) : null}
    </li>
  );
}
