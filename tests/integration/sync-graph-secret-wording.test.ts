// A stored secret quoted in a relation's wording reaches the relay and B redacted, whatever the graph's
// normalisation did to it (lower case, `_` for other characters): the wording is looked at in that form too,
// not only as the egress filter knows the value (issue 26 §2, issue 30 §2). A keeps its relation; the next
// rounds are quiet.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { normalizeRelation } from '../../src/main/memory/graph/graph-normalize';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { openEngine, tempHome } from '../helpers/temp-home';
import { derive, relations } from '../helpers/sync-graph-homes';

const SPACE = 'wording-secrets-under-test';
const relays: RunningRelay[] = [];
const engines: Engine[] = [];
afterEach(async () => {
  for (const e of engines.splice(0)) e.close();
  for (const r of relays.splice(0)) await r.close();
});

async function setup() {
  const dataDir = join(tempHome(), 'relay');
  const relay = await startRelay({ dataDir, port: 0 });
  relays.push(relay);
  const a = openEngine({ home: tempHome() });
  const b = openEngine({ home: tempHome() });
  engines.push(a, b);
  return { a, b, url: relay.url, dataDir };
}

const sync = (engine: Engine, url: string) => syncNow({ relayUrl: url, space: SPACE, storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine) });

/** Whether the relay's bytes hold `needle` (its database and write-ahead log). */
function relayHolds(dataDir: string, needle: string): boolean {
  const files = ['relay.sqlite', 'relay.sqlite-wal'].map((f) => join(dataDir, f)).filter((f) => existsSync(f));
  expect(files.length).toBeGreaterThan(0);
  return Buffer.concat(files.map((f) => readFileSync(f))).includes(Buffer.from(needle));
}

describe('monad sync: a stored secret in a normalised relation wording', () => {
  // Mixed case and hyphens; characters the egress filter's spelling view keeps (~ =).
  for (const token of ['Garden-Lamp-7731-Orchid', 'orchid~lamp=7731quiet']) {
    it(`leaves redacted: ${token}`, async () => {
      const h = await setup();
      derive(h.a, 'Sam', `deploys with ${token}`, 'Initech', ['msg-1']);
      h.a.secrets.set('mcp/deploy/env/TOKEN', token, { origin: 'stdio:deploy' });
      const kept = normalizeRelation(token); // the form the graph holds it in
      const before = relations(h.a);
      expect(before.map((r) => r.text)).toEqual([`Sam deploys_with_${kept} Initech`]);

      expect((await sync(h.a, h.url)).sent).toBeGreaterThan(0);
      for (const form of [kept, kept.replace(/_/g, '')]) expect(relayHolds(h.dataDir, form), form).toBe(false);
      expect((await sync(h.b, h.url)).refused).toBe(0);
      expect(relations(h.b).map((r) => r.text)).toEqual(['Sam deploys_with_redacted_stored_secret Initech']);
      for (const e of [h.a, h.b, h.a]) expect(await sync(e, h.url)).toMatchObject({ sent: 0, received: 0, refused: 0 });
      expect(relations(h.a)).toEqual(before);
      expect(relayHolds(h.dataDir, kept)).toBe(false);
    }, 120_000);
  }

  it("the person's new wording quoting it leaves redacted too", async () => {
    const h = await setup();
    const token = 'Quiet-Orchid-7731-Lamp';
    const id = derive(h.a, 'Sam', 'deploys with', 'Initech', ['msg-1']);
    await sync(h.a, h.url);
    await sync(h.b, h.url);
    h.a.graph.corrections.editRelation(id, { relation: `deploys with ${token}` }, { actor: 'person', source: { via: 'app' } });
    h.a.secrets.set('mcp/deploy/env/TOKEN', token, { origin: 'stdio:deploy' });
    await sync(h.a, h.url);
    expect(relayHolds(h.dataDir, normalizeRelation(token))).toBe(false);
    await sync(h.b, h.url);
    expect(relations(h.b).map((r) => r.text)).toEqual(['Sam deploys_with_redacted_stored_secret Initech']);
  }, 120_000);
});
