// Forwards engine push events to the main window, one IPC channel per event (`monad:event:<name>`).
import type { WebContents } from 'electron';
import { eventChannel } from '../../shared/channel-names';
import type { EventBus } from '../events';

export function forwardEvents(events: EventBus, target: () => WebContents | null, isOwnUrl: (url: string) => boolean): () => void {
  return events.subscribe((event) => {
    const contents = target();
    if (!contents || contents.isDestroyed()) return;
    // Navigation is blocked, but should a foreign page ever be showing, it gets no app data.
    if (!isOwnUrl(contents.getURL())) return;
    contents.send(eventChannel(event.name), event.payload);
  });
}
