// The sync room's port onto this home's facts (issue 30): built here, in the composition root's room, so
// that src/main/sync/ depends only on the narrow FactSyncPort and never on the memory layer.
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import type { FactSyncPort } from './sync/sync-ports';

export function factSyncPort(engine: Engine): FactSyncPort {
  const { memory, ledger } = engine.facts;
  const bySync = (actor: Parameters<FactSyncPort['record']>[2], device: string) => ({ actor, source: { via: 'sync' as const, detail: `from device ${device}` } });
  return {
    scopes: () => memory.scopes().map((s) => s.scope),
    facts: (scope) => memory.read(scope).facts.map((f) => ({ id: f.id, text: f.text, actor: ledger.sourceOf(scope, f.id)?.actor ?? null })),
    // MemoryDir.record is the path every local write takes: sanitizer, lock, dedup, History, versions.
    record: (scope, text, actor, device) => {
      const r = ledger.as(bySync(actor, device), () => memory.record(scope, text));
      return r.fact ? { id: r.fact.id, reason: null } : { id: null, reason: r.reason ?? r.status };
    },
    forget: (scope, id, device) => {
      try {
        ledger.as(bySync('person', device), () => memory.forget(scope, id));
      } catch (err) {
        // Already gone here (forgotten on both devices): nothing to do.
        if (!(err instanceof MonadError && err.code === 'NOT_FOUND')) throw err;
      }
    },
  };
}
