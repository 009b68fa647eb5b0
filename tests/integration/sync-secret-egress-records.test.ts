// Stored secrets never travel inside fact, law, graph and Inbox records either (issue 26 §2, issue 30 §2):
// a tool server's token (no key shape: the sanitizer cannot catch it by its look) quoted in a record written
// *before* the token was saved in the secret store reaches the relay and B redacted; A keeps its own text;
// the next rounds are quiet (the redacted copy read back is this device's own record, not a change).
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { sentFactSyncPort } from '../../src/main/engine-sync';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { DocStore } from '../../src/main/sync/doc-store';
import { readPairing } from '../../src/main/sync/device-pairing';
import { syncStatus } from '../../src/main/sync/sync-status';
import { derive, relations } from '../helpers/sync-graph-homes';
import { relayHolds as relayHoldsSecret, relayHomes } from '../helpers/sync-devices';

const SPACE = 'record-secrets-under-test';
const TOKEN = 'garden-lamp-7731-orchid-quiet';
const REDACTED = '[REDACTED:stored-secret]';
const person = { actor: 'person' as const, source: { via: 'cli' as const } };
const { sync, twoHomes: setup, travelsRedacted } = relayHomes(SPACE);

/** The token is saved in A's secret store only now, after the record quoting it was written. */
const saveTokenLater = (a: Engine) => a.secrets.set('mcp/tools/env/TOKEN', TOKEN, { origin: 'stdio:tools' });

/** Every byte the relay keeps (its database and write-ahead log): does it hold the token? */
const relayHolds = (dataDir: string, secret = TOKEN): boolean => relayHoldsSecret(dataDir, secret);

/** A syncs, the relay never holds the token, B syncs (nothing refused), then three rounds with nothing new are quiet. */
const travel = (h: Awaited<ReturnType<typeof setup>>, checkB: () => void, secret = TOKEN) => travelsRedacted(h, secret, checkB);

const texts = (e: Engine) => e.facts.memory.read('global').facts.map((f) => f.text).sort();

describe('monad sync: a token saved after a record quoting it was written reaches the relay and B redacted', () => {
  it('a fact: redacted on the relay and on B (under the id of its redacted text); A keeps its fact', async () => {
    const h = await setup();
    h.a.facts.ledger.as(person, () => h.a.facts.memory.recordMany('global', [`Deploys with ${TOKEN} on weekdays`, 'Grows basil']));
    saveTokenLater(h.a);
    const before = h.a.facts.memory.read('global').facts.map((f) => ({ id: f.id, text: f.text }));
    expect(before.map((f) => f.text).sort()).toEqual(['Deploys with garden-lamp-7731-orchid-quiet on weekdays', 'Grows basil']);

    await travel(h, () => expect(texts(h.b)).toEqual([`Deploys with ${REDACTED} on weekdays`, 'Grows basil']));
    expect(h.a.facts.memory.read('global').facts.map((f) => ({ id: f.id, text: f.text }))).toEqual(before);
    // `sync status` on A: the fact sent redacted is no change waiting to be sent.
    const store = new DocStore(syncStoreFile(h.a.paths.root));
    try {
      expect(syncStatus(store, readPairing(store, h.a.secrets), sentFactSyncPort(h.a)).pending).toBe(0);
    } finally {
      store.close();
    }
  }, 120_000);

  it('a fact forgotten on A after it travelled redacted is forgotten on B', async () => {
    const h = await setup();
    const r = h.a.facts.ledger.as(person, () => h.a.facts.memory.record('global', `Deploys with ${TOKEN} on weekdays`));
    saveTokenLater(h.a);
    await sync(h.a, h.url);
    await sync(h.b, h.url);
    expect(texts(h.b)).toEqual([`Deploys with ${REDACTED} on weekdays`]);
    h.a.facts.ledger.as(person, () => h.a.facts.memory.forget('global', r.fact!.id));
    expect((await sync(h.a, h.url)).sent).toBe(1);
    expect((await sync(h.b, h.url)).forgotten).toBe(1);
    expect(texts(h.b)).toEqual([]);
    for (const e of [h.a, h.b, h.a]) expect(await sync(e, h.url)).toMatchObject({ sent: 0, received: 0, forgotten: 0, refused: 0 });
    expect(relayHolds(h.dataDir)).toBe(false);
  }, 120_000);

  it('an Inbox rejection: redacted on the relay and on B (B declines the same proposal); A keeps its own', async () => {
    const h = await setup();
    const proposed = h.a.facts.chatProposals.propose({ agentId: 'default', scope: 'global', action: 'record', text: `Deploys with ${TOKEN} on weekdays` });
    if (proposed.status !== 'proposed') throw new Error('not proposed');
    h.a.inbox.reject(`chat:${proposed.proposal.id}`, { via: 'app' });
    saveTokenLater(h.a);

    await travel(h, () => {
      expect(h.b.facts.chatProposals.propose({ agentId: 'default', scope: 'global', action: 'record', text: `Deploys with ${REDACTED} on weekdays` }).status).toBe('declined');
    });
    expect(h.a.facts.chatProposals.get(proposed.proposal.id)).toMatchObject({ status: 'rejected', text: `Deploys with ${TOKEN} on weekdays` });
  }, 120_000);

  it('a law the person pinned: redacted on the relay and on B (pinned there too); A keeps its law', async () => {
    const h = await setup();
    const law = h.a.laws.writer.add('global', { statement: `The user deploys with ${TOKEN}`, confidence: 0.8, support: [] }, 'fp', 'inference', { actor: 'inference' });
    h.a.laws.corrections.pin(law.id, true, person);
    saveTokenLater(h.a);
    const laws = (e: Engine) => e.laws.store.list(['global']).map((l) => ({ statement: l.statement, pinned: l.pinned }));
    const before = laws(h.a);
    expect(before).toEqual([{ statement: `The user deploys with ${TOKEN}`, pinned: true }]);

    await travel(h, () => expect(laws(h.b)).toEqual([{ statement: `The user deploys with ${REDACTED}`, pinned: true }]));
    expect(laws(h.a)).toEqual(before);
  }, 120_000);

  it("a relation's wording: redacted on the relay and on B; A keeps its relation", async () => {
    const h = await setup();
    // A relation's wording is normalised (lower case, underscores): a token of one word survives it as written.
    const word = 'orchidlamp7731quietgarden';
    derive(h.a, 'Sam', `deploys with ${word}`, 'Initech', ['msg-1']);
    h.a.secrets.set('mcp/deploy/env/TOKEN', word, { origin: 'stdio:deploy' });
    const before = relations(h.a);
    expect(before.map((r) => r.text)).toEqual([`Sam deploys_with_${word} Initech`]);

    await travel(h, () => {
      const onB = relations(h.b).map((r) => r.text);
      expect(onB).toHaveLength(1);
      expect(onB).toEqual(['Sam deploys_with_redacted_stored_secret Initech']); // the wording as B normalises it
      expect(onB[0]).not.toContain(word);
    }, word);
    expect(relations(h.a)).toEqual(before);
  }, 120_000);
});
