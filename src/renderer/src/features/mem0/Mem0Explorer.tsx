// The mem0 explorer, for the Memory tab when `memory.backend` is "mem0": the backend's status (the
// managed qdrant's phase, download progress, fallback), every stored memory with its times and
// metadata (search, filter by agent, delete), and a 2D map of their embeddings. It reads qdrant only
// when qdrant already runs; it never starts it.
import { useEffect, useMemo, useRef } from 'react';
import type { Mem0Entry, Mem0Status } from '../../../../shared/domain';
import { confirmAction } from '../../app/confirm';
import { on } from '../../lib/api';
import { fullTime, shortAgo } from '../../lib/time';
import { ScatterPlot } from './ScatterPlot';
import { useMem0 } from './store';
import './mem0.css';

export function Mem0Explorer() {
  const status = useMem0((s) => s.status);
  const entries = useMem0((s) => s.entries);
  const projection = useMem0((s) => s.projection);
  const query = useMem0((s) => s.query);
  const agentId = useMem0((s) => s.agentId);
  const selectedId = useMem0((s) => s.selectedId);
  const hoverId = useMem0((s) => s.hoverId);
  const deleting = useMem0((s) => s.deleting);
  const pendingBefore = useRef(0);

  useEffect(() => {
    void useMem0.getState().refresh();
    // New memories land when a queued observation finishes; the status event says when.
    const stop = on('mem0.status', (st) => {
      useMem0.getState().setStatus(st);
      if (st.pendingObservations < pendingBefore.current) void useMem0.getState().refresh();
      pendingBefore.current = st.pendingObservations;
    });
    return stop;
  }, []);

  const agents = useMemo(() => [...new Set((entries?.entries ?? []).map((e) => e.agentId).filter((a): a is string => Boolean(a)))].sort(), [entries]);

  useEffect(() => {
    if (!selectedId) return;
    document.querySelector(`[data-mem0-entry="${CSS.escape(selectedId)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selectedId]);

  const remove = async (e: Mem0Entry) => {
    const ok = await confirmAction({ title: 'Delete this memory?', message: `“${e.text}” will be removed from mem0.`, confirmLabel: 'Delete', danger: true });
    if (ok) await useMem0.getState().remove(e.id);
  };

  return (
    <div className="mem0-explorer" data-testid="mem0-explorer">
      {status ? <StatusLine status={status} /> : null}
      <div className="mem0-toolbar">
        <input
          className="input mem0-search"
          type="search"
          placeholder="Search memories"
          aria-label="Search memories"
          value={query}
          data-testid="mem0-search"
          onChange={(e) => useMem0.getState().setQuery(e.target.value)}
        />
        {agents.length > 1 || agentId ? (
          <select className="input mem0-agent" aria-label="Agent" value={agentId ?? ''} onChange={(e) => useMem0.getState().setAgent(e.target.value || null)}>
            <option value="">All agents</option>
            {[...new Set([...agents, ...(agentId ? [agentId] : [])])].map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        ) : null}
        <span className="mem0-count">
          {entries ? `${entries.total} memor${entries.total === 1 ? 'y' : 'ies'}` : 'Loading…'}
        </span>
      </div>
      {entries?.notes.length ? <div className="mem0-notes">{entries.notes.join(' ')}</div> : null}
      <div className="mem0-columns">
        <ul className="mem0-list" aria-label="Memories" data-testid="mem0-list">
          {entries && !entries.entries.length ? <li className="mem0-empty">{query ? 'No memory matches.' : 'mem0 has not stored anything yet. It learns from your conversations.'}</li> : null}
          {entries?.entries.map((e) => (
            <li
              key={e.id}
              data-mem0-entry={e.id}
              data-testid="mem0-entry"
              className={`mem0-entry${e.id === selectedId ? ' is-selected' : ''}${e.id === hoverId ? ' is-hovered' : ''}${e.id === deleting ? ' is-deleting' : ''}`}
              onMouseEnter={() => useMem0.getState().hover(e.id)}
              onMouseLeave={() => useMem0.getState().hover(null)}
            >
              <button type="button" className="mem0-entry-main" aria-pressed={e.id === selectedId} onClick={() => useMem0.getState().select(e.id === selectedId ? null : e.id)}>
                <span className="mem0-entry-text selectable">{e.text}</span>
                <span className="mem0-entry-meta">
                  {e.createdAt ? <span title={`Created ${fullTime(e.createdAt)}`}>created {shortAgo(e.createdAt)}</span> : null}
                  {e.updatedAt && e.updatedAt !== e.createdAt ? <span title={`Updated ${fullTime(e.updatedAt)}`}>updated {shortAgo(e.updatedAt)}</span> : null}
                  {e.agentId ? <span>agent {e.agentId}</span> : null}
                  <span className={`mem0-store mem0-store-${e.store}`}>{e.store === 'local' ? 'local store' : e.store}</span>
                </span>
              </button>
              {e.id === selectedId ? (
                <div className="mem0-entry-detail">
                  <dl className="mem0-metadata">
                    <dt>id</dt>
                    <dd className="mono selectable">{e.id}</dd>
                    {e.createdAt ? (
                      <>
                        <dt>created</dt>
                        <dd>{fullTime(e.createdAt)}</dd>
                      </>
                    ) : null}
                    {e.updatedAt && e.updatedAt !== e.createdAt ? (
                      <>
                        <dt>updated</dt>
                        <dd>{fullTime(e.updatedAt)}</dd>
                      </>
                    ) : null}
                    {Object.entries(e.metadata).map(([k, v]) => (
                      <MetaRow key={k} k={k} v={v} />
                    ))}
                  </dl>
                  <button type="button" className="button button-danger-text" data-testid="mem0-delete" disabled={deleting === e.id} onClick={() => void remove(e)}>
                    Delete
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
        <section className="mem0-map" aria-label="Embedding map">
          {projection ? (
            <ScatterPlot
              projection={projection}
              selectedId={selectedId}
              hoverId={hoverId}
              onHover={(id) => useMem0.getState().hover(id)}
              onSelect={(id) => useMem0.getState().select(id === selectedId ? null : id)}
            />
          ) : (
            <div className="mem0-plot-empty">Loading the map…</div>
          )}
          {projection?.notes.filter((n) => !entries?.notes.includes(n)).length ? (
            <div className="mem0-notes">{projection.notes.filter((n) => !entries?.notes.includes(n)).join(' ')}</div>
          ) : null}
        </section>
      </div>
    </div>
  );
}

/** Ids (uuids, hashes) read better, and wrap less, in the monospace face. */
const ID_LIKE = /^[0-9a-f][0-9a-f-]{15,}$/i;

function MetaRow({ k, v }: { k: string; v: string }) {
  return (
    <>
      <dt>{k}</dt>
      <dd className={ID_LIKE.test(v) ? 'mono selectable' : 'selectable'}>{v}</dd>
    </>
  );
}

const PHASE_LABEL: Record<Mem0Status['phase'], string> = {
  'not-needed': 'Off',
  downloading: 'Downloading qdrant',
  starting: 'Starting qdrant',
  ready: 'Ready',
  failed: 'Not working',
  fallback: 'Local store',
};

export function StatusLine({ status }: { status: Mem0Status }) {
  const q = status.qdrant;
  const pct = q.phase === 'downloading' && q.progress?.total ? Math.floor((100 * q.progress.received) / q.progress.total) : null;
  const tone = status.phase === 'failed' ? 'error' : status.phase === 'fallback' ? 'warn' : status.phase === 'ready' ? 'ok' : 'busy';
  return (
    <div className={`mem0-status mem0-status-${tone}`} data-testid="mem0-status" data-phase={status.phase} role="status">
      <span className="mem0-status-badge">{PHASE_LABEL[status.phase]}</span>
      <span className="mem0-status-text">{status.message}</span>
      {pct !== null ? <progress className="mem0-progress" max={100} value={pct} aria-label="qdrant download" /> : null}
      {status.pendingObservations ? <span className="mem0-status-pending">learning from {status.pendingObservations} turn{status.pendingObservations === 1 ? '' : 's'}…</span> : null}
      {q.note ? <span className="mem0-status-note">{q.note}</span> : null}
      {status.lastError ? <span className="mem0-status-error">{status.lastError}</span> : null}
    </div>
  );
}
