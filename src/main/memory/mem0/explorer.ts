// The mem0 explorer (issue 8): the memories mem0 holds, listed and searched, and drawn as a 2-D map. It only
// reads: qdrant is read when it already runs (or the configured remote store), never started to browse.
import type { Mem0Entries, Mem0Entry, Mem0Projection } from '../../../shared/domain';
import { describeTarget, type StoreTarget } from './backend';
import type { Mem0Layout } from './layout';
import { loadQdrantClient } from './loader';
import { fromKernel, packRows } from './pca2d';
import { ProjectionWorkers } from './projection-worker';
import { qdrantClient, readLocalStore, readLocalStoreInSlices, readQdrant, toEntry, type StoredPoint } from './stores';

/** The projection is a picture, not an index: the most recent points are enough. */
export const MAX_PROJECTED = 2000;
export const MAX_LISTED = 1000;

export interface Mem0ExplorerDeps {
  layout: Mem0Layout;
  /** The store mem0 uses now, without starting qdrant. */
  target: () => StoreTarget;
  /** Whether this process may run the managed qdrant at all (the notes say why only the local store is shown). */
  qdrantEnabled: () => boolean;
}

export class Mem0Explorer {
  /** The explorer's maps being drawn, by agent ('' for all): identical requests share one. */
  private readonly projecting = new Map<string, Promise<Mem0Projection>>();
  /** Where the maps are drawn: worker threads, one at a time. */
  private readonly projections = new ProjectionWorkers();

  constructor(private readonly d: Mem0ExplorerDeps) {}

  /**
   * Every readable point, newest first. qdrant is read only when it already runs (or the configured
   * remote store); it is never started just to browse. The local store is always read: it holds what
   * has not moved into qdrant yet.
   */
  /** `inSlices`: a large read that gives the event loop turns while it goes (the explorer's map). */
  private async points(withVectors: boolean, inSlices = false): Promise<{ points: StoredPoint[]; sources: string[]; notes: string[] }> {
    const sources: string[] = [];
    const notes: string[] = [];
    const points: StoredPoint[] = [];
    const target = this.d.target();
    if (target.kind !== 'local') {
      try {
        const client = qdrantClient(await loadQdrantClient(), target.url, target.apiKey);
        points.push(...(await readQdrant(client, target.collection, target.kind, withVectors)));
        sources.push(describeTarget(target));
      } catch (err) {
        notes.push(`Could not read ${describeTarget(target)}: ${(err as Error).message}`);
      }
    } else if (!this.d.qdrantEnabled()) {
      notes.push("The managed qdrant is turned off here; this is mem0's local store.");
    } else {
      notes.push('qdrant is not running, so only the local store is shown (it is never started just to browse).');
    }
    const local = inSlices && withVectors ? await readLocalStoreInSlices(this.d.layout.localVectors) : readLocalStore(this.d.layout.localVectors, withVectors);
    for (const p of local) points.push(p);
    sources.push(this.d.layout.localVectors);
    const seen = new Set<string>();
    const unique = points.filter((p) => !seen.has(p.id) && seen.add(p.id));
    const time = (p: StoredPoint) => String(p.payload.updatedAt ?? p.payload.createdAt ?? '');
    unique.sort((a, b) => time(b).localeCompare(time(a)) || a.id.localeCompare(b.id));
    return { points: unique, sources, notes };
  }

  async entries(opts: { query?: string; agentId?: string; limit?: number } = {}): Promise<Mem0Entries> {
    const { points, sources, notes } = await this.points(false);
    const words = (opts.query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matches = (e: Mem0Entry) => {
      if (opts.agentId && e.agentId !== opts.agentId) return false;
      const hay = `${e.text} ${Object.values(e.metadata).join(' ')}`.toLowerCase();
      return words.every((w) => hay.includes(w));
    };
    const all = points.map(toEntry).filter(matches);
    return { entries: all.slice(0, opts.limit ?? MAX_LISTED), total: all.length, sources, notes };
  }

  /**
   * The explorer's map. Identical requests made while one is being drawn share it (five windows asking at
   * once cost one projection); the PCA itself runs on a worker thread (mem0/projection-worker.ts), so the
   * engine keeps answering meanwhile (issue 32 §4).
   */
  projection(opts: { agentId?: string } = {}): Promise<Mem0Projection> {
    const key = opts.agentId ?? '';
    let p = this.projecting.get(key);
    if (!p) {
      p = this.drawProjection(opts).finally(() => this.projecting.delete(key));
      this.projecting.set(key, p);
    }
    return p;
  }

  private async drawProjection(opts: { agentId?: string }): Promise<Mem0Projection> {
    const { points, notes } = await this.points(true, true);
    let usable = points.filter((p) => p.vector && (!opts.agentId || p.payload.agent_id === opts.agentId));
    // A vector with a NaN or an infinity would make every point's position NaN: such rows are left out.
    // Checked a slice at a time, like the read: thousands of 1,536-number rows are seconds of work.
    const finite: StoredPoint[] = [];
    for (let i = 0; i < usable.length; i++) {
      if (usable[i].vector!.every(Number.isFinite)) finite.push(usable[i]);
      if (i % 200 === 199) await new Promise((resolve) => setImmediate(resolve));
    }
    const broken = usable.length - finite.length;
    if (broken) notes.push(`${broken} memor${broken === 1 ? 'y has a vector' : 'ies have vectors'} with broken numbers (NaN or infinite) and ${broken === 1 ? 'is' : 'are'} left out of the map.`);
    usable = finite;
    // Vectors from two embedding models cannot share one map: keep the most common size.
    const sizes = new Map<number, number>();
    for (const p of usable) sizes.set(p.vector!.length, (sizes.get(p.vector!.length) ?? 0) + 1);
    const dimension = [...sizes.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    if (sizes.size > 1) notes.push(`Memories embedded with different models are left out (${usable.length - (sizes.get(dimension) ?? 0)} of ${usable.length}).`);
    usable = usable.filter((p) => p.vector!.length === dimension);
    if (usable.length > MAX_PROJECTED) {
      notes.push(`Showing the ${MAX_PROJECTED} most recent of ${usable.length} memories.`);
      usable = usable.slice(0, MAX_PROJECTED);
    }
    const { data, n, dim } = packRows(usable.map((p) => p.vector!));
    const pca = fromKernel(await this.projections.run(data, n, dim), n);
    return {
      points: usable.map((p, i) => ({ id: p.id, x: pca.coords[i][0], y: pca.coords[i][1], text: String(p.payload.data ?? ''), agentId: typeof p.payload.agent_id === 'string' ? p.payload.agent_id : null })),
      explained: pca.explained,
      dimension,
      notes,
    };
  }

  /** Stops the projection workers (quit, close). */
  close(): Promise<void> {
    return this.projections.close();
  }
}
