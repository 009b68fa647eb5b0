// The Memory tab: facts per scope, "What the model saw" for the selected session, and the identity
// files. It also answers the shell's `fact` navigation intent (open a scope, show one fact).
import { lazy, Suspense, useEffect } from 'react';
import { useShell } from '../../app/shell-store';
import { on } from '../../lib/api';
import { useConnection } from '../../lib/connection';
import { onMemoryChanged } from '../../lib/memory-changed';
import { useCoreFiles } from '../core-files/store';
import { useSessions } from '../sessions/store';
import { HistoryView } from '../history/HistoryView';
import { FactsView } from './FactsView';
import { RecallView } from './RecallView';
import { Mem0Explorer, useMem0Active } from '../mem0';
import { useFacts, type MemoryView } from './store';

/**
 * The engine says `memory.changed` after every burst of its own memory writes (a turn's memory tool, the
 * API, sync, consolidation), and the tab re-reads at once. A CLI run in another process writes the same
 * files without telling this engine, so the tab also re-reads while it is open. Cheap — the engine
 * answers from a stat-validated cache.
 */
const REFRESH_MS = 4000;

// CodeMirror is most of the weight of this tab: load it when the identity files are first opened.
const CoreFilesEditor = lazy(() => import('../core-files/CoreFilesEditor').then((m) => ({ default: m.CoreFilesEditor })));

const VIEWS: { id: MemoryView; label: string }[] = [
  { id: 'facts', label: 'Facts' },
  { id: 'recall', label: 'What the model saw' },
  { id: 'identity', label: 'Identity files' },
  { id: 'mem0', label: 'mem0' },
  { id: 'history', label: 'History' },
];

export function MemoryPane() {
  const view = useFacts((s) => s.view);
  const intent = useShell((s) => s.intent);
  const identityDirty = useCoreFiles((s) => s.dirty);

  useEffect(() => {
    if (intent?.kind !== 'fact') return;
    useShell.getState().clearIntent();
    void useFacts.getState().showFact(intent.scope, intent.factId);
  }, [intent]);

  useEffect(() => {
    void useFacts.getState().refresh();
    const tick = () => {
      if (document.visibilityState === 'visible' && useConnection.getState().link === 'online') void useFacts.getState().refresh();
    };
    const timer = setInterval(tick, REFRESH_MS);
    window.addEventListener('focus', tick);
    // A finished turn may have recorded facts (the memory tool) and built a session's recall block.
    const stop = on('chat.turn', ({ sessionId, phase }) => {
      if (phase === 'started') return;
      void useFacts.getState().refresh();
      if (sessionId === useSessions.getState().selectedId) void useFacts.getState().loadRecall(sessionId);
    });
    const stopChanged = onMemoryChanged(() => void useFacts.getState().refresh());
    const stopEngineChanged = on('memory.changed', () => void useFacts.getState().refresh());
    return () => {
      useFacts.getState().leave(); // issue 29 §5: a notice or highlight of then is not shown again later
      clearInterval(timer);
      window.removeEventListener('focus', tick);
      stop();
      stopChanged();
      stopEngineChanged();
    };
  }, []);

  // The mem0 explorer only exists while mem0 is the memory backend.
  const mem0Active = useMem0Active();
  const views = VIEWS.filter((v) => v.id !== 'mem0' || mem0Active);

  return (
    // The editor fills the window's height; the other views grow with their content and scroll.
    <div className={`memory${view === 'identity' ? ' memory-fill' : ''}`} data-testid="memory-pane">
      <header className="pane-header memory-header">
        <div>
          <h1 className="pane-title">Memory</h1>
          <div className="pane-subtitle">What your agents remember, as stored: plain Markdown in your Monad home that you can read, correct and trust.</div>
        </div>
        <div
          className="segmented memory-views"
          role="tablist"
          aria-label="Memory views"
          onKeyDown={(e) => {
            if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
            const i = views.findIndex((v) => v.id === view);
            const next = views[(i + (e.key === 'ArrowRight' ? 1 : views.length - 1)) % views.length].id;
            useFacts.getState().setView(next);
            requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-testid="memory-view-${next}"]`)?.focus());
          }}
        >
          {views.map((v) => (
            <button
              key={v.id}
              type="button"
              role="tab"
              aria-selected={view === v.id}
              tabIndex={view === v.id ? 0 : -1}
              className={`segment${view === v.id ? ' is-active' : ''}`}
              data-testid={`memory-view-${v.id}`}
              onClick={() => useFacts.getState().setView(v.id)}
            >
              {v.label}
              {v.id === 'identity' && identityDirty ? <span className="unsaved-dot" title="Unsaved changes" aria-label="unsaved changes" /> : null}
            </button>
          ))}
        </div>
      </header>
      {view === 'facts' ? (
        <FactsView />
      ) : view === 'recall' ? (
        <RecallView />
      ) : view === 'mem0' && mem0Active ? (
        <Mem0Explorer />
      ) : view === 'history' ? (
        <HistoryView />
      ) : (
        <Suspense fallback={<div className="memory-body editor-loading">Loading the editor…</div>}>
          <CoreFilesEditor />
        </Suspense>
      )}
    </div>
  );
}
