// monad sync invite|join|devices|revoke — devices the person controls (issue 30 §4, docs/sync.md).
// A paired device asks its relay for invite codes, lists and revokes the home's devices with its own
// credential; the very first invite of a new home is made on the relay's machine (`invite --data DIR`),
// whose files only the person who runs the relay can write.
import { hostname } from 'node:os';
import type { Engine } from '../../main/engine';
import { DocStore } from '../../main/sync/doc-store';
import { inviteUri } from '../../main/sync/devices-service';
import { readPairing, requirePaired, savePairing } from '../../main/sync/device-pairing';
import { joinRelay, listDevices, requestInvite, revokeDevice, type PairedDevice } from '../../main/sync/pairing-client';
import { normaliseInviteCode } from '../../main/sync/pairing-code';
import { firstInviteOnRelay } from '../../main/sync/relay-first-invite';
import { checkRelayUrl } from '../../main/sync/relay-url';
import { looksLikeJoinLink, parseSyncJoinLink } from '../../shared/sync-join-link';
import { randomBytes } from 'node:crypto';
import { openCliEngine } from '../output';
import { printJson, UsageError, type GlobalFlags } from '../args';
import { syncStoreFile } from './sync-store-file';

export interface PairingArgs {
  flags: GlobalFlags;
  positionals: string[];
  relay?: string;
  data?: string;
  space?: string;
  name?: string;
}

function withPairingContext<T>(home: string, fn: (engine: Engine, store: DocStore) => Promise<T>): Promise<T> {
  const engine = openCliEngine({ home, host: 'cli' });
  const store = new DocStore(syncStoreFile(home));
  return fn(engine, store).finally(() => {
    store.close();
    engine.close();
  });
}

const minutesLeft = (iso: string): number => Math.max(0, Math.round((Date.parse(iso) - Date.now()) / 60_000));

function printInvite(flags: GlobalFlags, invite: { code: string; space: string; expiresAt: string }, relay: string | null): void {
  if (flags.json) return printJson({ ...invite, relay });
  process.stdout.write(`invite code: ${invite.code}\n`);
  process.stdout.write(`home: ${invite.space}; valid once, for ${minutesLeft(invite.expiresAt)} min (until ${invite.expiresAt})\n`);
  process.stdout.write(`on the new device: monad sync join ${invite.code} --relay ${relay ?? 'URL'}\n`);
  if (relay) process.stdout.write(`or open the link there (it is what the QR code in Settings → Devices carries): ${inviteUri(relay, invite.code)}\n`);
}

export async function invite(a: PairingArgs): Promise<number> {
  if (a.data) {
    // On the relay's machine: writing to its store is the proof of being the person who runs it.
    const space = a.space ?? `home-${randomBytes(4).toString('hex')}`;
    printInvite(a.flags, firstInviteOnRelay(a.data, space), a.relay ?? null);
    return 0;
  }
  return withPairingContext(a.flags.home, async (engine, store) => {
    const p = requirePaired(readPairing(store, engine.secrets));
    if (a.relay && checkRelayUrl(a.relay) !== p.relay) throw new UsageError(`this device is paired with ${p.relay}, not ${a.relay}; leave out --relay, or run \`invite --data DIR\` on the relay's machine for a new home`);
    printInvite(a.flags, await requestInvite(p.relay, p.token, engine.egress), p.relay);
    return 0;
  });
}

export async function joinHome(a: PairingArgs): Promise<number> {
  const given = joinArgs(a);
  const relay = checkRelayUrl(given.relay);
  const typed = given.code;
  const code = normaliseInviteCode(typed);
  if (!code) throw new UsageError(`"${typed}" is not an invite code: it is 6 words, as \`monad sync invite\` printed them`);
  const name = (a.name ?? hostname()).trim().slice(0, 80) || 'device';
  return withPairingContext(a.flags.home, async (engine, store) => {
    const joined = await joinRelay(relay, code, name, engine.egress);
    savePairing(store, engine.secrets, { relay, space: joined.space, deviceId: joined.device.id, deviceName: joined.device.name, token: joined.token });
    if (a.flags.json) printJson({ relay, space: joined.space, device: joined.device });
    else process.stdout.write(`joined home ${joined.space} on ${relay} as "${joined.device.name}" (${joined.device.id}); run \`monad sync now\` to sync\n`);
    return 0;
  });
}

/**
 * What `join` was given: the invite's link (`monad://sync/join?relay=…&code=…`, what its QR code carries)
 * as the one argument, or the code's words with --relay. A link is parsed strictly (shared/sync-join-link.ts)
 * and its relay must agree with --relay when both are given.
 */
function joinArgs(a: PairingArgs): { code: string; relay: string } {
  const rest = a.positionals.slice(1);
  const typed = rest.join(' ');
  if (!typed) throw new UsageError('monad sync join needs the invite code: monad sync join CODE --relay URL, or the invite link: monad sync join "monad://sync/join?relay=…&code=…"');
  if (looksLikeJoinLink(typed)) {
    if (rest.length !== 1) throw new UsageError('monad sync join takes the invite link as one argument: put it in quotes');
    const parsed = parseSyncJoinLink(rest[0]!);
    if (!parsed.ok) throw new UsageError(parsed.error);
    if (a.relay && checkRelayUrl(a.relay) !== checkRelayUrl(parsed.link.relay)) {
      throw new UsageError(`the invite link names the relay ${parsed.link.relay}, not ${a.relay}; leave out --relay`);
    }
    return parsed.link;
  }
  if (!a.relay) throw new UsageError('monad sync join needs --relay URL (the relay the invite came from), or the invite link instead of the code');
  return { code: typed, relay: a.relay };
}

function deviceLine(d: PairedDevice, self: string): string {
  const state = d.revokedAt ? `revoked ${d.revokedAt}` : `last seen ${d.lastSeenAt ?? 'never'}`;
  return `${d.id}  ${d.name}  ${state}${d.id === self ? '  (this device)' : ''}\n`;
}

export async function devices(a: PairingArgs): Promise<number> {
  return withPairingContext(a.flags.home, async (engine, store) => {
    const p = requirePaired(readPairing(store, engine.secrets));
    const r = await listDevices(p.relay, p.token, engine.egress);
    if (a.flags.json) printJson({ relay: p.relay, space: r.space, devices: r.devices.map((d) => ({ ...d, thisDevice: d.id === r.self })) });
    else {
      process.stdout.write(`home ${r.space} on ${p.relay}: ${r.devices.length} device(s)\n`);
      for (const d of r.devices) process.stdout.write(deviceLine(d, r.self));
    }
    return 0;
  });
}

export async function revoke(a: PairingArgs): Promise<number> {
  const target = a.positionals[1];
  if (!target) throw new UsageError('monad sync revoke needs a device: its id or its name, as `monad sync devices` lists them');
  return withPairingContext(a.flags.home, async (engine, store) => {
    const p = requirePaired(readPairing(store, engine.secrets));
    const { device } = await revokeDevice(p.relay, p.token, target, engine.egress);
    if (a.flags.json) printJson({ device, thisDevice: device.id === p.deviceId });
    else process.stdout.write(`revoked "${device.name}" (${device.id}) on ${device.revokedAt}: its connections were closed and the relay refuses it from now on\n`);
    return 0;
  });
}
