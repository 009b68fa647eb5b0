// The single entry point both hosts call: look up the channel, parse the input with its schema,
// run the handler, and turn every failure into a coded WireError. Nothing throws past this function,
// and nothing leaves it unfiltered: results and error texts both pass the engine's egress filter.
import { contract, isChannelName } from '../../shared/contract';
import { MonadError, type Result, type WireError } from '../../shared/errors';
import { formatZodError } from '../config/load';
import { storageError } from '../db/health';
import type { EgressFilter } from '../secrets/egress-filter';
import type { Handlers } from './handlers';

export interface DispatchContext {
  /** The engine's filter: every stored secret, in any form, is redacted from results and error texts. */
  egress?: EgressFilter;
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
    return { ok: true, data: ctx.egress ? ctx.egress.value(data) : data };
  } catch (err) {
    return { ok: false, error: toWireError(err, ctx) };
  }
}

export function toWireError(err: unknown, ctx: DispatchContext = {}): WireError {
  const scrub = (text: string) => (ctx.egress ? ctx.egress.text(text) : text);
  // A full disk is the person's to fix, not an internal error: SQLITE_FULL / ENOSPC become DISK_FULL here.
  err = storageError(err) ?? err;
  if (err instanceof MonadError) {
    const wire = err.toWire();
    return { ...wire, message: scrub(wire.message), ...(wire.details === undefined ? {} : { details: ctx.egress ? ctx.egress.value(wire.details) : wire.details }) };
  }
  // Unexpected: log the detail locally, hand the person a short, scrubbed message.
  (ctx.log ?? ((m, e) => console.error(scrub(`${m} ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`))))('[dispatch] unexpected error', err);
  const message = err instanceof Error ? err.message : String(err);
  return { code: 'INTERNAL', message: scrub(`Internal error: ${message}`).slice(0, 500) };
}
