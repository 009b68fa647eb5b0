import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

// The CLI / headless host is bundled for Node with its dependencies left external (native modules such
// as better-sqlite3 and the AI SDK load from node_modules at run time), zod aside: zod's entry point
// re-exports all of its ~64 locale modules (340 kB, ~60 ms of every start) for error messages in other
// languages that Monad never sets; bundled, only the parts of zod the code uses are kept. Its schemas
// still meet the external packages that read them (the MCP SDK, the AI SDK): zod 4 keeps its metadata
// registry on globalThis for exactly that.
const BUNDLED = new Set(['zod']);
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies ?? {}).filter((d) => !BUNDLED.has(d)),
];

export default defineConfig({
  // An SSR build leaves every package external unless told otherwise.
  ssr: { noExternal: [...BUNDLED] },
  build: {
    ssr: 'src/cli/index.ts',
    outDir: 'out/cli',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    rollupOptions: {
      external: (id) => external.some((e) => id === e || id.startsWith(`${e}/`)),
      output: { format: 'es', entryFileNames: 'index.js' },
    },
  },
});
