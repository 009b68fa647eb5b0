// How a live device learns that a document it closed changed on the relay (issue 30 §5). A live device
// closes documents nobody touched for a while (live-sync.ts) to give back their memory, but Hocuspocus only
// sends a document's updates to the sockets that hold it open. So the relay, which sees every update of a
// home whoever sends it (a live device, `monad sync now`, an older Monad), tells the devices that hold the
// home's root document open which document changed, as a stateless message on that root document — the
// one document every live device keeps open. A device reopens the named document if it had closed it; the
// engine's own sync then brings it up to date (state vectors), so a lost notice costs latency, not data.
//
// The relay also greets each device on the root document: a device only closes documents once it knows its
// relay sends notices (a relay from before them never would, and a closed document would then miss
// changes until the next reconnection).
import { HOME_DOC } from './sync-client';

/** Sent by the relay to each device that opens a home's root document. */
export const NOTICES_HELLO = JSON.stringify({ notices: 1 });

/** The relay's notice that `local` (a document's name inside its home, `<kind>/<key>`) changed. */
export function changeNotice(local: string): string {
  return JSON.stringify({ changed: local });
}

export type Notice = { hello: true } | { changed: string };

/** Documents' names inside a home are short (`chat/<uuid>`, `facts/<scope>`); anything longer is not one. */
const MAX_NAME = 512;

/**
 * Reads a stateless message from the relay. It comes from the network: anything but the two shapes
 * above is ignored, and a changed name is only ever used to reopen a document this device closed itself.
 */
export function parseNotice(payload: string): Notice | null {
  let v: unknown;
  try {
    v = JSON.parse(payload);
  } catch {
    return null;
  }
  if (!v || typeof v !== 'object') return null;
  const o = v as Record<string, unknown>;
  if (o.notices === 1) return { hello: true };
  if (typeof o.changed === 'string' && o.changed.length > 0 && o.changed.length <= MAX_NAME && o.changed !== HOME_DOC) return { changed: o.changed };
  return null;
}

/** A relay document's name split into its home and its name inside the home (null for a malformed one). */
export function splitDocName(documentName: string): { space: string; local: string } | null {
  const slash = documentName.indexOf('/');
  if (slash <= 0 || slash === documentName.length - 1) return null;
  return { space: documentName.slice(0, slash), local: documentName.slice(slash + 1) };
}
