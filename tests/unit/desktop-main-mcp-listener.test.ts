// The Electron binary cannot run here, so the desktop main process (src/main/index.ts) is checked where
// it hands over to code a Node test drives (tests/integration/mcp-http-listener.test.ts): it starts the
// desktop services once the engine is open, and its before-quit waits for their stop, which closes the
// MCP listener's port. Read as source, with comments taken out so a mention in a comment does not count.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const source = readFileSync(join(__dirname, '../../src/main/index.ts'), 'utf8')
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/\/\/.*$/gm, '');

function handlerBody(event: string): string {
  const at = source.indexOf(`app.on('${event}'`);
  expect(at, `index.ts handles ${event}`).toBeGreaterThan(-1);
  return source.slice(at, source.indexOf('\n  });', at));
}

describe('the desktop main process and the MCP listener', () => {
  it('starts the desktop services (the MCP listener) with the engine it opened, after opening it', () => {
    const open = source.indexOf('Engine.open(');
    const start = source.indexOf('startDesktopServices(');
    expect(open).toBeGreaterThan(-1);
    expect(start).toBeGreaterThan(open);
    expect(source).toMatch(/services = startDesktopServices\(live\)/);
  });

  it('stops them before quitting, and closes the engine only after that', () => {
    const beforeQuit = handlerBody('before-quit');
    expect(beforeQuit).toContain('services.stop()');
    expect(beforeQuit).toContain('event.preventDefault()');
    expect(handlerBody('will-quit')).toContain('engine?.close()');
  });

  it('does not import electron from the listener or the desktop services (engine code)', () => {
    for (const file of ['src/main/desktop-services.ts', 'src/main/mcp/mcp-http-listener.ts', 'src/main/mcp/mcp-http-token.ts', 'src/main/mcp/mcp-route.ts']) {
      expect(readFileSync(join(__dirname, '../..', file), 'utf8')).not.toMatch(/from 'electron'/);
    }
  });
});
