// What the mem0 status says about where the vectors are: the phase and one line for people, from the
// managed qdrant's own status (or another Monad process's qdrant, found by its pidfile).
import type { Mem0Phase, QdrantStatus } from '../../../shared/domain';
import type { QdrantManager } from '../qdrant/manager';
import { isAlive, isOurs, readPidfile } from '../qdrant/pidfile';

/** With the local qdrant (not a remote store): mem0's phase and why, from qdrant's. */
export function phaseOf(q: QdrantStatus, qdrantEnabled: boolean): [Mem0Phase, string] {
  const local = 'mem0 uses its local SQLite store';
  switch (q.phase) {
    case 'ready':
      return ['ready', `mem0 stores memories in the local qdrant (${q.url}).`];
    case 'downloading': {
      const pct = q.progress?.total ? ` ${Math.floor((100 * q.progress.received) / q.progress.total)}%` : '';
      return ['downloading', `Downloading qdrant ${q.version}${pct}; meanwhile ${local}.`];
    }
    case 'starting':
      return ['starting', `Starting qdrant; meanwhile ${local}.`];
    case 'failed':
      return ['fallback', `qdrant could not run (${q.error ?? 'unknown reason'}); ${local} instead.`];
    case 'stopped':
    case 'not-needed':
      if (!qdrantEnabled) return ['fallback', `The managed qdrant is turned off here; ${local}.`];
      return ['fallback', `qdrant is not running in this process; ${local}.`];
  }
}

/** The manager's status; when this process runs none, say if another Monad process does. */
export function qdrantStatusOf(qdrant: QdrantManager): QdrantStatus {
  const q = qdrant.status();
  if (q.phase !== 'stopped') return q;
  const rec = readPidfile(qdrant.layout.pidFile);
  if (rec && isAlive(rec.pid) && isOurs(rec.pid, rec)) {
    return { ...q, note: `Running in another Monad process (pid ${rec.pid}, port ${rec.port})`, port: rec.port };
  }
  return q;
}
