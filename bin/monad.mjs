#!/usr/bin/env node
// Entry for the `monad` command: runs the built CLI (npm run build), which hosts the engine headlessly.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const built = fileURLToPath(new URL('../out/cli/index.js', import.meta.url));
if (!existsSync(built)) {
  console.error('monad: the CLI is not built yet. Run `npm run build` first (or use `npm run monad -- <args>` in the repo).');
  process.exit(1);
}
await import(built);
