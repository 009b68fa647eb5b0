// The handlers of Settings → Devices' channels (contract-sync-devices.ts), kept beside handlers.ts so the
// sync group adds one spread there.
import type { ChannelName, ChannelOutput, ParsedInput } from '../../shared/contract';
import type { syncDeviceChannels } from '../../shared/contract-sync-devices';
import { SyncDevices } from '../sync/devices-service';
import type { HandlerPorts } from './handler-ports';

type SyncChannel = keyof typeof syncDeviceChannels & ChannelName;
/** The same shape as handlers.ts's Handlers, for these channels (importing it would make the two files a circle). */
type SyncHandlers = { [K in SyncChannel]: (input: ParsedInput<K>) => Promise<ChannelOutput<K>> };

export function syncDeviceHandlers(engine: Pick<HandlerPorts, 'paths' | 'secrets' | 'sync'>): SyncHandlers {
  const devices = new SyncDevices({ home: engine.paths.root, secrets: engine.secrets });
  return {
    'sync.devices': () => devices.view(),
    'sync.invite': () => devices.invite(),
    // A home paired while the app runs starts its live sync at once (the sidebar shows its state).
    'sync.join': async (input) => {
      const view = await devices.join(input);
      await engine.sync.tryStart();
      return view;
    },
    'sync.revoke': ({ device }) => devices.revoke(device),
    // The choice goes into the home document at once while the live sync runs ('home'), else at the next sync.
    'sync.consolidateHere': async () => {
      const view = await devices.consolidateHere();
      engine.sync.localChange(['home']);
      return view;
    },
  };
}
