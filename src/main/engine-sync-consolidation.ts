// Scheduled consolidation on one device (issue 30 §3), wired here in the composition root's room: the
// memory room's scheduler asks a plain function, and never imports the sync room that answers it.
import type { ConsolidationScheduler } from './memory/consolidate/scheduler';
import { scheduledElsewhere } from './sync/consolidation-device';
import { deviceStoreFile } from './sync/device-store-file';

/** Scheduled runs of this home skip on a device that is not the home's consolidation device. */
export function gateScheduledConsolidation(scheduler: ConsolidationScheduler, home: string): void {
  const storeFile = deviceStoreFile(home);
  scheduler.runsElsewhereWhen(() => scheduledElsewhere(storeFile));
}
