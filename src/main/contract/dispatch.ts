// The single entry point both hosts call: look up the channel, parse the input with its schema,
// run the handler, and turn every failure into a coded WireError. Nothing throws past this function.
import { contract, isChannelName } from '../../shared/contract';
import { MonadError, type Result, type WireError } from '../../shared/errors';
import { formatZodError } from '../config/load';
import { storageError } from '../db/health';
import { scrubSecrets } from '../secrets/secret-store';
import type { Handlers } from './handlers';

export interface DispatchContext {
  /** Secret values to scrub from any error text before it leaves the engine. */
  secrets?: () => string[];
  log?: (msg: string, err: unknown) => void;
}

export async function dispatch(handlers: Handlers, channel: string, rawInput: unknown, ctx: DispatchContext = {}): Promise<Result<unknown>> {
  try {
    if (!isChannelName(channel)) throw new MonadError('UNKNOWN_CHANNEL', `Unknown channel: ${String(channel).slice(0, 100)}`);
    const parsed = contract[channel].input.safeParse(rawInput ?? {});
    if (!parsed.success) {
      throw new MonadError('BAD_INPUT', `Invalid input for ${channel}: ${formatZodError(parsed.error)}`, {
        issues: parsed.error.issues.slice(0, 20).map((i) => ({ path: i.path.map(String), message: i.message })),
      });
    }
    const handler = handlers[channel] as (input: unknown) => unknown;
    const data = await handler(parsed.data);
    return { ok: true, data };
  } catch (err) {
    return { ok: false, error: toWireError(err, ctx) };
  }
}

export function toWireError(err: unknown, ctx: DispatchContext = {}): WireError {
  const secrets = ctx.secrets?.() ?? [];
  // A full disk is the person's to fix, not an internal error: SQLITE_FULL / ENOSPC become DISK_FULL here.
  err = storageError(err) ?? err;
  if (err instanceof MonadError) {
    const wire = err.toWire();
    return { ...wire, message: scrubSecrets(wire.message, secrets) };
  }
  // Unexpected: log the detail locally, hand the person a short, scrubbed message.
  (ctx.log ?? ((m, e) => console.error(m, e)))('[dispatch] unexpected error', err);
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'INTERNAL', message: scrubSecrets(`Internal error: ${message}`, secrets).slice(0, 500) };
}
