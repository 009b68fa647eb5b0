// "Use it now" without the banner (issue 29 §4): with memory.freshness on 'quiet' (the default) nothing
// interrupts the chat when memory changes; the inline "Remembered" line says what was saved, and the
// rebuild of this chat's frozen block is offered where a person looks for it: the reply's receipt and
// the chat's Session menu. Both read the engine's freshness check, kept current by the same events the
// banner listens to.
import { useCallback, useEffect, useState } from 'react';
import type { RecallFreshness } from '../../../../shared/inbox';
import { attempt, invoke, on } from '../../lib/api';
import { toast } from '../toasts/store';
import '../../styles/quiet-memory.css';

/** Whether memory moved past this chat's frozen block, re-read on every memory change and finished turn. */
export function useFreshness(sessionId: string): { fresh: RecallFreshness | null; refresh: () => void } {
  const [fresh, setFresh] = useState<RecallFreshness | null>(null);
  const refresh = useCallback(() => {
    void attempt(() => invoke('recall.freshness', { sessionId })).then((f) => {
      if (f && f.sessionId === sessionId) setFresh(f);
    });
  }, [sessionId]);
  useEffect(() => {
    setFresh(null);
    refresh();
    const stops = [
      on('memory.changed', refresh),
      on('chat.turn', (e) => {
        if (e.sessionId === sessionId && e.phase !== 'started') refresh();
      }),
    ];
    return () => stops.forEach((s) => s());
  }, [sessionId, refresh]);
  return { fresh, refresh };
}

/** Rebuilds the chat's block; true when it was. The toast says what it costs. */
export async function applyMemoryNow(sessionId: string): Promise<boolean> {
  const r = await attempt(() => invoke('recall.useNow', { sessionId }));
  if (!r) return false;
  toast.success('This chat now uses memory as it is', 'The next reply sends the new memory block, so it does not reuse the provider’s prompt cache once.');
  return true;
}

export function changeCount(f: RecallFreshness): string {
  const n = f.added.length + f.removed.length;
  return `${n} ${n === 1 ? 'change' : 'changes'}`;
}

/**
 * The offer itself: a line saying memory changed since this chat's block was made, and the button. Shown
 * only when there is something to use; `testId` tells the receipt's from the menu's.
 */
export function UseItNow({ sessionId, testId, disabled, current }: { sessionId: string; testId: string; disabled?: boolean; current?: string }) {
  const { fresh, refresh } = useFreshness(sessionId);
  const [busy, setBusy] = useState(false);
  if (!fresh) return null;
  if (!fresh.changed) {
    // The menu says so (the place to look for it); the receipt stays short.
    return current ? (
      <p className="popover-help" data-testid={`${testId}-current`}>
        {current}
      </p>
    ) : null;
  }
  return (
    <div className="use-it-now" data-testid={testId}>
      <span className="use-it-now-text">
        Memory changed since this chat’s memory was set ({changeCount(fresh)}); new sessions use it.
      </span>
      <button
        type="button"
        className="button"
        data-testid={`${testId}-button`}
        disabled={busy || disabled}
        title="Rebuild this chat’s memory block from memory as it is now. The next reply misses the provider’s prompt cache once."
        onClick={() => {
          setBusy(true);
          void applyMemoryNow(sessionId).then(() => {
            setBusy(false);
            refresh();
          });
        }}
      >
        Use it now
      </button>
    </div>
  );
}
