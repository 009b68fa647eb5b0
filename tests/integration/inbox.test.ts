// The Inbox (issue 16 §3–§5) with the scripted model: under "Ask me first" the memory tool's writes wait
// as proposals (not in the Markdown file) carrying the words they came from, and the model is told they
// are pending; approve writes (the edited text, when edited); reject is remembered, so the same write is
// not proposed again; "Never" offers the tool for reading only; "Use it now" rebuilds the frozen block
// and records it; inferred facts are held out of recall when the agent's setting is on, until approved.
import { readFileSync, existsSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { proposalIdOf } from '../../src/main/memory/facts/remember-mode';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine, waitFor } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

function setup(mode?: 'auto' | 'ask' | 'never', holdInferred?: boolean): Engine {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  if (mode || holdInferred !== undefined) engine.agents.update('default', { memory: { ...(mode ? { remember: mode } : {}), ...(holdInferred !== undefined ? { holdInferred } : {}) } });
  return engine;
}

function call(action: string, args: Record<string, unknown>, id = 'c1') {
  return [{ kind: 'tool_calls' as const, calls: [{ id, name: 'memory', args: { action, scope: 'global', ...args } }] }, { kind: 'text' as const, text: 'ok' }];
}

const globalFile = (engine: Engine) => (existsSync(engine.facts.memory.pathOf('global')) ? readFileSync(engine.facts.memory.pathOf('global'), 'utf8') : '');

async function turn(engine: Engine, sessionId: string, text: string): Promise<string> {
  await engine.chat.send(sessionId, text);
  const tool = engine.messages.list(sessionId).items.filter((m) => m.role === 'tool').at(-1);
  return tool?.content ?? '';
}

/** The system prompt the model received on the latest chat request. */
function lastSystem(): string {
  const body = llm.chatRequests().at(-1)!.body as { messages: { role: string; content: string }[] };
  return body.messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
}

describe('remember mode "Ask me first"', () => {
  it('keeps the write out of the file, tells the model it is pending, and carries the quoted span', async () => {
    const engine = setup('ask');
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('record', { text: 'User drinks green tea every morning' }));
    const result = await turn(engine, s.id, 'Good morning! I drink green tea every morning. What is the weather like?');

    expect(result).toMatch(/^Pending, not saved yet:/);
    expect(result).toContain('Do not say it was saved');
    expect(globalFile(engine)).not.toContain('green tea');
    expect(engine.facts.memory.read('global').facts).toEqual([]);
    // The model was told, in its system prompt, that writes wait for the person.
    expect(lastSystem()).toContain('waits in their Inbox');

    const { items } = engine.inbox.list();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ source: 'chat', action: 'Remember', text: 'User drinks green tea every morning', scope: 'global', quote: 'I drink green tea every morning.', sessionId: s.id, editable: true });
    // The receipt finds the proposal from the tool result and from the user message.
    expect(proposalIdOf(result)).toBe(items[0].id);
    const user = engine.messages.list(s.id).items.find((m) => m.role === 'user')!;
    expect(engine.facts.chatProposals.byMessage(user.id)).toEqual([{ proposalId: items[0].id, action: 'record', text: 'User drinks green tea every morning', scope: 'global' }]);
  });

  it('approve writes the proposal as the person\'s fact; edit-then-approve writes the edited text', async () => {
    const engine = setup('ask');
    const h = createHandlers(engine);
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('record', { text: 'User lives in Porto' }, 'a'));
    await turn(engine, s.id, 'I live in Porto.');
    llm.enqueue(...call('record', { text: 'User has a cat' }, 'b'));
    await turn(engine, s.id, 'I have a cat named Miso.');
    const [porto, cat] = engine.inbox.list().items;

    const approved = await dispatch(h, 'inbox.approve', { ids: [porto.id] });
    expect(approved).toMatchObject({ ok: true, data: { decisions: [{ outcome: 'approved', fact: { scope: 'global', text: 'User lives in Porto' } }] } });
    const edited = await dispatch(h, 'inbox.approve', { ids: [cat.id], text: 'User has a cat named Miso' });
    expect(edited.ok && edited.data).toMatchObject({ count: 0, decisions: [{ outcome: 'approved', fact: { text: 'User has a cat named Miso' } }] });

    expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['User lives in Porto', 'User has a cat named Miso']);
    expect(globalFile(engine)).toContain('User has a cat named Miso');
    expect(globalFile(engine)).not.toMatch(/User has a cat\s*$/m);
    // Approved by the person, attributed to the chat message it came from: "you said it".
    const listed = engine.facts.list('global').facts.find((f) => f.text === 'User has a cat named Miso')!;
    expect(listed.source).toMatchObject({ actor: 'person', via: 'app', sessionId: s.id });
    expect(engine.inbox.list().count).toBe(0);
  });

  it('a rejected proposal is not proposed again in the same form (case, spacing, punctuation aside), in any mode', async () => {
    const engine = setup('ask');
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('record', { text: 'User dislikes olives' }, 'a'));
    await turn(engine, s.id, 'I do not like olives.');
    const [item] = engine.inbox.list().items;
    expect(engine.inbox.reject(item.id, { via: 'app' })).toMatchObject({ outcome: 'rejected' });

    llm.enqueue(...call('record', { text: '  user DISLIKES olives. ' }, 'b'));
    const again = await turn(engine, s.id, 'Olives are gross.');
    expect(again).toContain('declined');
    expect(engine.inbox.list().count).toBe(0);
    // Another fact, or the same words in another scope, is a new proposal.
    llm.enqueue(...call('record', { text: 'User dislikes olives', scope: 'agent' }, 'c'));
    await turn(engine, s.id, 'Remember that for yourself.');
    expect(engine.inbox.list().items.map((i) => [i.text, i.scope])).toEqual([['User dislikes olives', 'agent:default']]);

    // Switched to "Remember automatically", the rejected write is still not made.
    engine.agents.update('default', { memory: { remember: 'auto' } });
    llm.enqueue(...call('record', { text: 'User dislikes olives!' }, 'd'));
    expect(await turn(engine, s.id, 'No olives please.')).toContain('declined');
    expect(engine.facts.memory.read('global').facts).toEqual([]);
  });

  it('update and delete become proposals against the fact, and bulk approve applies them', async () => {
    const engine = setup();
    await engine.facts.record('global', 'User works at Initech', { actor: 'person', source: { via: 'app' } });
    const fact = engine.facts.memory.read('global').facts[0];
    engine.agents.update('default', { memory: { remember: 'ask' } });
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('update', { id: fact.id, text: 'User works at Globex' }, 'a'));
    await turn(engine, s.id, 'I changed jobs, I am at Globex now.');
    expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['User works at Initech']);
    const [update] = engine.inbox.list().items;
    expect(update).toMatchObject({ action: 'Change', text: 'User works at Globex', replaces: ['User works at Initech'] });

    const decisions = await engine.inbox.decideMany([update.id], 'approve', { via: 'cli' });
    expect(decisions[0].outcome).toBe('approved');
    const now = engine.facts.memory.read('global').facts;
    expect(now.map((f) => f.text)).toEqual(['User works at Globex']);

    llm.enqueue(...call('delete', { id: now[0].id }, 'b'));
    const pending = await turn(engine, s.id, 'Forget where I work.');
    expect(pending).toMatch(/^Pending/);
    expect(engine.facts.memory.read('global').facts).toHaveLength(1);
    const [del] = engine.inbox.list().items;
    expect(del).toMatchObject({ action: 'Forget', text: 'User works at Globex', editable: false });
    await engine.inbox.decideMany([del.id], 'approve', { via: 'app' });
    expect(engine.facts.memory.read('global').facts).toEqual([]);
  });

  it('a secret in a proposed fact is redacted before it waits in the Inbox', async () => {
    const engine = setup('ask');
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('record', { text: 'User GitHub token is ghp_abcdefghijklmnopqrstuvwxyz0123456789' }));
    await turn(engine, s.id, 'here is my token');
    const items = engine.inbox.list().items;
    expect(JSON.stringify(items)).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
  });
});

describe('remember mode "Never"', () => {
  it('offers the memory tool for reading only and refuses writes without saving', async () => {
    const engine = setup('never');
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'hi' });
    await engine.chat.send(s.id, 'hello');
    const body = llm.chatRequests().at(-1)!.body as { tools: { function: { name: string; parameters: { properties: { action: { enum: string[] } } } } }[] };
    const memory = body.tools.find((t) => t.function.name === 'memory')!;
    expect(memory.function.parameters.properties.action.enum).toEqual(['view']);
    expect(lastSystem()).toContain('Writing to memory is off');

    // A model that calls a write anyway (from an older schema) is refused, and nothing is saved or proposed.
    const tool = engine.tools.get('memory')!;
    const agent = engine.agents.get('default');
    const session = engine.sessions.get(s.id);
    const out = await tool.execute({ action: 'record', scope: 'global', text: 'User likes jazz' }, { session, agent, signal: new AbortController().signal });
    expect(out).toContain('memory writes are off');
    expect(engine.facts.memory.read('global').facts).toEqual([]);
    expect(engine.inbox.list().count).toBe(0);
  });
});

describe('freshness: "Use it now"', () => {
  it('says memory changed once, rebuilds the frozen block on request, records it, and the next request sends the new block', async () => {
    const engine = setup();
    // The banner is the 'ask' setting's (issue 29 §4: quiet is the default; quiet-memory.test.ts).
    engine.config.update((c) => {
      c.memory.freshness = 'ask';
      return c;
    });
    const h = createHandlers(engine);
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'hi' });
    await engine.chat.send(s.id, 'hello');
    const before = engine.facts.recall.snapshot(s.id);
    expect(engine.freshness.check(s.id)).toMatchObject({ changed: false, notice: false });

    await engine.facts.record('global', 'User plays the cello', { actor: 'person', source: { via: 'app' } });
    const fresh = engine.freshness.check(s.id);
    expect(fresh).toMatchObject({ changed: true, notice: true, added: ['(you said it) User plays the cello'] });
    // Shown once: after it was seen, not again until memory changes again.
    engine.freshness.seen(s.id);
    expect(engine.freshness.check(s.id)).toMatchObject({ changed: true, notice: false });
    // The frozen block is untouched until the person asks.
    expect(engine.facts.recall.snapshot(s.id).block).toBe(before.block);

    const rebuilt = await dispatch(h, 'recall.useNow', { sessionId: s.id });
    expect(rebuilt.ok && rebuilt.data).toMatchObject({ added: ['(you said it) User plays the cello'], removed: [], previousBuiltAt: before.builtAt });
    const snap = await dispatch(h, 'facts.recall', { sessionId: s.id });
    const data = (snap.ok ? snap.data : null) as { block: string; rebuilds: unknown[] } | null;
    expect(data?.block).toContain('User plays the cello');
    expect(data?.rebuilds).toHaveLength(1);
    expect(engine.freshness.check(s.id)).toMatchObject({ changed: false, notice: false });

    llm.enqueue({ kind: 'text', text: 'noted' });
    await engine.chat.send(s.id, 'what do I play?');
    expect(lastSystem()).toContain('User plays the cello');

    // A later change shows the notice again; a forgotten fact is a removed line.
    engine.facts.forget('global', engine.facts.memory.read('global').facts[0].id, { actor: 'person' });
    expect(engine.freshness.check(s.id)).toMatchObject({ changed: true, notice: true, removed: ['(you said it) User plays the cello'] });
  });

  it('tells subscribers memory changed (coalesced), and counts the Inbox live', async () => {
    const engine = setup('ask');
    const events: string[] = [];
    const counts: number[] = [];
    engine.events.subscribe((e) => {
      events.push(e.name);
      if (e.name === 'inbox.changed') counts.push(e.payload.count);
    });
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('record', { text: 'User likes jazz' }));
    await turn(engine, s.id, 'I like jazz');
    expect(counts).toContain(1);
    await engine.inbox.approve(engine.inbox.list().items[0].id, { via: 'app' });
    await waitFor(() => events.includes('memory.changed'), 3000, 'memory.changed');
    expect(counts.at(-1)).toBe(0);
  });
});

describe('origin classes and held inferred facts', () => {
  it('marks each recall item with its origin class', async () => {
    const engine = setup();
    await engine.facts.record('global', 'User was born in Lisbon', { actor: 'person', source: { via: 'app' } });
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('record', { text: 'User enjoys hiking' }));
    await turn(engine, s.id, 'I went hiking again this weekend, love it.');
    const s2 = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'hi' });
    await engine.chat.send(s2.id, 'hello');
    const block = engine.facts.recall.snapshot(s2.id).block!;
    expect(block).toContain('\n- (you said it) User was born in Lisbon\n');
    expect(block).toContain('\n- (inferred) User enjoys hiking\n');
  });

  it('keeps inferred facts out of recall until approved in the Inbox (off by default)', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('record', { text: 'User probably has a dog' }));
    await turn(engine, s.id, 'I need to walk Rex later.');
    expect(engine.inbox.list().count).toBe(0); // off by default: nothing held

    engine.agents.update('default', { memory: { holdInferred: true } });
    const blockOf = async () => {
      const x = engine.sessions.create({ agentId: 'default' });
      llm.enqueue({ kind: 'text', text: 'hi' });
      await engine.chat.send(x.id, 'hello');
      return engine.facts.recall.snapshot(x.id).block!;
    };
    expect(await blockOf()).not.toContain('User probably has a dog');
    const [held] = engine.inbox.list().items;
    expect(held).toMatchObject({ source: 'held', text: 'User probably has a dog', scope: 'global' });

    await engine.inbox.approve(held.id, { via: 'app' }, 'User has a dog named Rex');
    expect(engine.inbox.list().count).toBe(0);
    const block = await blockOf();
    expect(block).toContain('(you said it) User has a dog named Rex');
    expect(block).not.toContain('probably');
  });

  it('rejecting a held fact forgets it and the agent does not record the same words again', async () => {
    const engine = setup(undefined, true);
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...call('record', { text: 'User is sad' }, 'a'));
    await turn(engine, s.id, 'ugh, long day');
    const [held] = engine.inbox.list().items;
    engine.inbox.reject(held.id, { via: 'app' });
    expect(engine.facts.memory.read('global').facts).toEqual([]);
    llm.enqueue(...call('record', { text: 'User is sad.' }, 'b'));
    expect(await turn(engine, s.id, 'still a long day')).toContain('declined');
    expect(engine.facts.memory.read('global').facts).toEqual([]);
  });
});

describe('proposals from the other layers', () => {
  it('a consolidation merge of the person\'s facts waits in the Inbox; edit-then-approve merges into the edited text; a rejected merge is not proposed again', async () => {
    const engine = setup();
    const by = { actor: 'person' as const, source: { via: 'app' as const } };
    await engine.facts.record('global', 'User likes tea', by);
    await engine.facts.record('global', 'User drinks tea daily', by);
    const from = engine.facts.memory.read('global').facts.map((f) => ({ id: f.id, text: f.text }));
    engine.facts.proposals.proposeMerge('global', 'User likes tea and drinks it daily', from, { actor: 'consolidation' });
    const [merge] = engine.inbox.list().items;
    expect(merge).toMatchObject({ source: 'merge', action: 'Merge', text: 'User likes tea and drinks it daily', replaces: ['User likes tea', 'User drinks tea daily'], editable: true });

    const d = await engine.inbox.approve(merge.id, { via: 'app' }, 'User drinks tea every day');
    expect(d).toMatchObject({ outcome: 'approved', fact: { text: 'User drinks tea every day' } });
    expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['User drinks tea every day']);

    await engine.facts.record('global', 'User likes coffee', by);
    const now = engine.facts.memory.read('global').facts.map((f) => ({ id: f.id, text: f.text }));
    engine.facts.proposals.proposeMerge('global', 'User likes hot drinks', now, { actor: 'consolidation' });
    const [second] = engine.inbox.list().items;
    engine.inbox.reject(second.id, { via: 'app' });
    engine.facts.proposals.proposeMerge('global', 'user likes hot drinks.', now, { actor: 'consolidation' });
    expect(engine.inbox.list().count).toBe(0);
    expect(engine.facts.memory.read('global').facts).toHaveLength(2);
  });
});

describe('law proposals in the Inbox', () => {
  it('a proposed restatement of the person\'s law is listed; edit-then-approve restates it in the edited words; reject keeps it', async () => {
    const engine = setup();
    const law = engine.laws.store.insert('global', { statement: 'User prefers mornings for deep work', confidence: 0.7, support: [] }, 'fp-a', 'person');
    engine.laws.proposals.propose({ scope: 'global', kind: 'edit', lawId: law.id, statement: 'User works best early in the day', reason: 'Later messages say so', actor: 'inference' });
    const [item] = engine.inbox.list().items;
    expect(item).toMatchObject({ source: 'law', action: 'Restate law', text: 'User works best early in the day', replaces: ['User prefers mornings for deep work'], editable: true });
    const d = await engine.inbox.approve(item.id, { via: 'app' }, 'User does deep work before noon');
    expect(d.outcome).toBe('approved');
    expect(engine.laws.store.list(['global']).filter((l) => l.status === 'active').map((l) => l.statement)).toEqual(['User does deep work before noon']);

    const other = engine.laws.store.insert('global', { statement: 'User reads at night', confidence: 0.6, support: [] }, 'fp-b', 'person');
    engine.laws.proposals.propose({ scope: 'global', kind: 'edit', lawId: other.id, statement: 'User reads in bed', reason: 'A later message', actor: 'inference' });
    const [second] = engine.inbox.list().items;
    expect(engine.inbox.reject(second.id, { via: 'app' }).outcome).toBe('rejected');
    expect(engine.laws.proposals.propose({ scope: 'global', kind: 'edit', lawId: other.id, statement: 'User reads in bed', reason: 'Again', actor: 'inference' })).toBeNull();
    expect(engine.inbox.list().count).toBe(0);
  });
});
