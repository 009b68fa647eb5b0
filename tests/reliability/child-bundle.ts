// Bundles a child-process fixture (tests/fixtures/kill-writer.ts, kill-ops-writer.ts) once per test file into plain ESM, so each of the kill loop's
// hundreds of child processes starts in plain Node (~tens of ms) instead of compiling TypeScript
// through tsx on every spawn (~1 s). better-sqlite3 stays external and loads from node_modules.
import { existsSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { build } from 'vite';

export const ROOT = resolve(import.meta.dirname, '..', '..');
const EXTERNAL = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`), 'better-sqlite3']);

export function bundleKillWriter(): Promise<string> {
  return bundleChild('kill-writer');
}

/** Bundles tests/fixtures/<name>.ts into node_modules/.cache/…/<name>.mjs and returns that path. */
/**
 * `external`: more packages to load from node_modules at run time instead of bundling (ones that load
 * optional parts of themselves dynamically, as mem0 does).
 */
export async function bundleChild(name: string, external: string[] = []): Promise<string> {
  const ENTRY = join(ROOT, 'tests', 'fixtures', `${name}.ts`);
  // Inside the repository so the bundle resolves better-sqlite3 from node_modules; per process so
  // parallel test files never overwrite each other's bundle.
  const outDir = join(ROOT, 'node_modules', '.cache', 'monad-reliability', `${process.pid}-${name}`);
  await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      ssr: ENTRY,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: {
        external: (id) => EXTERNAL.has(id) || id.startsWith('better-sqlite3/') || external.some((p) => id === p || id.startsWith(`${p}/`)),
        output: { format: 'es', entryFileNames: `${name}.mjs` },
      },
    },
  });
  const out = join(outDir, `${name}.mjs`);
  if (!existsSync(out)) throw new Error(`bundling ${ENTRY} produced no ${out}`);
  return out;
}
