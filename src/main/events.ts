// A typed push-event bus: the engine emits, each host forwards to its renderer(s). Events leave the
// engine (the window, `/api/events`), so every payload passes the egress filter on its way to the
// listeners; a streamed reply's deltas pass it as one text per message (a stored key split across two
// deltas is still caught), the tail that could still become a key held back until it cannot.
import type { EventMap, EventName } from '../shared/contract';
import type { EgressFilter } from './secrets/egress-filter';
import type { StreamRedactor } from './secrets/stream-redactor';

export type AnyEvent = { [K in EventName]: { name: K; payload: EventMap[K] } }[EventName];
type Listener = (event: AnyEvent) => void;

interface OpenStream {
  turnId: string;
  sessionId: string;
  redactor: StreamRedactor;
}

export class EventBus {
  private listeners = new Set<Listener>();
  /** Streamed messages in flight, by message id. */
  private readonly streams = new Map<string, OpenStream>();

  constructor(private readonly egress: EgressFilter | null = null) {}

  emit<K extends EventName>(name: K, payload: EventMap[K]): void {
    if (!this.egress) return this.deliver({ name, payload } as AnyEvent);
    const event = { name, payload } as AnyEvent;
    switch (event.name) {
      case 'chat.delta': {
        const d = event.payload;
        let s = this.streams.get(d.messageId);
        if (!s) {
          s = { turnId: d.turnId, sessionId: d.sessionId, redactor: this.egress.stream() };
          this.streams.set(d.messageId, s);
        }
        const text = s.redactor.push(d.text);
        if (text) this.deliver({ name: 'chat.delta', payload: { ...d, text } });
        return;
      }
      case 'chat.message':
        // The stored message carries the whole text (filtered below): what a draft held back is in it.
        this.streams.delete(event.payload.message.id);
        break;
      case 'chat.turn':
        if (event.payload.phase !== 'started') this.flushTurn(event.payload.turnId);
        break;
      default:
        break;
    }
    this.deliver({ name: event.name, payload: this.egress.value(event.payload) } as AnyEvent);
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A turn ended: the tails its drafts still held go out (redacted) before the turn's last event. */
  private flushTurn(turnId: string): void {
    for (const [messageId, s] of this.streams) {
      if (s.turnId !== turnId) continue;
      this.streams.delete(messageId);
      const text = s.redactor.flush();
      if (text) this.deliver({ name: 'chat.delta', payload: { turnId, sessionId: s.sessionId, messageId, text } });
    }
  }

  private deliver(event: AnyEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        // One broken subscriber (a closed window, a dropped SSE client) must not stop the others.
        const detail = err instanceof Error ? (err.stack ?? err.message) : String(err);
        const line = `[events] listener for ${event.name} failed: ${detail}`;
        console.error(this.egress ? this.egress.text(line) : line);
      }
    }
  }
}
