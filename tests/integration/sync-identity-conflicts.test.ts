// Issue 30 §3 for identity files, with real homes and a relay on loopback: USER.md saved on A and on B while
// apart keeps both versions in the file's document; each home lists one "edited on both devices" conflict;
// the person keeps B's on B, and after a sync both homes have B's text and no conflict.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { identityConflicts } from '../../src/main/engine-sync-identity';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { openEngine, tempHome } from '../helpers/temp-home';

const SPACE = 'home-under-test';
const relays: RunningRelay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

const sync = (engine: Engine, relayUrl: string) => syncNow({ relayUrl, space: SPACE, storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine) });
const PERSON = { actor: 'person' as const, source: { via: 'app' as const } };
const save = (engine: Engine, text: string) => engine.facts.identity.write('user', text, { by: PERSON });
const userMd = (engine: Engine) => engine.facts.identity.view('user').content;
const conflicts = (engine: Engine) => identityConflicts(engine, syncStoreFile(engine.paths.root));
const pause = () => new Promise((r) => setTimeout(r, 30));

describe('monad sync: identity files edited on two homes apart', () => {
  it('both list one conflict with both texts; a pick on B gives both homes B\'s text and ends it everywhere', async () => {
    const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
    relays.push(relay);
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    save(a, '# About me\n\nMy name is Ana.\n');
    await sync(a, relay.url);
    await sync(b, relay.url);
    expect(userMd(b)).toBe('# About me\n\nMy name is Ana.\n');
    expect(conflicts(a).openConflicts()).toEqual([]);

    // Apart: B saves first, A later (A's is the later edit, so it stands meanwhile).
    save(b, '# About me\n\nMy name is Ana. I live in Porto.\n');
    await pause();
    save(a, '# About me\n\nMy name is Ana. I work nights.\n');
    await sync(a, relay.url);
    await sync(b, relay.url);
    await sync(a, relay.url);
    for (const home of [a, b]) {
      expect(userMd(home)).toBe('# About me\n\nMy name is Ana. I work nights.\n');
      const open = conflicts(home).openConflicts();
      expect(open).toHaveLength(1);
      expect(open[0]).toMatchObject({ kind: 'identity', file: 'USER.md' });
      expect(open[0].summary).toContain('edited on both devices');
      expect(open[0].versions.map((v) => v.text)).toEqual(['# About me\n\nMy name is Ana. I work nights.\n', '# About me\n\nMy name is Ana. I live in Porto.\n']);
    }

    // The person keeps B's own text, on B.
    const [conflict] = conflicts(b).openConflicts();
    const porto = conflict.versions.find((v) => v.text?.includes('Porto'))!;
    conflicts(b).pickIdentityVersion('USER.md', porto.versionId);
    expect(userMd(b)).toBe('# About me\n\nMy name is Ana. I live in Porto.\n');
    expect(conflicts(b).openConflicts()).toEqual([]);
    await sync(b, relay.url);
    await sync(a, relay.url);
    for (const home of [a, b]) {
      expect(userMd(home)).toBe('# About me\n\nMy name is Ana. I live in Porto.\n');
      expect(conflicts(home).openConflicts()).toEqual([]);
    }
    // A second pick of the same conflict is refused: it was settled.
    expect(() => conflicts(a).pickIdentityVersion('USER.md', porto.versionId)).toThrow(/already settled/);
    a.close();
    b.close();
  }, 60_000);

  it('a save after seeing the conflict ends it too (its version names both heads)', async () => {
    const relay = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
    relays.push(relay);
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    save(a, 'One\n');
    await sync(a, relay.url);
    await sync(b, relay.url);
    save(b, 'Two from B\n');
    await pause();
    save(a, 'Two from A\n');
    await sync(a, relay.url);
    await sync(b, relay.url);
    expect(conflicts(b).openConflicts()).toHaveLength(1);
    await pause();
    save(b, 'Three, written on B after both\n');
    await sync(b, relay.url);
    await sync(a, relay.url);
    for (const home of [a, b]) {
      expect(userMd(home)).toBe('Three, written on B after both\n');
      expect(conflicts(home).openConflicts()).toEqual([]);
    }
    a.close();
    b.close();
  }, 60_000);
});
