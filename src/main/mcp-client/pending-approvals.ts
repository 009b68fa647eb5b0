// Tool calls waiting for the person's "Allow once" / "Always in this chat" / "Deny". The turn awaits the
// decision; Stop (the turn's abort signal) ends the wait, and so does closing Monad.
import { MonadError } from '../../shared/errors';
import type { McpDecision } from '../../shared/mcp';

interface Waiter {
  resolve: (d: McpDecision) => void;
  reject: (err: Error) => void;
  /** What the model wants to pass: shown again when the chat is opened anew while the call waits. */
  args: unknown;
}

const key = (sessionId: string, callId: string) => `${sessionId}\u0000${callId}`;

export class PendingApprovals {
  private waiting = new Map<string, Waiter>();

  /** Resolves with the decision; rejects with an AbortError when `signal` aborts first. */
  wait(sessionId: string, callId: string, signal: AbortSignal, args?: unknown): Promise<McpDecision> {
    const k = key(sessionId, callId);
    return new Promise<McpDecision>((resolve, reject) => {
      const abort = () => {
        this.waiting.delete(k);
        reject(abortError());
      };
      if (signal.aborted) return abort();
      signal.addEventListener('abort', abort, { once: true });
      this.waiting.set(k, {
        args,
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

  /**
   * The arguments of a call still waiting (undefined once decided): a person who reloads the window, or
   * opens the chat in another, must see what they are asked to allow, not only the tool's name.
   */
  argsOf(sessionId: string, callId: string): unknown {
    return this.waiting.get(key(sessionId, callId))?.args;
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
