// Issue 30 §2, chats through a real relay: Hocuspocus on loopback (in this process), real homes, `sync now`
// with every kind the composition root lists. A chat with a branch made on A appears on B identical; a
// message added on each while apart lands on both; a deletion travels; a third home joining later gets
// what stands; a second run sends nothing.
import { utimesSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { openEngine, tempHome } from '../helpers/temp-home';
import { chatView, chatWithBranch } from '../helpers/sync-chats';

const SPACE = 'chats-under-test';
const relays: RunningRelay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

async function relay(): Promise<RunningRelay> {
  const r = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
  relays.push(r);
  return r;
}

const sync = (engine: Engine, url: string) => syncNow({ relayUrl: url, space: SPACE, storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine) });
const chatsOf = (engine: Engine) => engine.sessions.list().map((s) => s.id).sort();

describe('monad sync: chats between homes through a relay on loopback', () => {
  it('a chat with a branch travels identical, messages written apart both land, a deletion travels, a later home gets what stands, nothing is sent back', async () => {
    const { url } = await relay();
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const id = await chatWithBranch(a);
    const doomed = await chatWithBranch(a, Date.UTC(2026, 4, 1));

    expect((await sync(a, url)).sent).toBeGreaterThan(0);
    const rb = await sync(b, url);
    expect(rb.refused).toBe(0);
    expect(rb.received).toBe(11); // two chats, four messages each, and the file both carry (one document)
    expect(chatView(b, id)).toEqual(chatView(a, id));
    expect(chatView(b, doomed)).toEqual(chatView(a, doomed));

    // Apart: one message on each.
    a.messages.append({ sessionId: id, role: 'user', content: 'Added on A while apart', createdAt: '2026-03-03T08:00:00.000Z' });
    b.messages.append({ sessionId: id, role: 'user', content: 'Added on B while apart', createdAt: '2026-03-03T08:01:00.000Z' });
    await a.deleteSession(doomed);
    await sync(a, url);
    const rb2 = await sync(b, url);
    expect(rb2).toMatchObject({ received: 1, forgotten: 1 });
    expect((await sync(a, url)).received).toBe(1);
    for (const e of [a, b]) {
      expect(chatsOf(e)).toEqual([id]);
      expect(e.messages.list(id).items.map((m) => m.content).slice(-2).sort()).toEqual(['Added on A while apart', 'Added on B while apart']);
    }

    const c = openEngine({ home: tempHome() });
    const rc = await sync(c, url);
    expect(rc.received).toBe(8); // the file, the chat and its six messages; the deleted chat never arrives
    expect(chatsOf(c)).toEqual([id]);
    expect(new Set(c.messages.idsOf(id))).toEqual(new Set(a.messages.idsOf(id)));

    for (const e of [a, b, c]) expect(await sync(e, url)).toMatchObject({ sent: 0, received: 0, forgotten: 0, refused: 0 });
  }, 120_000);

  it('identity files: an edit on A reaches B through the relay; edits on both while apart, the later stands on both', async () => {
    const { url } = await relay();
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const by = { actor: 'person' as const, source: { via: 'app' as const } };
    const dated = (path: string, iso: string) => utimesSync(path, new Date(iso), new Date(iso));
    dated(a.facts.identity.write('soul', 'Warm, plain words.\n', { agentId: 'default', by }).path, '2026-03-01T10:00:00Z');
    await sync(a, url);
    expect((await sync(b, url)).received).toBe(1);
    expect(b.facts.identity.view('soul', 'default').content).toBe('Warm, plain words.\n');

    dated(b.facts.identity.write('soul', 'Warm, plain words. (desktop, evening)\n', { agentId: 'default', by }).path, '2026-03-02T20:00:00Z');
    dated(a.facts.identity.write('soul', 'Warm, plain words. (laptop, morning)\n', { agentId: 'default', by }).path, '2026-03-02T08:00:00Z');
    await sync(b, url);
    await sync(a, url);
    await sync(b, url);
    for (const e of [a, b]) expect(e.facts.identity.view('soul', 'default').content).toBe('Warm, plain words. (desktop, evening)\n');
    for (const e of [a, b]) expect(await sync(e, url)).toMatchObject({ sent: 0, received: 0 });
  }, 120_000);

  it('agents: one made on A with memory settings reaches B with its chats in one run; a model chosen on B stays B\'s', async () => {
    const { url } = await relay();
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    a.agents.create({ id: 'gardener', name: 'Gardener', memory: { level: 3, autoConsolidate: false, intervalMinutes: 60, remember: 'ask' } } as never);
    const s = a.sessions.create({ agentId: 'gardener' });
    a.messages.append({ sessionId: s.id, role: 'user', content: 'When do I sow leeks?' });
    await sync(a, url);
    const rb = await sync(b, url);
    expect(rb.refused).toBe(0);
    expect(b.agents.list().find((x) => x.id === 'gardener')).toMatchObject({ name: 'Gardener', memory: { level: 3, intervalMinutes: 60, remember: 'ask' } });
    expect(b.sessions.list('gardener').map((x) => x.id)).toEqual([s.id]);

    b.config.update((c) => {
      c.models.providers.push({ id: 'desk', kind: 'openai-compatible', name: 'Desk', baseURL: 'http://127.0.0.1:8080/v1', models: ['m'] });
      return c;
    });
    b.agents.update('gardener', { models: { chat: { provider: 'desk', model: 'm' } }, memory: { level: 2 } });
    await sync(b, url);
    await sync(a, url);
    expect(a.agents.list().find((x) => x.id === 'gardener')).toMatchObject({ memory: { level: 2 }, models: {} });
    expect(a.config.get().models.providers.map((p) => p.id)).not.toContain('desk');
    expect((await sync(b, url)).received).toBe(0);
    expect(b.agents.list().find((x) => x.id === 'gardener')!.models.chat).toEqual({ provider: 'desk', model: 'm' });
  }, 120_000);
});

