// Attachment text is data, not memory (issue 29 §1): it is stored beside the message, never in its text,
// so nothing that learns from messages (statement capture, consolidation, mem0) reads it; what the model
// chooses to record from it goes through the memory write path, whose sanitizer redacts a secret.
// Real engine, real SQLite, the scripted model server on 127.0.0.1.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { TEST_KEY, useScriptedModel } from '../helpers/llm-setup';
import { openEngine } from '../helpers/temp-home';

let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm({ requireKey: TEST_KEY });
});
afterEach(async () => {
  await llm.close();
});

const TOKEN = 'ghp_aBcDeFgHiJkLmNoPqRsTuVwXyZ0123456789';

function setup() {
  const engine = openEngine();
  useScriptedModel(engine, llm);
  engine.config.update((c) => ({ ...c, memory: { ...c.memory, factCheck: 'off' } }));
  return { engine, session: engine.sessions.create({ agentId: 'default' }) };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe('attachment text and memory', () => {
  it('a secret inside an attachment never reaches memory, even when the model records it', async () => {
    const { engine, session } = setup();
    const file = `deploy notes\nGITHUB_TOKEN=${TOKEN}\nThe person deploys from Lisbon.\n`;
    const a = await engine.attachments.add('deploy.env.txt', Buffer.from(file).toString('base64'));
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'w1', name: 'memory', args: { action: 'record', scope: 'global', text: `User's GitHub token is ${TOKEN}` } }] },
      { kind: 'text', text: 'Noted.' },
    );
    await engine.chat.send(session.id, 'remember my token from this file', { attachments: [{ id: a.id, name: 'deploy.env.txt' }] });
    // The model did get the file (it is the person's to send) …
    expect(JSON.stringify(llm.chatRequests()[0].body.messages)).toContain('GITHUB_TOKEN=ghp_');
    // … but memory holds no token: not the facts, not memory.sqlite (their history), not any file of the memory folder.
    const facts = engine.facts.memory.read('global').facts;
    expect(facts).toHaveLength(1);
    expect(facts[0].text).not.toContain(TOKEN);
    engine.memoryDb.pragma('wal_checkpoint(TRUNCATE)');
    expect(readFileSync(engine.paths.memoryDb).toString('latin1')).not.toContain(TOKEN);
    for (const path of filesUnder(engine.paths.memory)) expect(readFileSync(path, 'utf8')).not.toContain(TOKEN);
  });

  it('keeps the file out of the message text that memory learns from', async () => {
    const { engine, session } = setup();
    const a = await engine.attachments.add('cv.md', Buffer.from('Favourite colour: teal. Lives in Reykjavik.').toString('base64'));
    llm.enqueue({ kind: 'text', text: 'Nice CV.' });
    await engine.chat.send(session.id, 'what do you think?', { attachments: [{ id: a.id, name: 'cv.md' }] });
    const user = engine.messages.list(session.id).items.find((m) => m.role === 'user')!;
    expect(user.content).toBe('what do you think?');
    expect(user.attachments?.map((x) => x.name)).toEqual(['cv.md']);
    // Nothing recorded without the model or the person asking.
    expect(engine.facts.memory.read('global').facts).toEqual([]);
    expect(engine.facts.memory.read('agent:default').facts).toEqual([]);
  });

  it('a fact the model takes from an attachment says so: "from an attachment: <name>", never "you said it"', async () => {
    const { engine, session } = setup();
    const a = await engine.attachments.add('cv.md', Buffer.from('Curriculum vitae\nFavourite colour: teal.\nLives in Reykjavik since 2019.').toString('base64'));
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'w1', name: 'memory', args: { action: 'record', scope: 'global', text: 'User lives in Reykjavik since 2019' } }] },
      { kind: 'tool_calls', calls: [{ id: 'w2', name: 'memory', args: { action: 'record', scope: 'global', text: 'User is preparing a job application' } }] },
      { kind: 'text', text: 'Noted.' },
    );
    await engine.chat.send(session.id, 'remember where I live from my CV; I am preparing a job application', { attachments: [{ id: a.id, name: 'cv.md' }] });
    const rows = engine.memoryDb.prepare(`SELECT detail FROM fact_origin ORDER BY id`).pluck().all() as (string | null)[];
    expect(rows).toEqual(['from an attachment: cv.md', null]);
    const facts = engine.facts.memory.read('global').facts;
    const fromFile = facts.find((f) => f.text.includes('Reykjavik'))!;
    const said = facts.find((f) => f.text.includes('job application'))!;
    expect(engine.facts.ledger.sourceOf('global', fromFile.id)).toMatchObject({ actor: 'agent', detail: 'from an attachment: cv.md' });
    expect(engine.facts.ledger.sourceOf('global', fromFile.id)?.stated).toBeFalsy();
    // The person's own words in the same message stay theirs.
    expect(engine.facts.ledger.sourceOf('global', said.id)).toMatchObject({ stated: true });
  });
});
