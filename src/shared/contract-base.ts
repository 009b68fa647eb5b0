// What every group of the contract's channels shares: the `channel` declarer and the schemas of ids
// that many channels take (a scope, a session id, a title).
import { z } from 'zod';
import { canonicalScope } from './scope-key';

/** Declares a channel: `channel<Output>()(inputSchema)`. The schema is real; the output is a type marker. */
export function channel<O>() {
  return <I extends z.ZodType>(input: I) => ({ input, output: undefined as unknown as O });
}

export const empty = z.object({}).strict();
/**
 * global | agent:<id> | project:<key> | session:<id>; the engine re-validates and maps it to a file. Taken
 * in lower case (scope-key.ts): `project:A` and `project:a` are one scope, as they are one file on macOS.
 */
export const scope = z
  .string()
  .min(1)
  .max(120)
  .regex(/^(global|(agent|project|session):[A-Za-z0-9][A-Za-z0-9_-]{0,99})$/, 'not a scope')
  .transform(canonicalScope);
export const sessionId = z.string().min(1).max(64);
export const title = z.string().trim().min(1).max(200);
