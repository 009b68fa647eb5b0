// Issue 30 §6: three real homes and a relay started by the CLI (`monad sync serve`) on a free loopback port,
// synced with `syncNow` (what `monad sync now` runs: deterministic rounds, so "apart" means exactly the
// edits made between two rounds). (a) a fact, a chat with two messages and corrections (a fact edited by the
// person, a relation retracted) made on A reach B and C; (b) the relay is SIGKILLed, every device edits
// while apart, the relay comes back on the same port and data: every edit is on every device, the state is
// identical — each chat's messages in the same order, the chat continued on all three apart included —
// and the fact edited on two devices is one conflict on each.
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { factSyncPort, syncKinds } from '../../src/main/engine-sync';
import { factConflicts } from '../../src/main/engine-sync-facts';
import { consolidationDeviceOf } from '../../src/main/sync/consolidation-device';
import { DocStore } from '../../src/main/sync/doc-store';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { spawnCli, waitForLine } from '../helpers/cli';
import { freePort } from '../helpers/ports';
import { openEngine, tempHome } from '../helpers/temp-home';

const SPACE = 'three-homes';
const children: ChildProcess[] = [];
const engines: Engine[] = [];
afterEach(() => {
  for (const e of engines.splice(0)) e.close();
  for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
});

async function startRelay(dataDir: string, port: number): Promise<{ url: string; child: ChildProcess }> {
  const child = spawnCli(['sync', 'serve', '--data', dataDir, '--port', String(port)]);
  children.push(child);
  const m = await waitForLine(child, /relay listening on (ws:\/\/127\.0\.0\.1:\d+)/, 60_000);
  return { url: m[1], child };
}
const exited = (child: ChildProcess): Promise<void> => new Promise((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

function home(): Engine {
  const e = openEngine({ home: tempHome(), backgroundJobs: false });
  engines.push(e);
  return e;
}
const sync = (e: Engine, relayUrl: string) => syncNow({ relayUrl, space: SPACE, storeFile: syncStoreFile(e.paths.root), kinds: syncKinds(e) });
/** Rounds until everything is everywhere: in round 1 the last device gets all; in round 2 the others do. */
async function rounds(devices: Engine[], relayUrl: string, n = 2): Promise<void> {
  for (let i = 0; i < n; i++) for (const d of devices) await sync(d, relayUrl);
}

const asPerson = <T>(e: Engine, fn: () => T): T => e.facts.ledger.as({ actor: 'person', source: { via: 'cli' } }, fn);
const record = (e: Engine, scope: string, text: string) => asPerson(e, () => e.facts.memory.record(scope, text)).fact!;

/** A relation as extraction writes it (entities, then the store's upsert with its supporting message). */
function derive(e: Engine, src: string, relation: string, dst: string): number {
  const { store } = e.graph;
  const s = store.upsertNode('global', src, 'person').id;
  const d = store.upsertNode('global', dst, 'organization').id;
  const r = store.tryUpsertEdge({ scope: 'global', src: s, dst: d, relation, provClass: 'user', validFrom: '2026-03-01T10:00:00.000Z', support: ['msg-1'], supersede: false });
  if (r.kind === 'held') throw new Error('held');
  return r.id;
}

/** What must be identical on every device: each chat's messages in the order the chat shows them. */
function state(e: Engine) {
  const facts = Object.fromEntries(e.facts.memory.scopes().map((s) => [s.scope, e.facts.memory.read(s.scope).facts.map((f) => f.text).sort()]).filter(([, t]) => t.length > 0));
  const chats = Object.fromEntries(e.sessions.list().map((s) => [s.id, e.messages.list(s.id).items.map((m) => `${m.id} ${m.content}`)]));
  const snap = e.graph.store.snapshot('global');
  const name = new Map(snap.nodes.map((n) => [n.id, n.name]));
  const relations = snap.edges.map((x) => `${name.get(x.src)} ${x.relation} ${name.get(x.dst)}`).sort();
  return { facts, chats, relations };
}
const conflicts = (e: Engine) => factConflicts(factSyncPort(e), syncStoreFile(e.paths.root)).openConflicts();

describe('three homes and a relay (issue 30 §6)', () => {
  it('what A makes and corrects reaches B and C; apart with the relay killed, all three converge with nothing lost', async () => {
    const data = join(tempHome(), 'relay');
    const port = await freePort();
    const first = await startRelay(data, port);
    const [a, b, c] = [home(), home(), home()];
    const all = [a, b, c];

    // (a) made on A: a fact, a chat with two messages, a relation; then the person's corrections.
    const fact = record(a, 'global', 'Lives in Lyon');
    const chat = a.sessions.create({ agentId: 'default' });
    a.messages.append({ sessionId: chat.id, role: 'user', content: 'When do I sow leeks?' });
    a.messages.append({ sessionId: chat.id, role: 'assistant', content: 'In early spring, under cover.' });
    const relation = derive(a, 'Sam', 'works_at', 'Initech');
    derive(a, 'Sam', 'lives_in', 'Lyon');
    await rounds(all, first.url);
    for (const d of [b, c]) {
      expect(state(d).facts.global).toEqual(['Lives in Lyon']);
      expect(d.messages.list(chat.id).items.map((m) => m.content)).toEqual(['When do I sow leeks?', 'In early spring, under cover.']);
      expect(state(d).relations).toEqual(['Sam lives_in Lyon', 'Sam works_at Initech']);
    }
    asPerson(a, () => a.facts.memory.update('global', fact.id, 'Lives in Grenoble'));
    a.graph.corrections.retractRelation(relation, { reason: 'Sam left Initech in 2024' }, { actor: 'person', source: { via: 'app' } });
    await rounds(all, first.url);
    for (const d of [b, c]) {
      expect(state(d).facts.global).toEqual(['Lives in Grenoble']);
      expect(state(d).relations).toEqual(['Sam lives_in Lyon']);
    }
    expect(state(b)).toEqual(state(a));
    expect(state(c)).toEqual(state(a));

    // (b) The relay dies mid-life (SIGKILL): nothing it acknowledged may be lost.
    first.child.kill('SIGKILL');
    await exited(first.child);
    const shared = a.facts.memory.read('global').facts.find((f) => f.text === 'Lives in Grenoble')!;
    const apart = new Map<Engine, string>();
    for (const [d, n] of [[a, 'A'], [b, 'B'], [c, 'C']] as const) {
      record(d, 'global', `Fact written on ${n} while apart`);
      const s = d.sessions.create({ agentId: 'default' });
      d.messages.append({ sessionId: s.id, role: 'user', content: `A new chat on ${n} while apart` });
      apart.set(d, s.id);
      // And the chat they all hold, continued on each device while apart.
      d.messages.append({ sessionId: chat.id, role: 'user', content: `Continued on ${n} while apart` });
      await new Promise((r) => setTimeout(r, 5));
    }
    // The same fact edited on two devices while apart; C's edit is the later one.
    asPerson(b, () => b.facts.memory.update('global', shared.id, 'Lives in Annecy'));
    await new Promise((r) => setTimeout(r, 20));
    asPerson(c, () => c.facts.memory.update('global', shared.id, 'Lives in Chambéry'));
    // A sync now fails politely, and changes nothing.
    await expect(syncNow({ relayUrl: first.url, space: SPACE, storeFile: syncStoreFile(a.paths.root), kinds: syncKinds(a), timeoutMs: 1500 })).rejects.toThrow(/Could not sync with the relay/);

    const again = await startRelay(data, port);
    expect(again.url).toBe(first.url);
    await rounds(all, again.url, 3);

    const expected = {
      facts: { global: ['Fact written on A while apart', 'Fact written on B while apart', 'Fact written on C while apart', 'Lives in Chambéry'] },
      relations: ['Sam lives_in Lyon'],
    };
    for (const d of all) {
      const s = state(d);
      expect(s.facts).toEqual(expected.facts);
      expect(s.relations).toEqual(expected.relations);
      // Every chat everywhere, each with every message, in one order: the shared chat's continuations
      // interleaved by the time they were written (A, then B, then C).
      expect(Object.keys(s.chats).sort()).toEqual([chat.id, ...apart.values()].sort());
      for (const [, id] of apart) expect(s.chats[id]).toHaveLength(1);
      expect(s.chats[chat.id].map((m) => m.replace(/^\S+ /, ''))).toEqual([
        'When do I sow leeks?',
        'In early spring, under cover.',
        'Continued on A while apart',
        'Continued on B while apart',
        'Continued on C while apart',
      ]);
      // The doubly edited fact: one conflict on each device, with both edits.
      const open = conflicts(d);
      expect(open).toHaveLength(1);
      expect(open[0].versions.map((v) => v.text).sort()).toEqual(['Lives in Annecy', 'Lives in Chambéry']);
    }
    expect(state(b)).toEqual(state(a));
    expect(state(c)).toEqual(state(a));
    // And the three agree on which device runs the scheduled consolidation: A, the first to sync.
    const seen = all.map((d) => {
      const store = new DocStore(syncStoreFile(d.paths.root));
      try {
        return consolidationDeviceOf(store);
      } finally {
        store.close();
      }
    });
    expect(new Set(seen.map((x) => x!.id)).size).toBe(1);
    expect(seen.map((x) => x!.thisDevice)).toEqual([true, false, false]);
  }, 240_000);
});
