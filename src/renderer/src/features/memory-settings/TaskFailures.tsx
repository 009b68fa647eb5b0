// Memory tasks that failed (issue 18 §4): which are failing now (in a row since their last success),
// and the most recent failures with the model, the reason and what the model sent. Nothing shows when
// every task is working.
import { useEffect } from 'react';
import type { MemoryStatus } from '../../../../shared/domain';
import { useShell } from '../../app/shell-store';
import { fullTime, shortAgo } from '../../lib/time';
import { useAgents } from '../agents/store';
import { useModelCheck } from '../models/model-check-store';
import { on } from '../../lib/api';
import { useMemorySettings } from './store';

export function TaskFailures({ status }: { status: MemoryStatus | null }) {
  const agents = useAgents((s) => s.agents);
  // A failure raises a notice (status.changed) while this screen may be open: show it here too.
  useEffect(() => on('status.changed', () => void useMemorySettings.getState().loadStatus()), []);
  const failing = status?.failingTasks ?? [];
  const recent = status?.taskFailures ?? [];
  const leftOut = (status?.memoryTasks ?? []).filter((t) => t.itemsDropped + t.itemsCut > 0);
  if (!failing.length && !recent.length && !leftOut.length) return null;
  const agentName = (id: string | null) => (id ? (agents.find((a) => a.id === id)?.name ?? id) : null);
  return (
    <div className={`task-failures${failing.length ? ' is-failing' : ''}`} data-testid="task-failures">
      <div className="task-failures-head">
        <strong>{failing.length ? 'Memory tasks are failing' : recent.length ? 'Memory tasks failed recently' : 'Some model replies were only partly usable'}</strong>
        <button
          type="button"
          className="button button-quiet"
          data-testid="task-failures-check"
          onClick={() => {
            useShell.getState().setTab('settings');
            useModelCheck.getState().requestFocus();
          }}
        >
          Check memory tasks
        </button>
      </div>
      {failing.length ? (
        <ul className="task-failures-list">
          {failing.map((f) => (
            <li key={`${f.agentId}/${f.task}`} data-testid="task-failing" data-task={f.task}>
              {f.label}
              {f.agentId ? ` for ${agentName(f.agentId)}` : ''}: failed {f.failures === 1 ? 'once' : `${f.failures} times in a row`}
              {f.lastFailureAt ? <span className="muted" title={fullTime(f.lastFailureAt)}>, last {ago(f.lastFailureAt)}</span> : null}
            </li>
          ))}
        </ul>
      ) : null}
      {leftOut.length ? (
        <ul className="task-failures-list" aria-label="Parts of replies left out">
          {leftOut.map((t) => (
            <li key={`${t.agentId}/${t.task}`} data-testid="task-left-out" data-task={t.task}>
              {t.label}
              {t.agentId ? ` for ${agentName(t.agentId)}` : ''}:{' '}
              {[t.itemsDropped ? `${t.itemsDropped} unusable ${t.itemsDropped === 1 ? 'item' : 'items'} left out` : null, t.itemsCut ? `${t.itemsCut} over the limit left out` : null]
                .filter(Boolean)
                .join(', ')}
            </li>
          ))}
        </ul>
      ) : null}
      {recent.length ? (
        <details className="task-failures-recent">
          <summary>Recent failures ({recent.length})</summary>
          <ul>
            {recent.map((r, i) => (
              <li key={`${r.at}-${i}`} data-testid="task-failure">
                <div>
                  <span title={fullTime(r.at)}>{ago(r.at)}</span> · {r.label}
                  {r.agentId ? ` for ${agentName(r.agentId)}` : ''} · {r.provider} {r.model}
                </div>
                <div className="task-failure-reason selectable">{r.reason}</div>
                {r.rawReply ? (
                  <details>
                    <summary>What the model sent</summary>
                    <pre className="selectable">{r.rawReply}</pre>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function ago(iso: string): string {
  const s = shortAgo(iso);
  return s === 'now' ? 'just now' : /^\d+[mh]$/.test(s) ? `${s} ago` : `on ${s}`;
}
