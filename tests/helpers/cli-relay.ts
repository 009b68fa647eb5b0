// Relays started the way a person starts one (`monad sync serve`), for the sync tests that talk to the
// real program on loopback.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { spawnCli, waitForLine } from './cli';
import { tempHome } from './temp-home';

export interface CliRelay {
  url: string;
  child: ChildProcess;
}

/** A `monad sync serve` on loopback (port 0: a free one), resolved once it listens. */
export async function spawnCliRelay(dataDir: string, port = 0): Promise<CliRelay> {
  const child = spawnCli(['sync', 'serve', '--data', dataDir, '--port', String(port)]);
  const m = await waitForLine(child, /relay listening on (ws:\/\/127\.0\.0\.1:\d+)/, 60_000).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  return { url: m[1], child };
}

/**
 * One relay process for the tests of a file that neither stop nor restart it (call at the top of the file):
 * a relay per test cost a CLI start-up each, and the relay is the same program whichever test talks to it.
 * The tests must each sync a space of their own, so none sees another's documents.
 */
export function sharedCliRelay(): () => CliRelay {
  let relay: CliRelay | null = null;
  beforeAll(async () => {
    relay = await spawnCliRelay(join(tempHome(), 'relay'));
  }, 90_000);
  afterAll(() => {
    relay?.child.kill('SIGKILL');
  });
  return () => {
    if (!relay || relay.child.exitCode !== null || relay.child.signalCode !== null) throw new Error('the shared relay is not running');
    return relay;
  };
}
