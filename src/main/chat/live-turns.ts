// The turns running now, per session, as a window that opens mid-turn needs them (`chat.live`): built
// from the same chat.* events the windows already receive, with the same reducers (shared/live-turn.ts).
// Memory: one turn per running session, dropped when it ends; a stored message drops its draft.
import { withDelta, withoutDraft, withTool, type LiveTurn } from '../../shared/live-turn';
import type { AnyEvent, EventBus } from '../events';

export class LiveTurns {
  private readonly turns = new Map<string, LiveTurn>();
  private readonly unsubscribe: () => void;

  constructor(events: EventBus) {
    this.unsubscribe = events.subscribe((e) => this.apply(e));
  }

  /** The session's running turn, or null when none runs. */
  get(sessionId: string): LiveTurn | null {
    return this.turns.get(sessionId) ?? null;
  }

  close(): void {
    this.unsubscribe();
    this.turns.clear();
  }

  private apply(e: AnyEvent): void {
    switch (e.name) {
      case 'chat.turn':
        if (e.payload.phase === 'started') this.turns.set(e.payload.sessionId, { turnId: e.payload.turnId, drafts: [] });
        else if (this.turns.get(e.payload.sessionId)?.turnId === e.payload.turnId) this.turns.delete(e.payload.sessionId);
        return;
      // A turn is tracked from its `started` event (always its first): nothing else creates one, so a
      // stray event can never leave a turn behind that no `done` would remove.
      case 'chat.delta': {
        const turn = this.turns.get(e.payload.sessionId);
        if (turn?.turnId === e.payload.turnId) this.turns.set(e.payload.sessionId, withDelta(turn, e.payload));
        return;
      }
      case 'chat.tool': {
        const turn = this.turns.get(e.payload.sessionId);
        if (turn?.turnId === e.payload.turnId) this.turns.set(e.payload.sessionId, withTool(turn, e.payload));
        return;
      }
      case 'chat.message': {
        const turn = this.turns.get(e.payload.sessionId);
        if (turn) this.turns.set(e.payload.sessionId, withoutDraft(turn, e.payload.message.id));
        return;
      }
      default:
        return;
    }
  }
}
