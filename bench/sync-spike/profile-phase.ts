// Opt-in (MONAD_BENCH_PROFILE=<dir>): a CPU profile of one phase of a bench, written as <dir>/<name>.cpuprofile,
// taken through node:inspector so it covers the phase only, not the build before it.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

export async function profiled<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const dir = process.env.MONAD_BENCH_PROFILE;
  if (!dir) return fn();
  const s = new Session();
  s.connect();
  const post = (method: string, params?: object): Promise<unknown> => new Promise((res, rej) => s.post(method, params ?? {}, (err, r) => (err ? rej(err) : res(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 1000 });
  await post('Profiler.start');
  try {
    return await fn();
  } finally {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    writeFileSync(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
    s.disconnect();
  }
}
