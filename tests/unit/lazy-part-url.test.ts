// Retry of a part whose chunk failed (src/renderer/src/app/lazy-part.tsx) re-imports the address the failure
// named: read here from each browser engine's message.
import { describe, expect, it } from 'vitest';
import { failedModuleUrl } from '../../src/renderer/src/app/lazy-part';

describe('failedModuleUrl', () => {
  it('reads the module address from Chromium’s and Firefox’s messages, without a query', () => {
    expect(failedModuleUrl(new TypeError('Failed to fetch dynamically imported module: http://127.0.0.1:33403/assets/SettingsPane-Ctt8eako.js'))).toBe('http://127.0.0.1:33403/assets/SettingsPane-Ctt8eako.js');
    expect(failedModuleUrl(new TypeError('error loading dynamically imported module: app://monad/assets/LawsPane-a1b2c3d4.js?retry=2'))).toBe('app://monad/assets/LawsPane-a1b2c3d4.js');
  });

  it('names none when the message has no module address (WebKit says only that it failed)', () => {
    expect(failedModuleUrl(new TypeError('Importing a module script failed.'))).toBeNull();
    expect(failedModuleUrl('network down')).toBeNull();
  });
});
