import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

// The CLI / headless host is bundled for Node with every dependency left external:
// native modules (better-sqlite3) and the AI SDK load from node_modules at run time.
const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = [
  ...builtinModules,
  ...builtinModules.map((m) => `node:${m}`),
  ...Object.keys(pkg.dependencies ?? {}),
];

export default defineConfig({
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
