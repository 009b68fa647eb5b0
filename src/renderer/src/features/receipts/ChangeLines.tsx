// "Memory updated" where it happened: one compact line per change a turn made to memory, under the reply
// — "Remembered · “Drinks green tea every morning” · Global" — with a link to the fact and Undo, which
// undoes the change's history entry (the same undo as Memory → History). A write that saved nothing
// says why.
import { useState } from 'react';
import { confirmAction } from '../../app/confirm';
import { useShell } from '../../app/shell-store';
import { attempt, invoke } from '../../lib/api';
import { notifyMemoryChanged } from '../../lib/memory-changed';
import type { MemoryChange } from '../../../../shared/receipt';
import { useAgents } from '../agents/store';
import { describeScope } from '../facts/scopes';
import { useSessions, findSession } from '../sessions/store';
import { toast } from '../toasts/store';
import { openItem } from '../history/open-item';
import { CHANGE_VERB } from './format';
import { memoryLabel } from '../../../../shared/memory-label';

/** The scope in words ("Global", the agent's name, the project's folder). */
export function useScopeWords(): (scope: string | null) => string {
  const agents = useAgents((s) => s.agents);
  const selected = useAgents((s) => s.selectedId);
  const session = useSessions((s) => findSession(s.byAgent, s.selectedId));
  return (scope) => {
    if (scope === null) return 'memory';
    const label = describeScope(scope, agents, session ? [session] : [], selected).label;
    // An agent's scope is named after the agent: say it is that agent's own memory, not the agent.
    return scope.startsWith('agent:') ? `${label}’s own memory` : label;
  };
}

function journalIdOf(c: MemoryChange): number | null {
  return 'journalId' in c ? c.journalId : null;
}

function factOf(c: MemoryChange): { scope: string; factId: string } | null {
  if (!('factId' in c) || !c.factId || !c.scope) return null;
  return { scope: c.scope, factId: c.factId };
}

/** Undoes a change's history entry; when more depends on it, the plan is said and confirmed first. */
async function undoChange(journalId: number): Promise<boolean> {
  let r = await attempt(() => invoke('history.undo', { id: journalId }));
  if (!r) return false;
  if (!r.done) {
    const n = r.plan.alsoUndoes.length;
    if (!r.plan.possible) {
      toast.info('This cannot be undone', r.plan.why ?? '');
      return r.plan.entry.undoneBy !== null;
    }
    const ok = await confirmAction({
      title: `Undo ${n + 1} changes?`,
      message: `Later changes depend on this one and are undone with it, newest first: ${r.plan.alsoUndoes.map((e) => e.summary).join('; ')}.`,
      confirmLabel: 'Undo all',
      danger: true,
    });
    if (!ok) return false;
    r = await attempt(() => invoke('history.undo', { id: journalId, confirm: true }));
    if (!r?.done) return false;
  }
  notifyMemoryChanged();
  toast.success('Undone', r.plan.entry.summary);
  return true;
}

/** A mem0 memory taken from the turn has no history entry of its own: undoing it forgets it (journaled, undoable). */
async function forgetMemory(id: string, text: string): Promise<boolean> {
  const r = await attempt(() => invoke('mem0.delete', { id }));
  if (!r) return false;
  notifyMemoryChanged();
  toast.success('Undone', `mem0 forgot “${text}”. You can bring it back in Memory → History.`);
  return true;
}

/** What undoes a line: its history entry, or forgetting the mem0 memory; null when nothing can. */
function undoKey(c: MemoryChange): string | null {
  if (c.kind === 'remembered' && c.layer === 'mem0' && c.memoryId) return `m:${c.memoryId}`;
  const jid = journalIdOf(c);
  return jid === null ? null : `j:${jid}`;
}

export function ChangeLines(props: { changes: MemoryChange[]; undone?: number[]; forgottenMemories?: string[]; messageId: string }) {
  const { changes, messageId } = props;
  const [local, setLocal] = useState<ReadonlySet<string>>(() => new Set());
  const [busy, setBusy] = useState<string | null>(null);
  const words = useScopeWords();
  if (!changes.length) return null;
  const known = new Set([...(props.undone ?? []).map((id) => `j:${id}`), ...(props.forgottenMemories ?? []).map((id) => `m:${id}`)]);
  const isUndone = (key: string | null) => key !== null && (local.has(key) || known.has(key));

  return (
    <ul className="memory-changes" aria-label="Memory updated by this reply" data-testid="memory-changes">
      {changes.map((c, i) => {
        const key = undoKey(c);
        const gone = isUndone(key);
        const fact = factOf(c);
        const memoryId = c.kind === 'remembered' && c.layer === 'mem0' ? c.memoryId : null;
        return (
          <li key={`${messageId}-${i}`} className={`memory-change memory-change-${c.kind}${gone ? ' is-undone' : ''}`} data-testid="memory-change" data-kind={c.kind} data-undone={gone || undefined}>
            <span className="memory-change-verb">{gone ? `${CHANGE_VERB[c.kind]} · undone` : CHANGE_VERB[c.kind]}</span>
            {memoryId ? <span className="memory-change-scope">by mem0</span> : null}
            {'origin' in c && c.origin ? (
              <>
                <span className="memory-change-sep" aria-hidden="true">·</span>
                <span className="memory-change-origin" data-testid="memory-change-origin" data-origin={c.origin}>
                  {memoryLabel({ origin: c.origin, app: 'app' in c ? c.app : null }).origin}
                </span>
              </>
            ) : null}
            <span className="memory-change-sep" aria-hidden="true">·</span>
            <q className="memory-change-text selectable">{c.text || '(no text)'}</q>
            {c.scope && !memoryId ? (
              <>
                <span className="memory-change-sep" aria-hidden="true">·</span>
                <span className="memory-change-scope">{words(c.scope)}</span>
              </>
            ) : null}
            {c.kind === 'rejected' ? (
              <span className="memory-change-reason" data-testid="memory-change-reason">
                {c.reason}
              </span>
            ) : null}
            <span className="memory-change-actions">
              {fact && c.kind !== 'forgotten' && !gone ? (
                <button type="button" className="link-button" data-testid="memory-change-open" onClick={() => useShell.getState().navigate({ kind: 'fact', ...fact })}>
                  Show fact
                </button>
              ) : null}
              {memoryId && !gone ? (
                <button type="button" className="link-button" data-testid="memory-change-open" onClick={() => openItem({ kind: 'mem0', id: memoryId })}>
                  Show in mem0
                </button>
              ) : null}
              {key !== null && !gone ? (
                <button
                  type="button"
                  className="link-button"
                  data-testid="memory-change-undo"
                  disabled={busy !== null}
                  aria-label={`Undo: ${CHANGE_VERB[c.kind]} “${c.text}”`}
                  onClick={async () => {
                    setBusy(key);
                    try {
                      const ok = memoryId ? await forgetMemory(memoryId, c.text) : await undoChange(journalIdOf(c)!);
                      if (ok) setLocal((s) => new Set([...s, key]));
                    } finally {
                      setBusy(null);
                    }
                  }}
                >
                  Undo
                </button>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
