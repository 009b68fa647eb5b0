// monad sync serve|now — the same memory on every device (issue 30, docs/sync.md). `serve` runs the relay
// on a machine the person owns; `now` syncs this home's facts with it and returns when the relay has them.
// Pairing (invite, join, devices, revoke) is still to come: until then `now` is told the relay and the
// home's name on it once (--relay, --space), and remembers them.
import { MonadError } from '../../shared/errors';
import { syncKinds } from '../../main/engine-sync';
import { DocStore } from '../../main/sync/doc-store';
import { startRelay } from '../../main/sync/relay';
import { deviceStoreFile } from '../../main/sync/live-sync-service';
import { syncNow } from '../../main/sync/sync-client';
import { openCliEngine } from '../output';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';
import { syncHelp } from './sync-help';


/** Where a home keeps its synced documents and what it remembers between syncs. */
export function syncStoreFile(home: string): string {
  return deviceStoreFile(home);
}

function parsePort(value: unknown): number {
  const port = Number(value);
  if (typeof value !== 'string' || !Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0-65535, got ${String(value)}`);
  return port;
}

export async function syncCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { data: { type: 'string' }, port: { type: 'string' }, host: { type: 'string' }, relay: { type: 'string' }, space: { type: 'string' } });
  const flags = globalFlags(values);
  const [action] = positionals;
  switch (action) {
    case 'serve': {
      if (typeof values.data !== 'string') throw new UsageError('monad sync serve needs --data DIR (where the relay keeps what it serves)');
      const relay = await startRelay({ dataDir: values.data, port: values.port === undefined ? 0 : parsePort(values.port), host: typeof values.host === 'string' ? values.host : undefined });
      if (flags.json) printJson({ url: relay.url, port: relay.port });
      else process.stdout.write(`relay listening on ${relay.url}\n`);
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
        if (typeof values.relay === 'string') store.set('relay', values.relay);
        if (typeof values.space === 'string') store.set('space', values.space);
        relayUrl = store.get('relay');
        space = store.get('space');
      } finally {
        store.close();
      }
      if (!relayUrl || !space) throw new UsageError('This home has no relay yet: run `monad sync now --relay URL --space NAME` once (the relay `monad sync serve` printed, and the same name on every device).');
      const engine = openCliEngine({ home: flags.home, host: 'cli' });
      try {
        const r = await syncNow({ relayUrl, space, storeFile, kinds: syncKinds(engine) });
        if (flags.json) printJson(r);
        else {
          process.stdout.write(`synced with ${r.relay}: ${r.sent} change(s) sent, ${r.received} fact(s) received, ${r.forgotten} forgotten\n`);
          for (const d of r.documents) for (const x of d.refused) process.stdout.write(`refused in ${d.kind}/${d.key}: "${x.text}" (${x.reason})\n`);
        }
        return 0;
      } catch (err) {
        if (err instanceof MonadError) {
          process.stderr.write(`monad sync now: ${err.message}\n`);
          return 1;
        }
        throw err;
      } finally {
        engine.close();
      }
    }
    default:
      throw new UsageError(`${action ? `unknown action "${action}"` : 'needs an action'}; usage: ${syncHelp}`);
  }
}
