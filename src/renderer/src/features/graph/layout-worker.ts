// Runs a layout off the main thread, so laying out thousands of entities never delays a click, a
// frame or the canvas filling in. One request at a time; the page terminates the worker to abort.
import { layoutSync, type LayoutGraph, type LayoutOptions } from './layout';

export interface LayoutRequest {
  graph: LayoutGraph;
  opts: Omit<LayoutOptions, 'signal'>;
}

export interface LayoutReply {
  x: Float64Array;
  y: Float64Array;
  iterations: number;
  ms: number;
}

// The DOM typings describe a window; in a dedicated worker these two are the worker's own.
const scope = self as unknown as {
  onmessage: ((e: MessageEvent<LayoutRequest>) => void) | null;
  postMessage(message: LayoutReply, transfer: Transferable[]): void;
};

scope.onmessage = (e) => {
  const res = layoutSync(e.data.graph, e.data.opts);
  scope.postMessage(res, [res.x.buffer, res.y.buffer]);
};
