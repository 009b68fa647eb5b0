// Every test gets a fresh temporary home directory; nothing touches the real one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { Engine, type EngineOptions } from '../../src/main/engine';

const homes: string[] = [];
const engines: Engine[] = [];

afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

export function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'monad-test-'));
  homes.push(dir);
  return dir;
}

export function openEngine(opts: Partial<EngineOptions> = {}): Engine {
  const engine = Engine.open({ home: opts.home ?? tempHome(), host: 'server', ...opts });
  engines.push(engine);
  return engine;
}

export async function waitFor(predicate: () => boolean, timeoutMs = 3000, label = 'condition'): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
