// The mem0 explorer's projection off the engine's thread (issue 32 §4). PCA over a few thousand
// 1,536-dimensional vectors takes seconds of CPU; on the engine's thread five at once stalled every other
// request for 19 s. Here each runs in a worker thread made from the kernel's own source text (pca2d.ts),
// so no second bundle entry is needed in the desktop app, the CLI or the tests; the rows go over without
// copying (the buffer is transferred). Bounded and cancellable: one worker at a time (the other core
// stays with the engine), a deadline, and every worker is stopped when the engine closes.
import { Worker } from 'node:worker_threads';
import { MonadError } from '../../../shared/errors';
import { pcaKernel, type PcaKernelResult } from './pca2d';

/** Far beyond a projection of the capped sample on a slow machine; a worker past it is stopped. */
export const PROJECTION_DEADLINE_MS = 60_000;

// `__name` covers the helper esbuild adds when it keeps function names (tsx does): the kernel's source
// may call it, and a worker made from text has no module scope to find it in.
const SOURCE = `
const { parentPort } = require('node:worker_threads');
var __name = (f) => f;
const pcaKernel = (${pcaKernel.toString()});
parentPort.once('message', (m) => {
  const r = pcaKernel(m.data, m.n, m.dim);
  parentPort.postMessage(r, [r.axis1.buffer, r.axis2.buffer, r.coords.buffer, r.mean.buffer]);
});
`;

export class ProjectionWorkers {
  private readonly live = new Set<Worker>();
  /** One at a time: later ones wait their turn. */
  private turn: Promise<unknown> = Promise.resolve();
  private closed = false;

  /** PCA of `n` rows of `dim` in `data` (the buffer is handed to the worker: do not use it after). */
  run(data: Float64Array, n: number, dim: number, deadlineMs = PROJECTION_DEADLINE_MS): Promise<PcaKernelResult> {
    const mine = this.turn.then(() => this.runNow(data, n, dim, deadlineMs));
    this.turn = mine.catch(() => undefined);
    return mine;
  }

  /** Stops every worker (the engine is closing); what they were doing rejects. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.live].map((w) => w.terminate()));
    this.live.clear();
  }

  private runNow(data: Float64Array, n: number, dim: number, deadlineMs: number): Promise<PcaKernelResult> {
    if (this.closed) return Promise.reject(new MonadError('INTERNAL', 'The engine is closing; the map was not drawn'));
    return new Promise<PcaKernelResult>((resolve, reject) => {
      const worker = new Worker(SOURCE, { eval: true });
      this.live.add(worker);
      let settled = false;
      const done = (fn: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.live.delete(worker);
        void worker.terminate();
        fn();
      };
      const timer = setTimeout(
        () => done(() => reject(new MonadError('CANCELLED', `Drawing the map of ${n} memories took longer than ${Math.round(deadlineMs / 1000)} s and was stopped; try again with fewer (one agent at a time).`))),
        deadlineMs,
      );
      timer.unref();
      worker.once('message', (r: PcaKernelResult) => done(() => resolve(r)));
      worker.once('error', (err) => done(() => reject(err)));
      worker.once('exit', (code) => done(() => reject(new MonadError('INTERNAL', `The map could not be drawn (its worker stopped with code ${code})`))));
      worker.postMessage({ data, n, dim }, [data.buffer as ArrayBuffer]);
    });
  }
}
