// Tool calls waiting for the person's "Allow once" / "Always in this chat" / "Deny". The turn awaits the
// decision; Stop (the turn's abort signal) ends the wait, and so does closing Monad.
import { MonadError } from '../../shared/errors';
import type { McpDecision } from '../../shared/mcp';

interface Waiter {
  resolve: (d: McpDecision) => void;
  reject: (err: Error) => void;
}

const key = (sessionId: string, callId: string) => `${sessionId}\u0000${callId}`;

export class PendingApprovals {
  private waiting = new Map<string, Waiter>();

  /** Resolves with the decision; rejects with an AbortError when `signal` aborts first. */
  wait(sessionId: string, callId: string, signal: AbortSignal): Promise<McpDecision> {
    const k = key(sessionId, callId);
    return new Promise<McpDecision>((resolve, reject) => {
      const abort = () => {
        this.waiting.delete(k);
        reject(abortError());
      };
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      this.waiting.set(k, {
        resolve: (d) => {
          signal.removeEventListener('abort', abort);
          this.waiting.delete(k);
          resolve(d);
        },
        reject: (err) => {
          signal.removeEventListener('abort', abort);
          this.waiting.delete(k);
          reject(err);
        },
      });
    });
  }

  isWaiting(sessionId: string, callId: string): boolean {
    return this.waiting.has(key(sessionId, callId));
  }

  decide(sessionId: string, callId: string, decision: McpDecision): void {
    const w = this.waiting.get(key(sessionId, callId));
    // Decided already (a second click, another window) or the turn has ended: say so rather than pretend.
    if (!w) throw new MonadError('NOT_FOUND', 'This tool call is no longer waiting for a decision');
    w.resolve(decision);
  }

  rejectAll(): void {
    for (const w of [...this.waiting.values()]) w.reject(abortError());
  }
}

function abortError(): Error {
  const err = new Error('The tool call was stopped before it ran');
  err.name = 'AbortError';
  return err;
}
