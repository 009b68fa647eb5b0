// Starting the built desktop app for a Playwright `_electron` test, shared by the specs of this folder.
// Needs the Electron binary, which cannot be downloaded on every machine (see /work/shared/STACK.md): where
// it is absent each spec skips and says why. The binary is located WITHOUT requiring the `electron`
// package, because requiring it from Node starts a download attempt.
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Electron, SQLite and the first paint on a busy two-core CI machine. */
export const LAUNCH_TIMEOUT_MS = 60_000;

type Located = { ok: true; executable: string } | { ok: false; why: string };

/** Mirrors node_modules/electron/index.js (path.txt + dist/) without running it. */
function locateElectron(): Located {
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathTxt = join(pkg, 'path.txt');
  if (!existsSync(pathTxt)) return { ok: false, why: `${pathTxt} is missing: the binary was never downloaded` };
  const relative = readFileSync(pathTxt, 'utf8').trim();
  const dist = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? join(pkg, 'dist');
  const executable = join(dist, relative);
  if (!existsSync(executable)) return { ok: false, why: `${executable} is missing` };
  return { ok: true, executable };
}

function displayProblem(): string | null {
  if (process.platform !== 'linux') return null;
  return process.env.DISPLAY || process.env.WAYLAND_DISPLAY ? null : 'no DISPLAY on Linux; run under xvfb-run';
}

const located = locateElectron();
const display = displayProblem();

/** Call at the top of a spec: the whole file skips, saying why, where the binary or a display is absent. */
export function skipWithoutElectron(): void {
  test.skip(!located.ok, `Electron binary not installed here (${located.ok ? '' : located.why}); runs where it exists`);
  test.skip(located.ok && display !== null, `Electron needs a display (${display}); runs where one exists`);
}

export function assertBuilt(): void {
  const missing = ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html'].filter((p) => !existsSync(join(ROOT, p)));
  if (missing.length > 0) throw new Error(`The Electron e2e test runs the built app, and ${missing.join(', ')} is missing. Run \`npm run build\` first.`);
}

/** The built app on `home` (MONAD_HOME), with `extraEnv` on top of this process's environment. */
export async function launch(home: string, extraEnv: Record<string, string> = {}): Promise<{ app: ElectronApplication; page: Page }> {
  if (!located.ok) throw new Error(located.why);
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined) env[k] = v;
  env.MONAD_HOME = home;
  env.MEM0_TELEMETRY = 'false';
  Object.assign(env, extraEnv);
  // The built renderer, never a dev server the environment happens to name.
  delete env.ELECTRON_RENDERER_URL;
  // Chromium refuses to run as root with its OS sandbox on; the renderer's JS sandbox (sandbox: true,
  // contextIsolation) is a separate setting and stays on.
  const args = [...(process.getuid?.() === 0 ? ['--no-sandbox'] : []), ROOT];
  const app = await electron.launch({ executablePath: located.executable, args, cwd: ROOT, env, timeout: LAUNCH_TIMEOUT_MS });
  const page = await app.firstWindow({ timeout: LAUNCH_TIMEOUT_MS });
  await expect(page.getByTestId('app')).toBeVisible({ timeout: LAUNCH_TIMEOUT_MS });
  return { app, page };
}
