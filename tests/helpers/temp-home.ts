// Every test gets a fresh temporary home directory; nothing touches the real one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach } from 'vitest';
import { Engine, type EngineOptions } from '../../src/main/engine';

// A home or engine made inside a test is cleaned up after that test; one made in beforeAll (a server
// shared by a file's tests) lives until the file is done — removing it after the first test would pull
// the floor from under a server that is still running.
type Owned = { homes: string[]; engines: Engine[] };
const perTest: Owned = { homes: [], engines: [] };
const perFile: Owned = { homes: [], engines: [] };
let inTest = false;

/**
 * Registers the clean-up with the test file being collected.
 *
 * In a project whose files share one module graph (vitest's `isolate: false`: the unit and integration
 * projects) this module is evaluated once, so hooks registered at its top level ran for the first file that
 * imported it only: every later file's engines were never closed (their managed qdrants never stopped) and
 * their homes never removed — 4,231 homes (4.9 GB) after one CI run. Those projects call this for every file
 * through tests/helpers/temp-home-hooks.ts (their setupFiles), which sets the flag below first. Files that
 * run in a process of their own (the `isolated` project: every file that `vi.mock`s a module) load this
 * module afresh, and the top-level call serves them; a setup file there would load `node:fs` and the engine
 * before the file's mocks apply.
 */
export function installTempHomeHooks(): void {
  beforeEach(() => {
    inTest = true;
  });
  afterEach(() => {
    inTest = false;
    release(perTest);
  });
  afterAll(() => release(perFile));
}

export const HOOKS_BY_SETUP_FILE = Symbol.for('monad.test.tempHomeHooksBySetupFile');
if (!(globalThis as Record<symbol, unknown>)[HOOKS_BY_SETUP_FILE]) installTempHomeHooks();

function release(owned: Owned): void {
  for (const e of owned.engines.splice(0)) e.close();
  for (const h of owned.homes.splice(0)) rmSync(h, { recursive: true, force: true });
}

export function tempHome(): string {
  const dir = mkdtempSync(join(tmpdir(), 'monad-test-'));
  (inTest ? perTest : perFile).homes.push(dir);
  return dir;
}

export function openEngine(opts: Partial<EngineOptions> = {}): Engine {
  const engine = Engine.open({ home: opts.home ?? tempHome(), host: 'server', ...opts });
  (inTest ? perTest : perFile).engines.push(engine);
  return engine;
}

/**
 * Polls until `predicate` holds. The limit only says when to give up: generous, because a loaded CI
 * machine can take seconds for what takes milliseconds here.
 */
export async function waitFor(predicate: () => boolean, timeoutMs = 10_000, label = 'condition'): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${label}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
