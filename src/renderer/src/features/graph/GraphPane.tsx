// The Graph tab: one scope's knowledge graph — scope, search, "add relation" and the proposed changes
// above, the canvas with its legend and zoom, the moment shown below, the selection's detail (with the
// person's corrections) at the side. It also answers the shell's `{ kind: 'graph' }` navigation intent.
import { useEffect } from 'react';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { onMemoryChanged } from '../../lib/memory-changed';
import { on } from '../../lib/api';
import { GraphEmptyActions } from './GraphEmptyActions';
import { useAgents } from '../agents/store';
import { describeScope } from '../facts/scopes';
import { CanvasHost } from './CanvasHost';
import { DetailPanel } from './DetailPanel';
import { plural } from './format';
import { GraphToolbar } from './GraphToolbar';
import { Legend } from './Legend';
import { useGraph } from './store';
import { TimeControl } from './TimeControl';

export function GraphPane() {
  const agentId = useAgents((s) => s.selectedId);
  const intent = useShell((s) => s.intent);
  const hasSelection = useGraph((s) => s.selection !== null || s.panel !== null);

  useEffect(() => {
    const graph = useGraph.getState();
    void graph.loadScopes();
    // Coming back to the tab: re-read the scope shown last (positions are cached, so it is instant).
    if (graph.scope && graph.status !== 'idle' && useShell.getState().intent?.kind !== 'graph') void graph.reload();
    const stop = on('consolidate.done', (summary) => {
      if (summary.graph) void useGraph.getState().reload();
    });
    // A forget or an undo elsewhere in this window may have removed or restored entities and relations.
    const stopChanged = onMemoryChanged(() => {
      if (useGraph.getState().status !== 'idle') void useGraph.getState().reload();
    });
    const onKey = (e: KeyboardEvent) => {
      const graph = useGraph.getState();
      if (e.key !== 'Escape' || e.defaultPrevented || (!graph.selection && !graph.panel)) return;
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="dialog"], [role="alertdialog"]')) return;
      if (graph.panel) graph.openPanel(null);
      else graph.select(null);
    };
    window.addEventListener('keydown', onKey);
    return () => {
      stop();
      stopChanged();
      window.removeEventListener('keydown', onKey);
    };
  }, []);

  useEffect(() => {
    if (!agentId || useShell.getState().intent?.kind === 'graph') return;
    useGraph.getState().followAgent(agentId);
  }, [agentId]);

  useEffect(() => {
    if (intent?.kind !== 'graph') return;
    useShell.getState().clearIntent();
    void useGraph.getState().show(intent);
  }, [intent]);

  return (
    <div className="graph-pane" data-testid="graph-pane">
      <GraphToolbar />
      <div className={`graph-body${hasSelection ? ' has-panel' : ''}`}>
        <div className="graph-stage">
          <CanvasHost />
          <Legend />
          <PartialNote />
          <StageOverlay />
        </div>
        <DetailPanel />
      </div>
      <TimeControl />
    </div>
  );
}

/** A big graph zoomed out draws its best-connected entities: say so, and how to see the rest. */
function PartialNote() {
  const coverage = useGraph((s) => (s.status === 'ready' ? s.coverage : null));
  if (!coverage || coverage.drawn >= coverage.total) return null;
  return (
    <div className="graph-partial" data-testid="graph-partial" role="status">
      Showing {coverage.drawn.toLocaleString()} of {plural(coverage.total, 'entity', 'entities')}, the best connected — zoom in or search to see more
    </div>
  );
}

/** Loading, laying out, empty, failed, or nothing held at the chosen moment. */
function StageOverlay() {
  const status = useGraph((s) => s.status);
  const error = useGraph((s) => s.error);
  const scope = useGraph((s) => s.scope);
  const nodes = useGraph((s) => s.model?.nodes.length ?? 0);
  const nothingThen = useGraph((s) => s.status === 'ready' && s.visible !== null && s.visible.nodes.size === 0);
  const agents = useAgents((s) => s.agents);

  switch (status) {
    case 'idle':
    case 'loading':
      return (
        <div className="graph-overlay graph-overlay-quiet" data-testid="graph-loading">
          Loading the graph…
        </div>
      );
    case 'layout':
      return (
        <div className="graph-overlay graph-overlay-quiet" data-testid="graph-loading">
          Laying out {plural(nodes, 'entity', 'entities')}…
        </div>
      );
    case 'empty': {
      const label = scope ? describeScope(scope, agents, []).label : '';
      return (
        <div className="graph-overlay">
          <div className="empty-state" data-testid="graph-empty">
            <Icon name="graph" size={28} />
            <h2>No knowledge graph{label ? ` for ${label}` : ''} yet</h2>
            <p>Graph memory (level 2) extracts people, places and things, and how they relate, from this scope’s chats, each linked to the messages it came from.</p>
            <GraphEmptyActions scope={scope} />
          </div>
        </div>
      );
    }
    case 'error':
      return (
        <div className="graph-overlay">
          <div className="empty-state" data-testid="graph-error">
            <Icon name="alert" size={28} />
            <h2>Could not load the graph</h2>
            <p>{error}</p>
            <button type="button" className="button" onClick={() => void useGraph.getState().reload()}>
              Try again
            </button>
          </div>
        </div>
      );
    case 'ready':
      return nothingThen ? (
        <div className="graph-overlay graph-overlay-quiet" data-testid="graph-nothing-then">
          Nothing was known yet at this moment.
        </div>
      ) : null;
  }
}
