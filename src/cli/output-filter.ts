// The CLI's stdout and stderr are an exit of the engine like any other (issue 26 §2): whatever a command
// prints (a search hit, a model check's raw reply, an error) passes the egress filter of every engine the
// process opened, so a stored key that reached memory never reaches a terminal, a pipe or a log file.
// Apart from output.ts (which opens engines) so that the entry point wraps the streams without loading
// the engine before it knows which command runs.
import type { EgressFilter } from '../main/secrets/egress-filter';

/** The filters of the engines this process opened (a command opens one, `restore` up to three). */
const filters = new Set<EgressFilter>();

/** From now on, everything the process prints passes `filter` too. */
export function filterOutputWith(filter: EgressFilter): void {
  filters.add(filter);
}

/** Wraps the process's stdout and stderr once; the CLI's entry point calls it before running a command. */
export function filterProcessOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => write(filtered(chunk), ...rest)) as typeof stream.write;
  }
}

function filtered(chunk: unknown): unknown {
  if (filters.size === 0) return chunk;
  const isBuffer = Buffer.isBuffer(chunk) || chunk instanceof Uint8Array;
  if (typeof chunk !== 'string' && !isBuffer) return chunk;
  const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8');
  let out = text;
  for (const f of filters) out = f.text(out);
  if (out === text) return chunk;
  return isBuffer ? Buffer.from(out, 'utf8') : out;
}
