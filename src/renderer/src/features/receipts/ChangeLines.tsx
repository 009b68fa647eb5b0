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
import { CHANGE_VERB } from './format';

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

export function ChangeLines({ changes, undone, messageId }: { changes: MemoryChange[]; undone?: number[]; messageId: string }) {
  const [local, setLocal] = useState<ReadonlySet<number>>(() => new Set());
  const [busy, setBusy] = useState<number | null>(null);
  const words = useScopeWords();
  if (!changes.length) return null;
  const isUndone = (id: number | null) => id !== null && (local.has(id) || (undone ?? []).includes(id));

  return (
    <ul className="memory-changes" aria-label="Memory updated by this reply" data-testid="memory-changes">
      {changes.map((c, i) => {
        const jid = journalIdOf(c);
        const gone = isUndone(jid);
        const fact = factOf(c);
        return (
          <li key={`${messageId}-${i}`} className={`memory-change memory-change-${c.kind}${gone ? ' is-undone' : ''}`} data-testid="memory-change" data-kind={c.kind} data-undone={gone || undefined}>
            <span className="memory-change-verb">{gone ? `${CHANGE_VERB[c.kind]} · undone` : CHANGE_VERB[c.kind]}</span>
            <span className="memory-change-sep" aria-hidden="true">·</span>
            <q className="memory-change-text selectable">{c.text || '(no text)'}</q>
            {c.scope ? (
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
              {jid !== null && !gone ? (
                <button
                  type="button"
                  className="link-button"
                  data-testid="memory-change-undo"
                  disabled={busy !== null}
                  aria-label={`Undo: ${CHANGE_VERB[c.kind]} “${c.text}”`}
                  onClick={async () => {
                    setBusy(jid);
                    try {
                      if (await undoChange(jid)) setLocal((s) => new Set([...s, jid]));
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
