// "What the model saw": the memory block frozen into the selected session's system prompt on its first
// turn — the same bytes on every later turn of that session, shown verbatim.
import { useEffect, useState } from 'react';
import { Icon } from '../../app/icons';
import { useShell } from '../../app/shell-store';
import { useAgents } from '../agents/store';
import { findSession, useSessions } from '../sessions/store';
import { fullTime } from '../../lib/time';
import { Glyph } from './Glyph';
import { useFacts } from './store';
import { RecallRebuilds } from './RecallRebuilds';

export function RecallView() {
  const session = useSessions((s) => findSession(s.byAgent, s.selectedId));
  const agentName = useAgents((s) => s.agents.find((a) => a.id === session?.agentId)?.name);
  const recall = useFacts((s) => (s.recallFor === session?.id ? s.recall : null));
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    void useFacts.getState().loadRecall(session?.id ?? null);
  }, [session?.id, session?.messageCount]);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1400);
    return () => clearTimeout(timer);
  }, [copied]);

  if (!session) {
    return (
      <div className="empty-state memory-empty" data-testid="recall-no-session">
        <Glyph name="eye" size={28} />
        <h2>No session selected</h2>
        <p>Pick a session in the sidebar to see the memory block its model received.</p>
      </div>
    );
  }

  const openChat = () => {
    useSessions.getState().select(session.id);
    useShell.getState().setTab('chat');
  };

  return (
    <div className="memory-body memory-recall" data-testid="recall-view">
      <div className="recall-card">
        <header className="recall-head">
          <div className="recall-head-text">
            <h2 className="recall-title" data-testid="recall-session">
              {session.title}
            </h2>
            <div className="recall-meta">
              <span>{agentName ?? session.agentId}</span>
              {session.workspace ? <span className="mono">{session.workspace}</span> : null}
              {session.incognito ? <span className="pill pill-warn">Incognito — reads memory, writes none</span> : null}
            </div>
          </div>
          <div className="recall-actions">
            {recall?.block ? (
              <button
                type="button"
                className="button button-quiet"
                data-testid="recall-copy"
                onClick={() => void navigator.clipboard.writeText(recall.block ?? '').then(() => setCopied(true), () => setCopied(false))}
              >
                {copied ? <Icon name="check" size={15} /> : <Glyph name="copy" size={15} />}
                {copied ? 'Copied' : 'Copy'}
              </button>
            ) : null}
            <button type="button" className="button" data-testid="recall-open-chat" onClick={openChat}>
              <Glyph name="external" size={15} />
              Open the chat
            </button>
          </div>
        </header>

        {recall === null ? (
          <div className="recall-pending">Loading…</div>
        ) : recall.block === null ? (
          <div className="recall-pending" data-testid="recall-not-built">
            <Glyph name="eye" size={18} />
            <div>
              <div className="recall-pending-title">Not built yet — it is built on the session’s first turn.</div>
              <div className="muted">
                Then it is frozen: every later turn of this session sends exactly the same block, so what you see here is what the model saw.
              </div>
            </div>
          </div>
        ) : (
          <>
            <div className="recall-built" data-testid="recall-built">
              <span>
                Built at <time dateTime={recall.builtAt ?? undefined}>{recall.builtAt ? fullTime(recall.builtAt) : 'an unknown time'}</time>
              </span>
              <span className="recall-dot" aria-hidden="true">
                ·
              </span>
              <span>frozen for this session</span>
              <span className="recall-dot" aria-hidden="true">
                ·
              </span>
              <span>{recall.block.length.toLocaleString()} characters</span>
            </div>
            <pre className="recall-block selectable" data-testid="recall-block" tabIndex={0}>
              {recall.block}
            </pre>
            {/* "Use it now" rebuilds of this session's block (issue 16 §4) */}
            <RecallRebuilds rebuilds={recall.rebuilds ?? []} />
          </>
        )}
      </div>
      <p className="recall-note">
        Facts recorded or changed after the block was built are on disk (see Facts) and the agent can read them with its memory tool; the block itself
        refreshes in the next session. Identity files (USER.md, SOUL.md, AGENTS.md) are sent beside it and apply from the next turn.
      </p>
    </div>
  );
}
