// Values held in the secret store never reach memory or an export (issue 14 §3). A custom key has no shape
// a pattern could know, so every writer of memory text redacts the exact values the store holds, also
// spelled out, hidden behind invisible characters, URL-encoded or base64-encoded: facts (memory tool and
// facts.add), imported facts, messages and identity files, laws, graph nodes and relations, and the export.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

/** Not shaped like any provider's key: only the secret store knows it is one. */
const KEY = 'zq-custom-7f3a9b2c1d';
const PLACEHOLDER = '[REDACTED:stored-secret]';
const SPELLED = KEY.split('').join(' ');
const ZERO_WIDTH = `${KEY.slice(0, 6)}\u200b${KEY.slice(6)}`;
const BASE64 = Buffer.from(`lab:${KEY}`).toString('base64');
const URL_ENCODED = encodeURIComponent(`key=${KEY}&lab=1`);

/** Every form of the key this test writes, as it would appear in stored text. */
function leaks(text: string): string[] {
  const compact = text.replace(/[\s\u200b]/g, '');
  return [
    text.includes(KEY) && 'as written',
    compact.includes(KEY) && 'spelled out',
    text.includes(Buffer.from(KEY).toString('base64').slice(2, 18)) && 'base64',
    text.includes(BASE64) && 'base64 credentials',
  ].filter((x): x is string => typeof x === 'string');
}

function saveKey(engine: Engine): void {
  engine.providers.save({ id: 'lab', kind: 'openai-compatible', name: 'Lab', baseURL: 'https://lab.example/v1', models: ['lab-1'] }, KEY);
}

function memoryFiles(engine: Engine): string {
  const dir = engine.paths.memory;
  return readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .map((f) => readFileSync(join(dir, f), 'utf8'))
    .join('\n');
}

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
});

describe('a key held in the secret store never reaches memory', () => {
  it('facts from the memory tool and from facts.add hold a placeholder, in every form of the key; an ordinary fact is unchanged', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    // The memory model's fact check would take the scripted replies meant for the chat.
    engine.config.update((c) => ({ ...c, memory: { ...c.memory, factCheck: 'off' } }));
    saveKey(engine);
    const session = engine.sessions.create({ agentId: 'default' });
    // No word like "key" or "token" near the value: no pattern knows it is a secret, only the store does.
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'c1', name: 'memory', args: { action: 'record', scope: 'global', text: `Rui wrote ${KEY} on the whiteboard` } }] },
      { kind: 'tool_calls', calls: [{ id: 'c2', name: 'memory', args: { action: 'record', scope: 'global', text: `Rui spelled it out: ${SPELLED}` } }] },
      { kind: 'text', text: 'Noted.' },
    );
    await engine.chat.send(session.id, 'Remember what I wrote on the whiteboard.');

    const handlers = createHandlers(engine);
    for (const text of [`Sticky note reads ${ZERO_WIDTH}`, `Rui's header value ${BASE64}`, `Bookmark query ${URL_ENCODED}`, 'User keeps a paper lab notebook']) {
      expect(await dispatch(handlers, 'facts.add', { scope: 'global', text })).toMatchObject({ ok: true });
    }

    const facts = engine.facts.memory.read('global').facts.map((f) => f.text);
    expect(facts).toEqual([
      `Rui wrote ${PLACEHOLDER} on the whiteboard`,
      `Rui spelled it out: ${PLACEHOLDER}`,
      `Sticky note reads ${PLACEHOLDER}`,
      `Rui's header value ${PLACEHOLDER}`,
      `Bookmark query key%3D${PLACEHOLDER}%26lab%3D1`,
      'User keeps a paper lab notebook',
    ]);
    expect(leaks(memoryFiles(engine))).toEqual([]);
  });

  it('an imported fact, message, identity file, graph node and law hold a placeholder; ordinary imported text is unchanged', () => {
    const engine = openEngine();
    saveKey(engine);
    const at = '2026-01-04T08:00:00.000Z';
    const report = engine.transfer.importText(
      JSON.stringify({
        format: 'monad-export',
        version: 1,
        exportedAt: at,
        config: {},
        identity: { 'core/USER.md': `# About me\n\nMy lab key is ${KEY}.\nI like tea.\n` },
        facts: { global: [`Imported: lab key ${SPELLED}`, 'Rui is left-handed'] },
        sessions: [
          {
            id: 's-lab',
            agentId: 'default',
            title: 'Lab setup',
            workspace: null,
            projectKey: null,
            incognito: false,
            createdAt: at,
            updatedAt: at,
            recallBlock: null,
            recallBuiltAt: null,
            messages: [
              { id: 'm1', role: 'user', content: `Here is my key: ${KEY}`, toolCalls: null, toolCallId: null, usage: null, error: null, createdAt: at },
              { id: 'm2', role: 'assistant', content: `Saved the link ?${URL_ENCODED}`, toolCalls: null, toolCallId: null, usage: null, error: null, createdAt: at },
              { id: 'm3', role: 'user', content: 'Thanks, that is all.', toolCalls: null, toolCallId: null, usage: null, error: null, createdAt: at },
            ],
          },
        ],
        graph: {
          nodes: [{ id: 1, scope: 'global', name: 'Lab server', type: 'thing', summary: `Opened with ${KEY}`, createdAt: at, updatedAt: at }],
          edges: [],
          cursors: [],
        },
        laws: [{ scope: 'global', statement: `Rui signs in to the lab with ${BASE64}`, confidence: 0.8, support: [], contradictedBy: null, contradictedWhy: null, derivedAt: at, fingerprint: 'fp' }],
      }),
    );
    expect(report.refusedTotal).toBe(0);

    expect(engine.facts.memory.read('global').facts.map((f) => f.text)).toEqual([`Imported: lab key ${PLACEHOLDER}`, 'Rui is left-handed']);
    const messages = engine.messages.since('s-lab', 0, 100).map(({ message }) => message.content);
    expect(messages).toEqual([`Here is my key: ${PLACEHOLDER}`, expect.stringContaining(PLACEHOLDER), 'Thanks, that is all.']);
    expect(leaks(messages.join('\n'))).toEqual([]);
    const [pending] = engine.transfer.pendingIdentity();
    expect(pending.incoming).toBe(`# About me\n\nMy lab key is ${PLACEHOLDER}.\nI like tea.\n`);
    expect(engine.memoryDb.prepare('select summary from graph_node').pluck().all()).toEqual([`Opened with ${PLACEHOLDER}`]);
    expect(engine.laws.store.list().map((l) => l.statement)).toEqual([`Rui signs in to the lab with ${PLACEHOLDER}`]);
    expect(leaks(memoryFiles(engine))).toEqual([]);
  });

  it('a law the memory model infers and the graph its extraction writes hold a placeholder', async () => {
    const engine = openEngine();
    useScriptedModel(engine, llm);
    saveKey(engine);
    engine.facts.memory.record('agent:default', 'Works in the biology lab on weekdays');
    llm.enqueue({ kind: 'json', value: { laws: [{ statement: `The user opens the lab server with ${KEY}`, confidence: 0.7, support: ['f1'] }] } });
    // The memory model's fact check would take the scripted replies meant for inference and extraction.
    engine.config.update((c) => ({ ...c, memory: { ...c.memory, factCheck: 'off' } }));
    await engine.laws.infer('agent:default');
    expect(engine.laws.store.list().map((l) => l.statement)).toEqual([`The user opens the lab server with ${PLACEHOLDER}`]);

    const s = engine.sessions.create({ agentId: 'default', title: 'Lab' });
    engine.messages.append({ sessionId: s.id, role: 'user', content: 'I run all my experiments on the lab server every weekday morning.', createdAt: '2026-03-01T09:00:00.000Z' });
    llm.enqueue({
      kind: 'json',
      value: {
        entities: [
          { name: 'User', type: 'person', summary: 'The person chatting' },
          { name: 'Lab server', type: 'thing', summary: `Its key is ${SPELLED}` },
        ],
        relations: [{ src: 'User', relation: `opens it with ${KEY}`, dst: 'Lab server', source: 'user', evidence: ['m1'] }],
      },
    });
    const run = await engine.graph.consolidate();
    expect(run.failures).toBe(0);
    expect(engine.memoryDb.prepare("select summary from graph_node where name = 'Lab server'").pluck().all()).toEqual([`Its key is ${PLACEHOLDER}`]);
    // Relations are stored as snake_case labels: the placeholder's words stay, the value does not.
    expect(engine.memoryDb.prepare('select relation from graph_edge').pluck().all()).toEqual(['opens_it_with_redacted_stored_secret']);
  });
});

describe('a key held in the secret store never leaves in an export', () => {
  it('is scrubbed from facts written before it was stored, pasted messages and identity files; ordinary text is exported as it is', () => {
    const engine = openEngine();
    // Written while the store did not know the value yet (and no pattern knows it): memory holds it verbatim.
    engine.facts.memory.record('global', `Rui wrote ${KEY} on the whiteboard`);
    expect(memoryFiles(engine)).toContain(KEY);
    engine.facts.memory.record('global', 'Rui is left-handed');
    saveKey(engine);
    const s = engine.sessions.create({ agentId: 'default', title: 'Setup' });
    engine.messages.append({ sessionId: s.id, role: 'user', content: `My key is ${KEY}, and base64 ${BASE64}` });
    engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'Plain message stays as it was.' });
    // The person's own identity file is kept verbatim (after confirming the warning), but not exported so.
    engine.facts.identity.write('user', `# About me\n\nLab key: ${KEY}\n`, { confirm: true, knownSecrets: [KEY] });

    const text = engine.transfer.exportText();
    expect(leaks(text)).toEqual([]);
    const archive = JSON.parse(text);
    expect(archive.facts.global.facts.map((f: { text: string }) => f.text)).toEqual([`Rui wrote ${PLACEHOLDER} on the whiteboard`, 'Rui is left-handed']);
    expect(archive.sessions[0].messages.map((m: { content: string }) => m.content)).toEqual([`My key is ${PLACEHOLDER}, and base64 ${PLACEHOLDER}`, 'Plain message stays as it was.']);
    expect(archive.identity['core/USER.md']).toBe(`# About me\n\nLab key: ${PLACEHOLDER}\n`);
    // The provider is exported without its key, as before.
    expect(archive.config.models.providers.find((p: { id: string }) => p.id === 'lab')).toMatchObject({ id: 'lab', hasKey: true });
  });
});
