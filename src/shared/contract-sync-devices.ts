// The contract's channels for Settings → Devices (issue 30 §4): this home's pairing with a relay, the
// home's devices, an invite code (words and QR), joining with one, revoking a device. Joined into
// `contract` in contract.ts. A device's credential never crosses this contract: only the engine holds it.
import { z } from 'zod';
import { channel, empty } from './contract-base';

export interface SyncDeviceView {
  id: string;
  name: string;
  createdAt: string;
  lastSeenAt: string | null;
  revokedAt: string | null;
  thisDevice: boolean;
}

export interface SyncDevicesView {
  paired: boolean;
  relay: string | null;
  space: string | null;
  /** This device's id on the relay (null before it joined). */
  deviceId: string | null;
  deviceName: string | null;
  /** The home's devices as the relay lists them (empty when not paired or the relay did not answer). */
  devices: SyncDeviceView[];
  /** Why the list could not be read (the relay is down, this device was revoked…), in words. */
  error: string | null;
  /**
   * The device that runs this home's scheduled consolidation, as this device last saw it (issue 30 §3; null
   * before the first sync). `pending`: chosen here, not yet sent to the relay.
   */
  consolidation?: { name: string; thisDevice: boolean; pending: boolean } | null;
}

export interface SyncInviteView {
  /** Six words, valid once, for 15 minutes. */
  code: string;
  expiresAt: string;
  relay: string;
  space: string;
  /** The code and the relay as a QR code (an SVG data URL). */
  qrSvg: string;
}

const relayUrl = z.string().trim().min(1).max(300);

export const syncDeviceChannels = {
  'sync.devices': channel<SyncDevicesView>()(empty),
  'sync.invite': channel<SyncInviteView>()(empty),
  'sync.join': channel<SyncDevicesView>()(z.object({ code: z.string().trim().min(1).max(300), relay: relayUrl, name: z.string().trim().min(1).max(80).optional() }).strict()),
  /** Revokes a device of this home (its id); the relay closes its connections at once. */
  'sync.revoke': channel<SyncDevicesView>()(z.object({ device: z.string().min(1).max(80) }).strict()),
  /** Scheduled consolidation runs on this device from now on; the others learn it at their next sync. */
  'sync.consolidateHere': channel<SyncDevicesView>()(empty),
} as const;
