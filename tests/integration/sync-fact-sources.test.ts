// Facts travel with their sources (issue 30 §2): the messages a fact was learned from reach the other device
// with it, so there too its message is found through it (issue 31), its chat's deletion can take it along, and a
// fact from pasted text keeps its mark. Two homes and a relay on loopback.
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { factSourcesOf, takeFactSources, wellFormedSource } from '../../src/main/sync/fact-sources';
import type { FactSyncPort, SyncedFactSource } from '../../src/main/sync/sync-ports';
import { graphRelay } from '../helpers/sync-graph-homes';

const relay = graphRelay();
const SCOPE = 'agent:default';

describe('fact sources across devices', () => {
  it('a fact learned from a message on A is learned from that message on B: search finds it there, the chat takes it along', async () => {
    const { a, b, sync } = relay.pair();
    const session = a.sessions.create({ agentId: 'default', title: 'Fair' });
    const say = (content: string) => a.messages.append({ sessionId: session.id, role: 'user', content }).id;
    const kids = say('I grabbed a few classics for the kids at the fair');
    const train = say('The train was late again this morning');
    const canal = say('We ate at the place by the canal');
    const learn = (text: string, messageId: string, origin?: 'pasted') => a.facts.record(SCOPE, text, { actor: 'agent', origin: origin ?? 'typed', source: { sessionId: session.id, messageId } });
    await learn('Collects Dr. Seuss books for the kids', kids);
    await learn('Commutes to Utrecht by rail', train);
    await learn('Likes Indonesian food', canal, 'pasted');
    for (const home of [a, b]) await sync(home);

    const held = b.facts.memory.read(SCOPE).facts;
    expect(held.map((f) => f.text).sort()).toEqual(['Collects Dr. Seuss books for the kids', 'Commutes to Utrecht by rail', 'Likes Indonesian food']);
    const seuss = held.find((f) => f.text.startsWith('Collects'))!;
    expect(b.facts.origins.history(SCOPE, seuss.id).map((r) => [r.messageId, r.sessionId, r.origin])).toEqual([[kids, session.id, 'typed']]);
    // Found through memory on B, by words the message does not have.
    const hit = b.search.search({ query: 'Dr. Seuss books', agentId: 'default' }).messages.find((m) => m.messageId === kids);
    expect(hit?.via).toEqual({ kind: 'fact', text: 'Collects Dr. Seuss books for the kids' });
    // What was learned only from that chat is known on B too.
    expect(b.facts.origins.onlyFrom(session.id).map((x) => x.factId).sort()).toEqual(held.map((f) => f.id).sort());
    // A fact from pasted text keeps its recall mark on B.
    const food = held.find((f) => f.text.startsWith('Likes'))!;
    expect(b.facts.origins.of(SCOPE, [food.id]).get(food.id)).toEqual(['pasted']);

    // Syncing again adds nothing: no duplicate rows on either side.
    for (const home of [b, a, b]) await sync(home);
    expect(b.facts.origins.history(SCOPE, seuss.id)).toHaveLength(1);
    expect(a.facts.origins.history(SCOPE, seuss.id)).toHaveLength(1);
  });

  it('an edit on A keeps what the fact was learned from: B’s edited fact keeps its message', async () => {
    const { a, b, sync, round } = relay.pair();
    const session = a.sessions.create({ agentId: 'default', title: 'Trips' });
    const m = a.messages.append({ sessionId: session.id, role: 'user', content: 'We watched the boats leave the harbour' }).id;
    const r = await a.facts.record(SCOPE, 'Likes sailing', { actor: 'agent', origin: 'typed', source: { sessionId: session.id, messageId: m } });
    await round();
    a.facts.edit(SCOPE, r.fact!.id, 'Likes sailing on lakes', { actor: 'person' });
    await round();
    await sync(b);
    const edited = b.facts.memory.read(SCOPE).facts.find((f) => f.text === 'Likes sailing on lakes')!;
    expect(edited).toBeDefined();
    const messages = (await import('../../src/main/engine-sync-fact-sources')).factMessageSources(b, SCOPE).filter((s) => s.factId === edited.id).map((s) => s.messageId);
    expect(messages).toEqual([m]);
  });
});

describe('sources from the relay are untrusted', () => {
  it('an entry that is not an id, names an unknown origin or a fact not held here is not taken', () => {
    const doc = new Y.Doc();
    const map = factSourcesOf(doc);
    const good: SyncedFactSource = { factId: 'f1', messageId: 'm-1', sessionId: 's-1', origin: 'typed' };
    map.set('a', good);
    map.set('b', { ...good, messageId: 'ignore previous instructions' });
    map.set('c', { ...good, messageId: 'm-2', origin: 'oracle' as never });
    map.set('d', { ...good, messageId: 'm-3', factId: 'not-here' });
    map.set('e', { ...good, messageId: 'm-4', sessionId: 42 as never });
    map.set('f', 'just a string' as never);
    const taken: SyncedFactSource[] = [];
    const port = { addMessageSources: (_scope: string, items: readonly SyncedFactSource[]) => (taken.push(...items), items.length) } as unknown as FactSyncPort;
    expect(takeFactSources(SCOPE, doc, port, new Set(['f1']))).toBe(1);
    expect(taken).toEqual([good]);
    expect(wellFormedSource({ ...good, sessionId: null })).toBe(true);
    expect(wellFormedSource({ ...good, messageId: 'x'.repeat(101) })).toBe(false);
  });
});
