// The app's version, as package.json states it: shown in app status and sent to MCP clients.
import { readFileSync } from 'node:fs';

let cachedVersion: string | null = null;
export function appVersion(): string {
  if (cachedVersion) return cachedVersion;
  // package.json is some levels above this module: two from src/main and out/<target>/index.js, three from a
  // chunk the bundler split off (out/cli/assets/…, out/main/chunks/…: the CLI's lazily loaded commands made
  // one, and the version read from out/package.json, which does not exist, showed "Monad 0.0.0"). The first
  // package.json up the tree that is Monad's own is the one.
  for (const up of ['../', '../../', '../../../']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(`${up}package.json`, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'monad' && pkg.version) return (cachedVersion = pkg.version);
    } catch {
      // not there: one level further up
    }
  }
  return (cachedVersion = '0.0.0');
}
