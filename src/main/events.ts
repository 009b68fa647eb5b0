// A typed push-event bus: the engine emits, each host forwards to its renderer(s).
import type { EventMap, EventName } from '../shared/contract';

export type AnyEvent = { [K in EventName]: { name: K; payload: EventMap[K] } }[EventName];
type Listener = (event: AnyEvent) => void;

export class EventBus {
  private listeners = new Set<Listener>();

  emit<K extends EventName>(name: K, payload: EventMap[K]): void {
    const event = { name, payload } as AnyEvent;
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (err) {
        // One broken subscriber (a closed window, a dropped SSE client) must not stop the others.
        console.error(`[events] listener for ${name} failed:`, err);
      }
    }
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
