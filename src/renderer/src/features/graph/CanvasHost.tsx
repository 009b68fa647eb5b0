// Mounts the Cytoscape canvas once and feeds it store changes through a subscription: typing in the
// search box or moving the time control never re-renders this component.
import { useEffect, useRef } from 'react';
import { GraphCanvas } from './graph-canvas';
import { GraphIcon } from './graph-icons';
import { legendForCanvas, legendInset } from './Legend';
import { useGraph } from './store';

type GraphSnapshotState = ReturnType<typeof useGraph.getState>;

export function CanvasHost() {
  const containerRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<GraphCanvas | null>(null);

  useEffect(() => {
    const container = containerRef.current!;
    legendForCanvas(container.clientWidth, container.clientHeight);
    const canvas = new GraphCanvas(container, {
      onSelect: (selection) => useGraph.getState().select(selection),
      // The legend may not be in the DOM yet when a graph is first drawn (React renders it after).
      leftInset: () => (useGraph.getState().legendOpen ? legendInset() : 0),
      onCoverage: (coverage) => useGraph.getState().setCoverage(coverage),
    });
    canvasRef.current = canvas;

    const apply = (s: GraphSnapshotState, prev: GraphSnapshotState | null) => {
      if (prev && s.model && s.model === prev.model && s.positions && prev.positions && s.positions !== prev.positions) {
        // The rest of a big graph was laid out around what is drawn.
        canvas.setPositions(s.positions);
        return;
      }
      if (s.model && s.positions && (!prev || s.model !== prev.model || s.positions !== prev.positions)) {
        canvas.setGraph(s.model, s.positions, s.visible);
        canvas.setSearch(s.query, s.matches);
        canvas.setSelection(s.selection);
        if (s.selection && (!prev || s.focusSeq !== prev.focusSeq)) canvas.focusSelection();
        container.dataset.ready = 'true';
        return;
      }
      if (!prev) return;
      if (!s.positions && prev.positions) {
        canvas.clear();
        useGraph.getState().setCoverage(null);
        delete container.dataset.ready;
        return;
      }
      if (s.visible !== prev.visible) canvas.setVisibility(s.visible);
      if (s.matches !== prev.matches || s.query !== prev.query) canvas.setSearch(s.query, s.matches);
      if (s.selection !== prev.selection) canvas.setSelection(s.selection);
      if (s.focusSeq !== prev.focusSeq) canvas.focusSelection();
    };
    apply(useGraph.getState(), null);
    const unsubscribe = useGraph.subscribe(apply);
    const resize = new ResizeObserver(() => canvas.resize());
    resize.observe(container);
    return () => {
      unsubscribe();
      resize.disconnect();
      canvas.destroy();
      canvasRef.current = null;
    };
  }, []);

  return (
    <>
      <div ref={containerRef} className="graph-canvas" data-testid="graph-canvas" />
      <div className="graph-zoom" role="group" aria-label="Zoom">
        <button type="button" className="icon-button" title="Zoom in" aria-label="Zoom in" onClick={() => canvasRef.current?.zoomBy(1.4)}>
          <GraphIcon name="plus" />
        </button>
        <button type="button" className="icon-button" title="Zoom out" aria-label="Zoom out" onClick={() => canvasRef.current?.zoomBy(1 / 1.4)}>
          <GraphIcon name="minus" />
        </button>
        <button type="button" className="icon-button" title="Fit to view" aria-label="Fit to view" data-testid="graph-fit" onClick={() => canvasRef.current?.fit()}>
          <GraphIcon name="fit" />
        </button>
      </div>
    </>
  );
}
