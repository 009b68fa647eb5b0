// Fact origins: the user message of a turn is stored as typed, pasted or forwarded; a fact the memory tool
// records in that turn carries the origin (with the session and message ids) in memory.sqlite; recall marks
// facts that came only from pasted or forwarded text; the person's own write vouches for a fact.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { factId } from '../../src/main/memory/facts/fact-id';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

function setup(): Engine {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  return engine;
}

function record(text: string, id = 'r') {
  return [{ kind: 'tool_calls' as const, calls: [{ id, name: 'memory', args: { action: 'record', scope: 'global', text } }] }, { kind: 'text' as const, text: 'noted' }];
}

async function recallOfNewSession(engine: Engine): Promise<string> {
  const s = engine.sessions.create({ agentId: 'default' });
  llm.enqueue({ kind: 'text', text: 'hi' });
  await engine.chat.send(s.id, 'hello');
  return engine.facts.recall.snapshot(s.id).block!;
}

const EMAIL = [
  '---------- Forwarded message ---------',
  'From: Landlord <landlord@example.com>',
  'Date: Mon, 3 Mar 2025 at 10:00',
  'Subject: Rent',
  'To: me',
  '',
  'The rent goes up to 900 EUR from April.',
].join('\n');

describe('fact origins', () => {
  it('marks facts recorded in a pasted or forwarded turn, every fact with its origin class, and stores who and where', async () => {
    const engine = setup();
    const h = createHandlers(engine);
    const s = engine.sessions.create({ agentId: 'default' });

    llm.enqueue(...record('User lives in Porto', 'a'));
    const typed = await dispatch(h, 'chat.send', { sessionId: s.id, text: 'I live in Porto.' });
    llm.enqueue(...record('User has a meeting with Globex on Friday', 'b'));
    const pasted = await dispatch(h, 'chat.send', { sessionId: s.id, text: 'Meeting notes: Globex on Friday at 10.', pasted: true });
    llm.enqueue(...record("User's rent rises to 900 EUR in April", 'c'));
    const forwarded = await dispatch(h, 'chat.send', { sessionId: s.id, text: EMAIL });

    const users = engine.messages.list(s.id).items.filter((m) => m.role === 'user');
    expect(users.map((m) => m.origin)).toEqual(['typed', 'pasted', 'forwarded']);
    expect([typed, pasted, forwarded].map((r) => r.ok && (r.data as { messages: { origin: string | null }[] }).messages[0].origin)).toEqual(['typed', 'pasted', 'forwarded']);

    const hist = engine.facts.origins.history('global', factId('User has a meeting with Globex on Friday'));
    expect(hist).toEqual([expect.objectContaining({ origin: 'pasted', event: 'recorded', sessionId: s.id, messageId: users[1].id, previousId: null })]);

    const block = await recallOfNewSession(engine);
    // The person typed "I live in Porto.": the agent wrote it down, but the words are theirs (issue 27 §3).
    expect(block).toContain('\n- (you said it) User lives in Porto\n');
    expect(block).toContain('\n- (inferred, from pasted text) User has a meeting with Globex on Friday\n');
    expect(block).toContain("\n- (inferred, from a forwarded message) User's rent rises to 900 EUR in April\n");
    // The tool's view shows the same marks.
    const s2 = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'v', name: 'memory', args: { action: 'view', scope: 'global' } }] }, { kind: 'text', text: 'ok' });
    await engine.chat.send(s2.id, 'what do you know?');
    const view = engine.messages.list(s2.id).items.find((m) => m.role === 'tool')!.content;
    expect(view).toContain('(inferred, from pasted text) User has a meeting with Globex on Friday');
  });

  it('the person vouching for a fact (Memory tab add or edit) removes the mark; an edit names the id it replaced', async () => {
    const engine = setup();
    const h = createHandlers(engine);
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record('User banks with ACME'));
    await dispatch(h, 'chat.send', { sessionId: s.id, text: 'Copied from a forum: ACME is the best bank.', pasted: true });
    expect(await recallOfNewSession(engine)).toContain('- (inferred, from pasted text) User banks with ACME');

    const again = await dispatch(h, 'facts.add', { scope: 'global', text: 'User banks with ACME' });
    expect(again).toMatchObject({ ok: true, data: { status: 'duplicate' } });
    expect(await recallOfNewSession(engine)).toContain('\n- (you said it) User banks with ACME\n');

    const id = factId('User banks with ACME');
    await dispatch(h, 'facts.edit', { scope: 'global', id, text: 'User banks with ACME and Globex' });
    expect(engine.facts.origins.history('global', factId('User banks with ACME and Globex'))).toEqual([
      expect.objectContaining({ origin: 'person', event: 'updated', previousId: id, sessionId: null, messageId: null }),
    ]);
  });

  it('a regenerated reply is attributed to the same user message', async () => {
    const engine = setup();
    const h = createHandlers(engine);
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'first try' });
    await dispatch(h, 'chat.send', { sessionId: s.id, text: 'Pasted itinerary: Lisbon 3-7 June.', pasted: true });
    llm.enqueue(...record('User is in Lisbon from 3 to 7 June'));
    await dispatch(h, 'chat.regenerate', { sessionId: s.id });
    const user = engine.messages.list(s.id).items.find((m) => m.role === 'user')!;
    expect(engine.facts.origins.history('global', factId('User is in Lisbon from 3 to 7 June'))).toEqual([
      expect.objectContaining({ origin: 'pasted', messageId: user.id }),
    ]);
  });

  it('older user messages (no origin stored) count as typed; chat.send refuses a non-boolean flag', async () => {
    const engine = setup();
    const h = createHandlers(engine);
    const s = engine.sessions.create({ agentId: 'default' });
    expect(await dispatch(h, 'chat.send', { sessionId: s.id, text: 'x', pasted: 'yes' })).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    engine.messages.append({ sessionId: s.id, role: 'user', content: 'legacy message' });
    expect(engine.messages.list(s.id).items[0].origin).toBeNull();
    llm.enqueue(...record('User likes legacy things'));
    await dispatch(h, 'chat.regenerate', { sessionId: s.id });
    expect(engine.facts.origins.history('global', factId('User likes legacy things'))[0].origin).toBe('typed');
  });

  it('a merge by consolidation keeps the mark of facts that all came from pasted text, and drops it when the person vouched for one (applying the merge of their fact)', async () => {
    const engine = setup();
    const w = engine.facts.writer;
    await w.record('global', "User's roof is replaced in September", { origin: 'pasted' });
    await w.record('global', "User's roof works are paid by the owners", { origin: 'forwarded' });
    await w.record('global', 'User lives in Porto', { origin: 'person' });
    await w.record('global', 'User lives in Porto, Portugal', { origin: 'pasted' });
    await w.record('global', 'User keeps bees', { origin: 'pasted' });
    llm.setDefault((req) => {
      const lines = String(req.body.messages.at(-1).content).split('\n').filter((l: string) => l.startsWith('[f'));
      const tag = (word: string) => lines.filter((l: string) => l.includes(word)).map((l: string) => l.slice(1, l.indexOf(']')));
      return {
        kind: 'json',
        value: {
          facts: [
            { text: "User's roof is replaced in September, paid by the owners", from: tag('roof') },
            { text: 'User lives in Porto, Portugal', from: tag('Porto') },
            { text: 'User keeps bees', from: tag('bees') },
          ],
        },
      };
    });
    const h = createHandlers(engine);
    const [summary] = await dispatch(h, 'consolidate.run', { agentId: 'default', level: 1 }).then((r) => (r.ok ? (r.data as { facts: { merged: number } }[]) : []));
    expect(summary.facts.merged).toBeGreaterThan(0);
    // The person's "User lives in Porto" outranks the model: that merge waits for the person.
    expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual([
      "User's roof is replaced in September, paid by the owners",
      'User lives in Porto',
      'User lives in Porto, Portugal',
      'User keeps bees',
    ]);
    const [proposal] = engine.facts.proposals.list('global');
    expect(proposal).toMatchObject({ text: 'User lives in Porto, Portugal', from: [{ text: 'User lives in Porto' }, { text: 'User lives in Porto, Portugal' }] });
    expect((await dispatch(h, 'facts.applyProposal', { id: proposal.id })).ok).toBe(true);
    expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual([
      "User's roof is replaced in September, paid by the owners",
      'User lives in Porto, Portugal',
      'User keeps bees',
    ]);
    llm.setDefault({ kind: 'text', text: 'hi' });
    const block = await recallOfNewSession(engine);
    expect(block).toContain("\n- (consolidated, from pasted text) User's roof is replaced in September, paid by the owners\n");
    expect(block).toContain('\n- (you said it) User lives in Porto, Portugal\n');
    expect(block).toContain('\n- (inferred, from pasted text) User keeps bees\n');
    expect(engine.facts.origins.history('global', factId("User's roof is replaced in September, paid by the owners")).map((r) => [r.origin, r.detail])).toEqual([
      ['pasted', 'consolidated'],
      ['forwarded', 'consolidated'],
    ]);
  });
});
