// Every label tells the truth (issue 27 §3), end to end with the scripted model: a write that waits in the
// Inbox is "pending approval" on its chip and on the reply's receipt, never "saved"; a fact the memory
// tool records from the person's own typed words is theirs ("you said it") in the Memory tab's data and
// in the recall block, while a conclusion stays "inferred"; approving or editing keeps where the fact was
// first said.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { toolAccess, toolChip } from '../../src/renderer/src/features/receipts/tool-access';
import { factSourceLabel } from '../../src/shared/fact-source';
import type { Message } from '../../src/shared/domain';
import type { ReceiptView } from '../../src/shared/receipt';
import type { GraphEdgeDetail } from '../../src/shared/domain';
import { relationSourceLabel } from '../../src/shared/memory-label';
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

function setup(memory: { remember?: 'auto' | 'ask' | 'never'; holdInferred?: boolean } = {}): Engine {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  if (Object.keys(memory).length) engine.agents.update('default', { memory });
  return engine;
}

function record(text: string, id = 'c1') {
  return [{ kind: 'tool_calls' as const, calls: [{ id, name: 'memory', args: { action: 'record', scope: 'global', text } }] }, { kind: 'text' as const, text: 'Noted.' }];
}

async function call<T>(engine: Engine, name: Parameters<typeof dispatch>[1], input: unknown): Promise<T> {
  const r = (await dispatch(createHandlers(engine), name, input)) as { ok: boolean; data?: T; error?: { message: string } };
  if (!r.ok) throw new Error(r.error?.message);
  return r.data as T;
}

const listed = async (engine: Engine, sessionId: string) => (await call<{ items: Message[] }>(engine, 'messages.list', { sessionId })).items;

/** The memory tool call of the turn as the chat shows it: its chip's state, words and colour. */
async function chipOf(engine: Engine, sessionId: string) {
  const messages = await listed(engine, sessionId);
  const asking = messages.find((m) => m.role === 'assistant' && m.toolCalls?.length)!;
  const result = messages.find((m) => m.role === 'tool')!;
  const view = { callId: asking.toolCalls![0].id, name: 'memory', args: asking.toolCalls![0].args, result: result.content, error: result.error, state: result.error ? ('error' as const) : ('done' as const) };
  return { access: toolAccess(view), chip: toolChip(view) };
}

async function recallOfNewSession(engine: Engine): Promise<string> {
  const s = engine.sessions.create({ agentId: 'default' });
  llm.enqueue({ kind: 'text', text: 'hi' });
  await engine.chat.send(s.id, 'hello');
  return engine.facts.recall.snapshot(s.id).block!;
}

describe('a write that waits for the person', () => {
  it('"Ask me first": the chip says pending approval (not saved, not green) and the receipt names the proposal', async () => {
    const engine = setup({ remember: 'ask' });
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record('User plays the cello'));
    await engine.chat.send(s.id, 'I play the cello on Sundays.');

    expect(await chipOf(engine, s.id)).toEqual({ access: 'pending', chip: { text: 'pending approval', tone: 'pending' } });
    const reply = (await listed(engine, s.id)).filter((m) => m.role === 'assistant').at(-1)!;
    const proposal = engine.inbox.list().items[0];
    expect(reply.memory?.changes).toEqual([{ kind: 'proposed', scope: 'global', text: 'User plays the cello', proposalId: proposal.id }]);
    const view = await call<ReceiptView>(engine, 'chat.receipt', { messageId: reply.id });
    expect(view.receipt.changes).toEqual([{ kind: 'proposed', scope: 'global', text: 'User plays the cello', proposalId: proposal.id }]);
  });

  it('a write the person declined before: the chip says not saved and the receipt says why', async () => {
    const engine = setup({ remember: 'ask' });
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record('User plays the cello'));
    await engine.chat.send(s.id, 'I play the cello on Sundays.');
    engine.inbox.reject(engine.inbox.list().items[0].id, { via: 'app' });
    const s2 = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record('User plays the cello', 'c2'));
    await engine.chat.send(s2.id, 'I play the cello on Sundays.');
    expect(await chipOf(engine, s2.id)).toEqual({ access: 'not-saved', chip: { text: 'not saved', tone: 'refused' } });
    const reply = (await listed(engine, s2.id)).filter((m) => m.role === 'assistant').at(-1)!;
    expect(reply.memory?.changes).toEqual([{ kind: 'rejected', scope: 'global', text: 'User plays the cello', reason: 'You declined to keep this earlier, in your Inbox.' }]);
  });

  it('a saved write is still "saved", in green', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record('User plays the cello'));
    await engine.chat.send(s.id, 'I play the cello on Sundays.');
    expect(await chipOf(engine, s.id)).toEqual({ access: 'saved', chip: { text: 'saved', tone: 'saved' } });
  });
});

const factOf = (engine: Engine, text: string) => engine.facts.list('global').facts.find((f) => f.text === text)!;

describe('whose words a fact is', () => {
  it('"Remember that my sister Ana lives in Porto" is the person\'s in the Memory tab and in recall', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record("User's sister Ana lives in Porto"));
    await engine.chat.send(s.id, 'Remember that my sister Ana lives in Porto');
    const fact = factOf(engine, "User's sister Ana lives in Porto");
    expect(fact.originClass).toBe('person');
    // Who wrote it down is still told: the agent, from the person's message, linked to the chat.
    expect(fact.source).toMatchObject({ actor: 'agent', sessionId: s.id, stated: true });
    expect(factSourceLabel(fact.source)).toBe('Recorded by the agent from your message in a chat');
    expect(await recallOfNewSession(engine)).toContain("\n- (you said it) User's sister Ana lives in Porto\n");
  });

  it('other wordings and languages: said in the message is the person\'s; a conclusion, a new detail or a paste is not', async () => {
    const engine = setup();
    const cases: { said: string; fact: string; pasted?: boolean; cls: string }[] = [
      { said: 'Por favor, recuerda que mi hermana Ana vive en Oporto.', fact: 'La hermana del usuario, Ana, vive en Oporto', cls: 'person' },
      { said: 'Merke dir: meine Schwester Ana wohnt in Porto.', fact: 'Die Schwester des Nutzers, Ana, wohnt in Porto', cls: 'person' },
      { said: '我的妹妹安娜住在波尔图。', fact: '用户的妹妹安娜住在波尔图', cls: 'person' },
      { said: 'I ordered green tea again today.', fact: 'User probably prefers tea over coffee', cls: 'inferred' },
      { said: 'My brother Rui moved last year.', fact: 'User’s brother Rui moved to Braga in 2023', cls: 'inferred' },
      { said: 'Notes from Rui: my sister Ana lives in Porto.', fact: 'Rui’s sister Ana lives in Porto', pasted: true, cls: 'inferred' },
    ];
    let n = 0;
    for (const c of cases) {
      const s = engine.sessions.create({ agentId: 'default' });
      llm.enqueue(...record(c.fact, `c${++n}`));
      const sent = await dispatch(createHandlers(engine), 'chat.send', { sessionId: s.id, text: c.said, ...(c.pasted ? { pasted: true } : {}) });
      expect(sent.ok).toBe(true);
      expect([c.fact, factOf(engine, c.fact)?.originClass]).toEqual([c.fact, c.cls]);
    }
  });

  it('a fact the person\'s message states is not held back by an agent that holds inferred facts', async () => {
    const engine = setup({ holdInferred: true });
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record('User lives in Porto'));
    await engine.chat.send(s.id, 'I live in Porto.');
    llm.enqueue(...record('User probably likes port wine', 'c2'));
    await engine.chat.send(s.id, 'I live in Porto.');
    const block = await recallOfNewSession(engine);
    expect(block).toContain('(you said it) User lives in Porto');
    expect(block).not.toContain('port wine');
  });
});

describe('approving or editing keeps where a fact was first said', () => {
  it('a held fact approved with an edit, and a fact edited in the Memory tab, keep their chat', async () => {
    const engine = setup({ holdInferred: true });
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record('User probably likes port wine'));
    await engine.chat.send(s.id, 'We had dinner in Porto.');
    const held = engine.inbox.list().items.find((i) => i.source === 'held')!;
    await engine.inbox.approve(held.id, { via: 'app' }, 'User likes port wine');
    const approved = factOf(engine, 'User likes port wine');
    expect(approved.source).toMatchObject({ actor: 'person', via: 'app', event: 'edited', sessionId: s.id });
    expect(approved.source.messageId).toBeTruthy();
    expect(factSourceLabel(approved.source)).toBe('Edited by you in the app; first said in a chat');

    await call(engine, 'facts.edit', { scope: 'global', id: approved.id, text: 'User likes tawny port' });
    const again = factOf(engine, 'User likes tawny port');
    expect(again.source).toMatchObject({ actor: 'person', event: 'edited', sessionId: s.id, messageId: approved.source.messageId });
  });
});

describe('a relation the person added', () => {
  it('says "Added by you on <date>", not that its messages are gone', async () => {
    const engine = setup();
    const before = new Date().toISOString();
    const { edge } = engine.graph.corrections.addRelation({ scope: 'global', src: 'Ana', dst: 'Porto', relation: 'lives in' }, { actor: 'person', source: { via: 'app' } });
    const detail = await call<GraphEdgeDetail>(engine, 'graph.edge', { id: edge!.id });
    expect(detail.sources).toEqual([]);
    expect(detail.edge.addedAt! >= before).toBe(true);
    expect(relationSourceLabel(detail.edge, detail.sources.length, (iso) => iso.slice(0, 10))).toBe(`Added by you on ${detail.edge.addedAt!.slice(0, 10)}`);
    // One the model learned from messages since deleted still says so.
    expect(relationSourceLabel({ ...detail.edge, assertedBy: 'model', support: ['m1'] }, 0, (iso) => iso)).toBe('None of the messages behind this relation remain.');
  });
});

describe('a branch set aside by edit-and-resend', () => {
  it('is not read by graph extraction; the active path is', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'Braga is a lovely city to live in.' });
    await engine.chat.send(s.id, 'My brother Rui lives in Braga with his family.');
    // The person edits the message: the old version and its reply are set aside, the new one is the chat.
    llm.enqueue({ kind: 'text', text: 'Coimbra has a famous university.' });
    await engine.chat.send(s.id, 'My brother Rui lives in Coimbra with his family.', { replacing: engine.messages.list(s.id).items[0].id });
    const prompts: string[] = [];
    llm.setDefault((req) => {
      prompts.push(String(req.body.messages.at(-1).content));
      return { kind: 'json', value: { entities: [], relations: [] } };
    });
    const res = await engine.graph.consolidate();
    expect(res.failures).toBe(0);
    const read = prompts.join('\n');
    expect(read).toContain('Coimbra');
    expect(read).not.toContain('Braga');

    // The person brings the first version back: the next run reads it, and not the version set aside now.
    const [edited] = engine.messages.list(s.id).items;
    engine.chat.switchBranch(s.id, edited.branch!.ids[0]);
    prompts.length = 0;
    await engine.graph.consolidate();
    const again = prompts.join('\n');
    expect(again).toContain('Braga');
    expect(again).not.toContain('Coimbra');
  });
});

describe('the chat header\'s message count', () => {
  it('counts what the person sees: their messages and each reply once, not tool rows or set-aside branches', async () => {
    const engine = setup();
    const s = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(...record('User plays the cello'));
    await engine.chat.send(s.id, 'I play the cello.');
    // One message, one reply (which took a tool call, its result and a final answer: three rows).
    expect(engine.messages.list(s.id).items.length).toBe(4);
    expect(engine.sessions.get(s.id).messageCount).toBe(2);
    llm.enqueue({ kind: 'text', text: 'Nice.' });
    const first = engine.messages.list(s.id).items[0];
    await engine.chat.send(s.id, 'I play the viola.', { replacing: first.id });
    expect(engine.sessions.get(s.id).messageCount).toBe(2);
    expect(engine.sessions.list('default').find((x) => x.id === s.id)?.messageCount).toBe(2);
  });
});
