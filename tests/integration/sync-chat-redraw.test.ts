// Issue 30: a chat open on screen redraws when sync writes into it. The window learns of it from the engine's
// `messages.changed` event (the sidebar's `sessions.changed` names only an agent). Here: a relay on loopback
// (in this process), two real homes, `sync now` with every kind the composition root lists; B's event bus is
// watched while it pulls. Each change another device can make to a chat's shown messages — a new message, a
// reply hidden by a regeneration, a message set aside by edit-and-resend — is announced for that chat, after
// it is stored (a listener reading the messages at once sees it), and a quiet sync announces nothing.
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startRelay, type RunningRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { syncStoreFile } from '../../src/cli/commands/sync';
import { openEngine, tempHome } from '../helpers/temp-home';

const SPACE = 'redraw-under-test';
const relays: RunningRelay[] = [];
afterEach(async () => {
  for (const r of relays.splice(0)) await r.close();
});

async function relay(): Promise<string> {
  const r = await startRelay({ dataDir: join(tempHome(), 'relay'), port: 0 });
  relays.push(r);
  return r.url;
}

const sync = (engine: Engine, url: string) => syncNow({ relayUrl: url, space: SPACE, storeFile: syncStoreFile(engine.paths.root), kinds: syncKinds(engine) });
const shown = (engine: Engine, sessionId: string) => engine.messages.list(sessionId).items.map((m) => m.content);

/** Every `messages.changed` B's engine emits, with what a window reading the chat at that moment would show. */
function watch(engine: Engine): { sessionId: string; shown: string[] }[] {
  const seen: { sessionId: string; shown: string[] }[] = [];
  engine.events.subscribe((e) => {
    if (e.name === 'messages.changed') seen.push({ sessionId: e.payload.sessionId, shown: shown(engine, e.payload.sessionId) });
  });
  return seen;
}

describe('sync: a chat written into by another device is announced to the windows showing it', () => {
  it('a new message, a hidden reply and a branch set aside on A each announce B\'s chat once the change is stored; a quiet sync announces nothing', async () => {
    const url = await relay();
    const a = openEngine({ home: tempHome() });
    const b = openEngine({ home: tempHome() });
    const at = (m: number) => new Date(Date.UTC(2026, 5, 1, 9, m)).toISOString();
    const chat = a.sessions.create({ agentId: 'default', createdAt: at(0) });
    const other = a.sessions.create({ agentId: 'default', createdAt: at(0) });
    a.messages.append({ sessionId: chat.id, role: 'user', content: 'Which flowers do bees like?', createdAt: at(1) });
    a.messages.append({ sessionId: chat.id, role: 'assistant', content: 'Lavender and borage.', createdAt: at(2) });
    a.messages.append({ sessionId: other.id, role: 'user', content: 'A chat nobody has open', createdAt: at(1) });
    await sync(a, url);
    const events = watch(b);
    await sync(b, url);
    // Both chats arrived with messages: each announced (a window may be showing it already, empty).
    expect(new Set(events.map((e) => e.sessionId))).toEqual(new Set([chat.id, other.id]));
    events.length = 0;

    // A quiet round: nothing written, nothing to redraw.
    await sync(b, url);
    expect(events).toEqual([]);

    // A new message on A (the chat is open on B): announced for that chat only, and already readable.
    a.messages.append({ sessionId: chat.id, role: 'user', content: 'And in early spring?', createdAt: at(3) });
    a.messages.append({ sessionId: chat.id, role: 'assistant', content: 'Crocus and willow catkins.', createdAt: at(4) });
    await sync(a, url);
    await sync(b, url);
    expect(events).toEqual([{ sessionId: chat.id, shown: ['Which flowers do bees like?', 'Lavender and borage.', 'And in early spring?', 'Crocus and willow catkins.'] }]);
    events.length = 0;

    // A regeneration on A hides its last reply: B's open chat must drop it.
    const hiddenId = a.messages.list(chat.id).items.at(-1)!.id;
    a.messages.softDelete([hiddenId]);
    await sync(a, url);
    await sync(b, url);
    expect(events).toEqual([{ sessionId: chat.id, shown: ['Which flowers do bees like?', 'Lavender and borage.', 'And in early spring?'] }]);
    events.length = 0;

    // An edit-and-resend on A sets the question aside: B's open chat shows the path without it.
    const question = a.messages.list(chat.id).items.at(-1)!;
    a.messages.setAside(chat.id, question.id);
    await sync(a, url);
    await sync(b, url);
    expect(events.map((e) => e.sessionId)).toEqual([chat.id]);
    expect(events.at(-1)!.shown).toEqual(['Which flowers do bees like?', 'Lavender and borage.']);
    events.length = 0;

    // Nothing more to do: nothing announced.
    await sync(b, url);
    expect(events).toEqual([]);
  }, 120_000);
});
