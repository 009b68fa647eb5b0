// Agents as a sync kind (issue 30 §2): one document, `agents/all`, holding each agent's versions as
// add-only records; the later edit of an agent stands (identity-bridge.ts's rule), the other stays in the
// document. A version holds only what travels (agents-ports.ts says which fields, and why): what stays on
// each device is never in the document, so it can never be overwritten by another device.
import type * as Y from 'yjs';
import { createHash } from 'node:crypto';
import { stableJson } from './chat-log';
import { JOINING_AT, resolveIdentity } from './identity-bridge';
import type { AgentsSyncPort, SyncedAgent } from './agents-ports';
import { emptyReport, sendable, type KindReport, type ReconcileContext, type SyncKind } from './sync-kind';

/** The one key of the agents document. */
export const AGENTS_KEY = 'all';

export interface AgentVersion {
  id: string;
  agentId: string;
  parents: string[];
  /** null: the agent was removed. */
  value: SyncedAgent | null;
  at: string;
  device: string;
}

export function agentVersionsOf(doc: Y.Doc): Y.Map<AgentVersion> {
  return doc.getMap<AgentVersion>('versions');
}

function versionOf(v: Omit<AgentVersion, 'id'>): AgentVersion {
  const id = createHash('sha256').update(stableJson(v)).digest('hex').slice(0, 24);
  return { ...v, id };
}

/** Per agent, what this device and the document agreed on at the end of the last sync. */
type Agreed = Record<string, { version: string; value: string | null }>;

function standingByAgent(map: Y.Map<AgentVersion>): Map<string, AgentVersion> {
  const byAgent = new Map<string, AgentVersion[]>();
  for (const v of map.values()) {
    // A record of another shape (a newer Monad's, a damaged one) is skipped; the value is validated by the port.
    if (typeof v?.agentId !== 'string' || (v.value !== null && typeof v.value !== 'object')) continue;
    byAgent.set(v.agentId, [...(byAgent.get(v.agentId) ?? []), v]);
  }
  const out = new Map<string, AgentVersion>();
  for (const [id, list] of byAgent) {
    const r = resolveIdentity(list);
    if (r) out.set(id, r.current);
  }
  return out;
}

export function reconcileAgents(doc: Y.Doc, port: AgentsSyncPort, ctx: ReconcileContext): KindReport {
  const report = emptyReport('agents', AGENTS_KEY);
  const map = agentVersionsOf(doc);
  const raw = ctx.memory.get('agreed');
  const agreed: Agreed = raw ? (JSON.parse(raw) as Agreed) : {};
  const local = new Map(port.list().map((a) => [a.id, a]));
  const at = ctx.now().toISOString();

  doc.transact(() => {
    const known = standingByAgent(map);
    const push = (agentId: string, value: SyncedAgent | null, when = at): void => {
      const a = agreed[agentId];
      // As it travels: a stored secret in an agent's name, description or instructions leaves redacted.
      const v = versionOf({ agentId, parents: a ? [a.version] : [], value: sendable(ctx, value), at: when, device: ctx.device });
      map.set(v.id, v);
      report.sent++;
    };
    for (const [id, a] of local) {
      const json = stableJson(a);
      const standing = known.get(id);
      const same = standing?.value ? stableJson(standing.value) === stableJson(sendable(ctx, a)) : false;
      // Changed here since the last sync; or never synced from here and not what the document says.
      if (agreed[id]) {
        if (agreed[id].value !== json) push(id, a);
      } else if (!same) {
        // A device's first sync of an agent the home already has: the home's settings stand (a device that
        // joins takes the home as it is — its own were, most often, the factory defaults, dated now, which
        // would otherwise beat the person's settings). Its version stays in the document, dated as older.
        push(id, a, standing ? JOINING_AT : at);
      }
    }
    for (const id of Object.keys(agreed)) if (!local.has(id) && agreed[id].value !== null && known.get(id)?.value) push(id, null);
  });

  const next: Agreed = {};
  for (const [id, v] of standingByAgent(map)) {
    const here = local.get(id) ?? null;
    let holds = here ? stableJson(here) : null;
    const wanted = v.value ? stableJson(v.value) : null;
    // This device's own version, read back redacted, is what it holds: kept as it is, not rewritten.
    const heldAsSent = here ? stableJson(sendable(ctx, here)) : null;
    if (wanted !== holds && wanted !== heldAsSent) {
      const r = v.value ? port.write(v.value, v.device) : ((why) => ({ written: why === null, refused: why ? [why] : [] }))(port.remove(id, v.device));
      for (const reason of r.refused) report.refused.push({ text: typeof v.value?.name === 'string' ? v.value.name : id, reason });
      if (r.written) {
        if (v.value) report.received++;
        else report.forgotten++;
        // Read back: what this home holds after its own validation (a refused description, say).
        const after = port.list().find((a) => a.id === id);
        holds = after ? stableJson(after) : null;
      }
    }
    next[id] = { version: v.id, value: holds };
  }
  ctx.memory.set('agreed', JSON.stringify(next));
  return report;
}

export function agentsKind(port: AgentsSyncPort): SyncKind {
  return {
    kind: 'agents',
    localKeys: () => [AGENTS_KEY],
    reconcile: (key, doc, ctx) => (key === AGENTS_KEY ? reconcileAgents(doc, port, ctx) : emptyReport('agents', key)),
  };
}
