// The app's version, as package.json states it: shown in app status and sent to MCP clients.
import { readFileSync } from 'node:fs';

let cachedVersion: string | null = null;
export function appVersion(): string {
  if (cachedVersion) return cachedVersion;
  try {
    // package.json sits two levels above both src/main and out/<target>.
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    cachedVersion = pkg.version;
  } catch {
    cachedVersion = '0.0.0';
  }
  return cachedVersion;
}
