// The person's corrections of the graph, as the Graph tab makes them: each calls its channel, re-reads
// the scope, shows the result, and says it can be undone (each change is one history entry or group).
// Failures reach the person as toasts (app/wiring.ts) and resolve to null, so a form stays open.
import type { GraphCorrectionResult } from '../../../../shared/domain';
import { attempt, invoke } from '../../lib/api';
import { toast } from '../toasts/store';
import { useGraph } from './store';

/**
 * The toast offers Undo of the change's history entry. When undoing it would change more than the entry
 * (later changes depend on it), nothing is done here: the person is sent to Memory → History, where the
 * plan is shown before anything changes.
 */
function done(title: string, result: GraphCorrectionResult, detail = ''): void {
  const id = result.journalId;
  const action =
    id === null
      ? undefined
      : {
          label: 'Undo',
          run: () =>
            void (async () => {
              const r = await attempt(() => invoke('history.undo', { id }));
              if (!r) return;
              if (!r.done) {
                toast.info('Undo changes more than this', `Later changes depend on it (${r.plan.alsoUndoes.length}). Undo it from Memory → History, where they are listed first.`);
                return;
              }
              await useGraph.getState().afterChange(null);
              toast.success('Undone', r.plan.entry.summary);
            })(),
        };
  toast.success(title, `${detail}${detail ? ' ' : ''}You can undo this here or in Memory → History.`, action);
}

export async function renameEntity(id: number, name: string): Promise<boolean> {
  const r = await attempt(() => invoke('graph.entity.rename', { id, name }));
  if (!r) return false;
  await useGraph.getState().afterChange({ kind: 'node', id });
  if (r.journalId !== null) done('Renamed', r, `Now “${r.node!.name}”; the old name still leads here.`);
  return true;
}

export async function mergeEntities(keepId: number, dropId: number, dropName: string): Promise<boolean> {
  const r = await attempt(() => invoke('graph.entity.merge', { keepId, dropId }));
  if (!r) return false;
  await useGraph.getState().afterChange({ kind: 'node', id: keepId });
  done('Merged', r, `“${dropName}” is now part of “${r.node!.name}”.`);
  return true;
}

export async function deleteEntity(id: number, name: string): Promise<boolean> {
  const r = await attempt(() => invoke('graph.entity.delete', { id }));
  if (!r) return false;
  await useGraph.getState().afterChange(null);
  const n = r.retracted?.length ?? 0;
  done('Deleted', r, `“${name}”${n ? ` and ${n === 1 ? 'its relation' : `its ${n} relations`}` : ''} left the graph.`);
  return true;
}

export async function retractRelation(id: number, reason: string, sentence: string): Promise<boolean> {
  const r = await attempt(() => invoke('graph.relation.retract', { id, ...(reason.trim() ? { reason: reason.trim() } : {}) }));
  if (!r) return false;
  const reopened = r.reopened ?? [];
  await useGraph.getState().afterChange(reopened.length ? { kind: 'edge', id: reopened[0] } : null);
  done('Marked as wrong', r, `“${sentence}” left the graph${reopened.length ? '; the relation it had replaced holds again' : ''}.`);
  return true;
}

export async function editRelation(id: number, patch: { relation?: string; validFrom?: string; validTo?: string | null }): Promise<boolean> {
  const r = await attempt(() => invoke('graph.relation.edit', { id, ...patch }));
  if (!r) return false;
  await useGraph.getState().afterChange({ kind: 'edge', id });
  if (r.journalId !== null) done('Corrected', r);
  return true;
}

export async function addRelation(input: { scope: string; src: string | number; dst: string | number; relation: string; validFrom?: string; supersede?: boolean }): Promise<boolean> {
  const r = await attempt(() => invoke('graph.relation.add', input));
  if (!r) return false;
  useGraph.getState().openPanel(null);
  await useGraph.getState().afterChange({ kind: 'edge', id: r.edge!.id });
  done('Added', r);
  return true;
}

export async function decideProposal(id: number, accept: boolean): Promise<boolean> {
  const r = await attempt(() => invoke('graph.proposals.decide', { id, accept }));
  if (!r) return false;
  await useGraph.getState().afterChange(null);
  useGraph.getState().openPanel({ kind: 'proposals' });
  if (r.result) done('Accepted', r.result, r.proposal.summary.replace(/ again$/, '') + '.');
  else toast.info('Dismissed', 'It will not be proposed again.');
  return true;
}
