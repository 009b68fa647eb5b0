// The handlers of Settings → Devices' channels (contract-sync-devices.ts), kept beside handlers.ts so the
// sync group adds one spread there.
import type { ChannelName } from '../../shared/contract';
import type { syncDeviceChannels } from '../../shared/contract-sync-devices';
import { SyncDevices } from '../sync/devices-service';
import type { HandlerPorts } from './handler-ports';
import type { Handlers } from './handlers';

type SyncChannel = keyof typeof syncDeviceChannels & ChannelName;

export function syncDeviceHandlers(engine: Pick<HandlerPorts, 'paths' | 'secrets'>): Pick<Handlers, SyncChannel> {
  const devices = new SyncDevices({ home: engine.paths.root, secrets: engine.secrets });
  return {
    'sync.devices': () => devices.view(),
    'sync.invite': () => devices.invite(),
    'sync.join': (input) => devices.join(input),
    'sync.revoke': ({ device }) => devices.revoke(device),
  };
}
