// Freshness said out loud (issue 16 §4): memory changed after this chat's memory block was frozen, so
// the change applies to new sessions. Said once per change; "Use it now" rebuilds this chat's block (the
// next reply misses the provider's prompt cache, which the person chose) and records it in the session,
// where "What the model saw" shows it. Only under memory.freshness = 'ask' (issue 29 §4): the default
// 'quiet' offers "Use it now" in the receipt and the Session menu instead (use-it-now.tsx), and
// 'automatic' rebuilds the block at the next turn, so neither shows this banner.
import { useEffect, useState } from 'react';
import type { RecallFreshness } from '../../../../shared/inbox';
import { attempt, invoke, on } from '../../lib/api';
import { useSettings } from '../settings/store';
import { applyMemoryNow } from './use-it-now';
import '../../styles/inbox.css';

export function FreshnessNotice({ sessionId, running }: { sessionId: string; running: boolean }) {
  const [shown, setShown] = useState<RecallFreshness | null>(null);
  const [busy, setBusy] = useState(false);
  const asks = useSettings((s) => (s.config?.memory.freshness ?? 'quiet') === 'ask');

  useEffect(() => {
    setShown(null);
    let alive = true;
    const check = async () => {
      const f = await attempt(() => invoke('recall.freshness', { sessionId }));
      if (!alive || !f) return;
      if (f.notice) {
        setShown(f);
        // Said once: the engine remembers it was shown for memory as it is now.
        void attempt(() => invoke('recall.noticeSeen', { sessionId }));
      } else if (!f.changed) setShown(null);
      else setShown((s) => (s ? { ...s, added: f.added, removed: f.removed } : s));
    };
    void check();
    const stops = [
      on('memory.changed', () => void check()),
      on('chat.turn', (e) => {
        if (e.sessionId === sessionId && e.phase !== 'started') void check();
      }),
    ];
    return () => {
      alive = false;
      stops.forEach((s) => s());
    };
  }, [sessionId]);

  if (!shown || !asks) return null;
  const changes = shown.added.length + shown.removed.length;
  const useNow = async () => {
    setBusy(true);
    const ok = await applyMemoryNow(sessionId);
    setBusy(false);
    if (ok) setShown(null);
  };
  return (
    <div className="freshness-notice" role="status" data-testid="freshness-notice">
      <div className="freshness-body">
        <div className="freshness-title">Memory changed: applies to new sessions</div>
        <details className="freshness-details">
          <summary>
            {changes} {changes === 1 ? 'change' : 'changes'} since this chat’s memory was set
          </summary>
          <ul>
            {shown.added.map((l, i) => (
              <li key={`a${i}`}>Added: {l}</li>
            ))}
            {shown.removed.map((l, i) => (
              <li key={`r${i}`}>Removed: {l}</li>
            ))}
          </ul>
        </details>
      </div>
      <div className="freshness-actions">
        <button type="button" className="button button-primary" disabled={busy || running} data-testid="freshness-use-now" onClick={() => void useNow()}>
          Use it now
        </button>
        <button type="button" className="button" data-testid="freshness-dismiss" onClick={() => setShown(null)}>
          Not now
        </button>
      </div>
    </div>
  );
}
