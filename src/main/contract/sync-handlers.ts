// The contract's sync channels (issue 30 §5): the state the sidebar footer shows, and "sync now".
import { MonadError } from '../../shared/errors';
import type { HandlerPorts } from './handler-ports';
import type { ChannelOutput, ParsedInput } from '../../shared/contract';

type SyncChannel = 'sync.conflicts' | 'sync.now' | 'sync.pick' | 'sync.status';
// Spelled out rather than Pick<Handlers, …>: handlers.ts imports this file, and the room allows no circle.
type SyncHandlers = { [K in SyncChannel]: (input: ParsedInput<K>) => Promise<ChannelOutput<K>> | ChannelOutput<K> };

/** How long "sync now" waits for the relay before saying it could not reach it. */
const SYNC_NOW_TIMEOUT_MS = 15_000;

export function syncHandlers(engine: Pick<HandlerPorts, 'sync'>): SyncHandlers {
  return {
    'sync.status': () => engine.sync.status(),
    'sync.now': async () => {
      // Paired since the host started (the CLI, Settings → Devices): start now rather than say "not set up".
      if (!(await engine.sync.tryStart()) && engine.sync.status().state === 'not-set-up') {
        throw new MonadError('BAD_INPUT', 'This home does not sync with other devices yet. Pair it with a relay (`monad sync now --relay URL --space NAME` once), then press Sync now again.');
      }
      return engine.sync.flush(SYNC_NOW_TIMEOUT_MS);
    },
    'sync.conflicts': () => engine.sync.conflicts.open(),
    'sync.pick': (input) => {
      if (input.kind === 'identity') engine.sync.conflicts.pickFile(input.file, input.versionId);
      else engine.sync.conflicts.pick(input.scope, input.factId, input.versionId);
      return { status: engine.sync.status() };
    },
  };
}
