// monad sync serve|now|invite|join|devices|revoke — the same memory on every device (issue 30,
// docs/sync.md). `serve` runs the relay on a machine the person owns; `now` syncs this home with it and
// returns when the relay has everything. A paired device (`join`) syncs with its own credential; `now
// --relay URL --space NAME` still works for a space nobody paired on a plain loopback relay.
import { MonadError } from '../../shared/errors';
import { syncWith } from '../../main/engine-sync';
import { readPairing } from '../../main/sync/device-pairing';
import { DocStore } from '../../main/sync/doc-store';
import { startRelay } from '../../main/sync/relay';
import { checkRelayUrl } from '../../main/sync/relay-url';
import { syncNow } from '../../main/sync/sync-client';
import { recordSyncFailure, recordSyncRun } from '../../main/sync/sync-status';
import { openCliEngine } from '../output';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';
import { syncHelp } from '../command-help';
import { devices, invite, joinHome, revoke, type PairingArgs } from './sync-pairing';
import { syncStoreFile } from './sync-store-file';
import { status } from './sync-status';
import { consolidationDevice } from './sync-consolidation';

export { syncStoreFile };

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function parsePort(value: unknown): number {
  const port = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, got ${String(value)}`);
  return port;
}

export async function syncCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    data: { type: 'string' },
    port: { type: 'string' },
    host: { type: 'string' },
    relay: { type: 'string' },
    space: { type: 'string' },
    name: { type: 'string' },
    'tls-cert': { type: 'string' },
    'tls-key': { type: 'string' },
    'behind-proxy': { type: 'boolean', default: false },
  });
  const flags = globalFlags(values);
  const [action] = positionals;
  const pairing: PairingArgs = { flags, positionals, relay: str(values.relay), data: str(values.data), space: str(values.space), name: str(values.name) };
  switch (action) {
    case 'invite':
      return invite(pairing);
    case 'join':
      return joinHome(pairing);
    case 'devices':
      return devices(pairing);
    case 'revoke':
      return revoke(pairing);
    case 'serve': {
      if (typeof values.data !== 'string') throw new UsageError('monad sync serve needs --data DIR (where the relay keeps what it serves)');
      const cert = str(values['tls-cert']);
      const key = str(values['tls-key']);
      if (Boolean(cert) !== Boolean(key)) throw new UsageError('--tls-cert and --tls-key go together: the certificate and its private key, as PEM files');
      const relay = await startRelay({
        dataDir: values.data,
        port: values.port === undefined ? 0 : parsePort(values.port),
        host: str(values.host),
        tls: cert && key ? { certFile: cert, keyFile: key } : undefined,
        behindProxy: values['behind-proxy'] === true,
      });
      if (flags.json) printJson({ url: relay.url, port: relay.port, allowsUnpaired: relay.allowsUnpaired });
      else {
        process.stdout.write(`relay listening on ${relay.url}\n`);
        if (values['behind-proxy'] === true) process.stdout.write(`behind a proxy: devices use the proxy's wss:// address, which forwards to ${relay.url}\n`);
        process.stdout.write(relay.allowsUnpaired ? 'pairing: optional on this machine (spaces nobody paired open without a credential); `monad sync invite --data DIR` makes a home\'s first invite\n' : 'pairing: required; `monad sync invite --data DIR` on this machine makes a new home\'s first invite\n');
      }
      await new Promise<void>((resolve) => {
        process.once('SIGINT', resolve);
        process.once('SIGTERM', resolve);
      });
      await relay.close();
      return 0;
    }
    case 'now': {
      const storeFile = syncStoreFile(flags.home);
      const store = new DocStore(storeFile);
      let relayUrl: string | null;
      let space: string | null;
      try {
        if (typeof values.relay === 'string') store.set('relay', checkRelayUrl(values.relay));
        if (typeof values.space === 'string') store.set('space', values.space);
        relayUrl = store.get('relay');
        space = store.get('space');
      } finally {
        store.close();
      }
      if (!relayUrl || !space) throw new UsageError('This home has no relay yet: get an invite code from a paired device and run `monad sync join CODE --relay URL` (or, for a space nobody paired on a loopback relay, `monad sync now --relay URL --space NAME` once).');
      const engine = openCliEngine({ home: flags.home, host: 'cli' });
      const withStore = <T>(fn: (store: DocStore) => T): T => {
        const st = new DocStore(storeFile);
        try {
          return fn(st);
        } finally {
          st.close();
        }
      };
      try {
        const token = withStore((st) => readPairing(st, engine.secrets).token ?? undefined);
        const r = await syncNow({ relayUrl, space, storeFile, ...syncWith(engine), token });
        withStore((st) => recordSyncRun(st, r, new Date()));
        if (flags.json) printJson(r);
        else {
          process.stdout.write(`synced with ${r.relay}: ${r.sent} change(s) sent, ${r.received} received, ${r.forgotten} removed\n`);
          // What arrived, by kind (facts, chats, the graph, …), so a person sees what moved.
          const byKind = new Map<string, number>();
          for (const d of r.documents) if (d.received) byKind.set(d.kind, (byKind.get(d.kind) ?? 0) + d.received);
          if (byKind.size) process.stdout.write(`received: ${[...byKind].map(([k, n]) => `${n} in ${k}`).join(', ')}\n`);
          for (const d of r.documents) for (const x of d.refused) process.stdout.write(`refused in ${d.kind}/${d.key}: "${x.text}" (${x.reason})\n`);
        }
        return 0;
      } catch (err) {
        if (err instanceof MonadError) {
          withStore((st) => recordSyncFailure(st, err.message, new Date()));
          if (flags.json) printJson({ error: { code: err.code, message: err.message } });
          process.stderr.write(`monad sync now: ${err.message}\n`);
          return 1;
        }
        throw err;
      } finally {
        engine.close();
      }
    }
    case 'status':
      return status(flags);
    case 'consolidation-device':
      return consolidationDevice(pairing);
    default:
      throw new UsageError(`${action ? `unknown action "${action}"` : 'needs an action'}; usage: ${syncHelp}`);
  }
}
