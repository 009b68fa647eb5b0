// Settings → Devices in the engine (issue 30 §4): the same pairing the CLI does (`monad sync invite|join|
// devices|revoke`), for the app. It reads and writes this home's pairing (device-pairing.ts) and talks to
// the relay (pairing-client.ts); the credential stays here and never reaches the renderer.
import { hostname } from 'node:os';
import type { SyncDevicesView, SyncInviteView } from '../../shared/contract-sync-devices';
import { MonadError } from '../../shared/errors';
import { EgressFilter } from '../secrets/egress-filter';
import type { SecretStore } from '../secrets/secret-store';
import { chooseConsolidationDevice, consolidationDeviceOf, thisDevice } from './consolidation-device';
import { DocStore } from './doc-store';
import { readPairing, requirePaired, savePairing, type Pairing } from './device-pairing';
import { joinRelay, listDevices, requestInvite, revokeDevice } from './pairing-client';
import { normaliseInviteCode } from './pairing-code';
import { checkRelayUrl } from './relay-url';
import { deviceStoreFile } from './device-store-file';

export { deviceStoreFile };

/** What a QR code carries: the relay and the code, so another device can join by scanning it. */
export function inviteUri(relay: string, code: string): string {
  return `monad://sync/join?relay=${encodeURIComponent(relay)}&code=${encodeURIComponent(code)}`;
}

export class SyncDevices {
  /** What is sent to the relay passes the same filter as every other exit (pairing-client.ts). */
  private readonly egress: EgressFilter;

  constructor(private readonly opts: { home: string; secrets: Pick<SecretStore, 'get' | 'set' | 'binding' | 'values'>; egress?: EgressFilter }) {
    this.egress = opts.egress ?? new EgressFilter(() => opts.secrets.values());
  }

  private withStore<T>(fn: (store: DocStore) => T): T {
    const store = new DocStore(deviceStoreFile(this.opts.home));
    try {
      return fn(store);
    } finally {
      store.close();
    }
  }

  private pairing(): Pairing {
    return this.withStore((s) => readPairing(s, this.opts.secrets as SecretStore));
  }

  async view(): Promise<SyncDevicesView> {
    const p = this.pairing();
    const seen = this.withStore(consolidationDeviceOf);
    const consolidation = seen ? { name: seen.name, thisDevice: seen.thisDevice, pending: seen.pending } : null;
    const base = { paired: Boolean(p.token && p.deviceId), relay: p.relay, space: p.space, deviceId: p.deviceId, deviceName: p.deviceName, consolidation };
    if (!base.paired) return { ...base, devices: [], error: null };
    try {
      const r = await listDevices(p.relay!, p.token!, this.egress);
      return { ...base, devices: r.devices.map((d) => ({ ...d, thisDevice: d.id === r.self })), error: null };
    } catch (err) {
      if (err instanceof MonadError) return { ...base, devices: [], error: err.message };
      throw err;
    }
  }

  async invite(): Promise<SyncInviteView> {
    const p = requirePaired(this.pairing());
    const inv = await requestInvite(p.relay, p.token, this.egress);
    // Imported here, for the one call that draws a code: its renderers (pngjs among them) cost ~40 ms of every start.
    const { default: QRCode } = await import('qrcode');
    const svg = await QRCode.toString(inviteUri(p.relay, inv.code), { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    return { code: inv.code, expiresAt: inv.expiresAt, relay: p.relay, space: inv.space, qrSvg: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` };
  }

  async join(input: { code: string; relay: string; name?: string }): Promise<SyncDevicesView> {
    const relay = checkRelayUrl(input.relay);
    const code = normaliseInviteCode(input.code);
    if (!code) throw new MonadError('BAD_INPUT', 'That is not an invite code: it is 6 words, as Settings → Devices or `monad sync invite` shows them on a paired device.');
    const name = input.name?.trim() || hostname().slice(0, 80) || 'device';
    const joined = await joinRelay(relay, code, name, this.egress);
    this.withStore((s) => savePairing(s, this.opts.secrets as SecretStore, { relay, space: joined.space, deviceId: joined.device.id, deviceName: joined.device.name, token: joined.token }));
    return this.view();
  }

  /** Scheduled consolidation runs here from now on (issue 30 §3); the caller has the sync send it. */
  async consolidateHere(): Promise<SyncDevicesView> {
    requirePaired(this.pairing());
    this.withStore((s) => chooseConsolidationDevice(s, thisDevice(s)));
    return this.view();
  }

  async revoke(device: string): Promise<SyncDevicesView> {
    const p = requirePaired(this.pairing());
    await revokeDevice(p.relay, p.token, device, this.egress);
    return this.view();
  }
}
