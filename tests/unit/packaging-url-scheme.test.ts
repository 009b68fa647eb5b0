// The packaged app registers its URL scheme with the OS (issue 30 §4: an invite link opens Monad's join form),
// and it is the scheme the app itself handles: a rename in one place and not the other would leave links that
// open nothing. The yml is read with js-yaml, the reader electron-builder itself uses for this file.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { APP_SCHEME } from '../../src/main/electron/renderer-url';
import { parseSyncJoinLink } from '../../src/shared/sync-join-link';

const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };

interface BuilderConfig {
  protocols?: { name?: unknown; schemes?: unknown }[] | { name?: unknown; schemes?: unknown };
}

const config = yaml.load(readFileSync(join(__dirname, '..', '..', 'electron-builder.yml'), 'utf8')) as BuilderConfig;

describe('electron-builder.yml: the URL scheme', () => {
  it('registers exactly the scheme the app handles (APP_SCHEME), with a name', () => {
    const protocols = Array.isArray(config.protocols) ? config.protocols : config.protocols ? [config.protocols] : [];
    expect(protocols).toHaveLength(1);
    expect(typeof protocols[0].name).toBe('string');
    expect(protocols[0].schemes).toEqual([APP_SCHEME]);
  });

  it('is the scheme of the invite links the app reads', () => {
    const link = `${APP_SCHEME}://sync/join?relay=${encodeURIComponent('wss://relay.example.org')}&code=apple-banana-cherry-dance-eagle-forest`;
    expect(parseSyncJoinLink(link)).toEqual({ ok: true, link: { relay: 'wss://relay.example.org', code: 'apple-banana-cherry-dance-eagle-forest' } });
  });
});
