// Stored secrets never travel inside synced records (issue 26 §2, issue 30 §2): what the kinds write into
// the documents passes the engine's egress filter, as a model request or a pairing request does. A value
// saved in A's secret store and pasted into a chat (a message, its title, its instructions) or an identity
// file reaches the relay and B redacted; A keeps its own text; the next rounds are quiet (the redacted copy
// read back is not taken for a change). Relay on loopback, real homes, every kind the composition root lists.
// One secret has a provider key's shape; the other (a tool server's token) has none, so only the stored
// value can catch it — the sanitizer's shapes on B's side cannot.
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { attachmentRefsOf } from '../../src/main/attachments/attachment-store';
import { relayHolds, relayHomes } from '../helpers/sync-devices';

const SPACE = 'secrets-under-test';
const KEY = 'sk-proj-Hv8qT3mW9xL4pR2nB7cK6fJ1jD5sG0aYeUiPq';
const TOKEN = 'garden-lamp-7731-orchid-quiet';
const REDACTED = '[REDACTED:stored-secret]';
const by = { actor: 'person' as const, source: { via: 'app' as const } };
const { sync, twoHomes, travelsRedacted } = relayHomes(SPACE);

/** Two homes and a relay; A holds both secrets in its store, each for the one origin it may go to. */
async function setup() {
  const h = await twoHomes();
  h.a.secrets.set('provider:openai', KEY, { origin: 'https://api.openai.com' });
  h.a.secrets.set('mcp/tools/env/TOKEN', TOKEN, { origin: 'stdio:tools' });
  return h;
}

/** A syncs, the relay never holds the secret, B syncs (nothing refused), then rounds with nothing new are quiet. */
const travel = (h: Awaited<ReturnType<typeof setup>>, secret: string, checkB: () => void) => travelsRedacted(h, secret, checkB);

describe('monad sync: a stored secret in a synced record reaches the relay and other devices redacted', () => {
  it('a provider key pasted into a message: redacted on the relay and on B; A keeps its message', async () => {
    const h = await setup();
    const session = h.a.sessions.create({ agentId: 'default', title: 'Keys' });
    const sent = h.a.messages.append({ sessionId: session.id, role: 'user', content: `My key is ${KEY}, keep it safe.`, createdAt: '2026-03-01T09:00:00.000Z' });
    const mine = () => h.a.messages.list(session.id).items.map((m) => ({ id: m.id, content: m.content }));
    const before = mine();
    expect(before).toEqual([{ id: sent.id, content: `My key is ${KEY}, keep it safe.` }]);

    await travel(h, KEY, () => {
      expect(h.b.messages.list(session.id).items.map((m) => ({ id: m.id, content: m.content }))).toEqual([{ id: sent.id, content: `My key is ${REDACTED}, keep it safe.` }]);
    });
    expect(mine()).toEqual(before);
  }, 120_000);

  it("a tool server's token in a chat's title and instructions: redacted on the relay and on B; A keeps its own", async () => {
    const h = await setup();
    const session = h.a.sessions.create({ agentId: 'default', title: `Deploy with ${TOKEN}` });
    h.a.sessions.setSettings(session.id, { systemPrompt: `Pass ${TOKEN} to the deploy tool when asked.` });
    h.a.messages.append({ sessionId: session.id, role: 'user', content: 'Deploy the site.', createdAt: '2026-03-01T09:00:00.000Z' });
    const mine = () => ({ title: h.a.sessions.get(session.id).title, settings: h.a.sessions.get(session.id).settings });
    const before = mine();
    expect(before).toEqual({ title: `Deploy with ${TOKEN}`, settings: { systemPrompt: `Pass ${TOKEN} to the deploy tool when asked.` } });

    await travel(h, TOKEN, () => {
      const onB = h.b.sessions.get(session.id);
      expect({ title: onB.title, settings: onB.settings }).toEqual({ title: `Deploy with ${REDACTED}`, settings: { systemPrompt: `Pass ${REDACTED} to the deploy tool when asked.` } });
    });
    expect(mine()).toEqual(before);
  }, 120_000);

  it("a tool server's token in an identity file: redacted on the relay and on B; A keeps its file", async () => {
    const h = await setup();
    h.a.facts.identity.write('user', `Deploys with ${TOKEN} on weekdays.\n`, { by });
    expect(h.a.facts.identity.view('user').content).toBe(`Deploys with ${TOKEN} on weekdays.\n`);

    await travel(h, TOKEN, () => {
      expect(h.b.facts.identity.view('user').content).toBe(`Deploys with ${REDACTED} on weekdays.\n`);
    });
    expect(h.a.facts.identity.view('user').content).toBe(`Deploys with ${TOKEN} on weekdays.\n`);
  }, 120_000);

  it("a tool server's token in an agent's description and instructions: redacted on the relay and on B; A keeps its agent", async () => {
    const h = await setup();
    h.a.agents.create({ id: 'deployer', name: 'Deployer', description: `Deploys with ${TOKEN}`, chat: { systemPrompt: `Use ${TOKEN} for the deploy tool.` }, memory: { autoConsolidate: false, intervalMinutes: 60 } } as never);
    const agent = (e: Engine) => {
      const x = e.agents.list().find((y) => y.id === 'deployer');
      return { description: x?.description, systemPrompt: x?.chat?.systemPrompt };
    };
    const before = agent(h.a);
    expect(before).toEqual({ description: `Deploys with ${TOKEN}`, systemPrompt: `Use ${TOKEN} for the deploy tool.` });

    await travel(h, TOKEN, () => {
      expect(agent(h.b)).toEqual({ description: `Deploys with ${REDACTED}`, systemPrompt: `Use ${REDACTED} for the deploy tool.` });
    });
    expect(agent(h.a)).toEqual(before);
  }, 120_000);

  it("attached files: a token in a file's name travels redacted; a file whose bytes hold a stored key is not sent at all (said once)", async () => {
    const h = await setup();
    const session = h.a.sessions.create({ agentId: 'default', title: 'Files' });
    const named = await h.a.attachments.add(`notes-${TOKEN}.txt`, Buffer.from('Plain notes about the deploy.\n').toString('base64'));
    const keyed = await h.a.attachments.add('env.txt', Buffer.from(`OPENAI_API_KEY=${KEY}\n`).toString('base64'));
    const m = h.a.messages.append({ sessionId: session.id, role: 'user', content: 'Two files.', createdAt: '2026-03-01T09:00:00.000Z', attachments: [{ id: named.id, name: `notes-${TOKEN}.txt` }, { id: keyed.id, name: 'env.txt' }] });

    const ra = await sync(h.a, h.url);
    expect(ra.documents.filter((d) => d.kind === 'blob').map((d) => ({ key: d.key, sent: d.sent, refused: d.refused.map((r) => r.text) })).sort((x, y) => x.sent - y.sent)).toEqual([
      { key: keyed.id, sent: 0, refused: ['env.txt'] },
      { key: named.id, sent: 1, refused: [] },
    ]);
    for (const secret of [TOKEN, KEY]) expect(relayHolds(h.dataDir, secret)).toBe(false);
    // B: the message arrives with the first file (its name redacted); it says the second did not arrive.
    const rb = await sync(h.b, h.url);
    expect(rb.documents.flatMap((d) => d.refused.map((r) => r.text))).toEqual(['env.txt']);
    expect((attachmentRefsOf(h.b.appDb, [m.id]).get(m.id) ?? []).map((f) => f.name)).toEqual([`notes-${REDACTED}.txt`]);
    for (const e of [h.a, h.b, h.a]) expect(await sync(e, h.url)).toMatchObject({ sent: 0, received: 0, forgotten: 0, refused: 0 });
    for (const secret of [TOKEN, KEY]) expect(relayHolds(h.dataDir, secret)).toBe(false);
    expect((attachmentRefsOf(h.a.appDb, [m.id]).get(m.id) ?? []).map((f) => f.name)).toEqual([`notes-${TOKEN}.txt`, 'env.txt']);
  }, 120_000);
});
