// Archive format v2 (issue 27 §1): what the person did with their memory survives export → import into
// a fresh home — fact sources linked to the imported messages, earlier texts, History with working undo,
// Inbox rejections, an agent's memory settings, chats' branches — and a v1 archive still imports, with
// the report saying what it lacks. Real SQLite and Markdown in temporary homes.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { openEngine } from '../helpers/temp-home';
import { normaliseArchive } from '../helpers/archive-normalise';

interface Seeded {
  sessionId: string;
  saidId: string;
  firstTry: string;
  secondTry: string;
  sister: { scope: string; id: string };
  tea: { id: string };
  bike: { id: string };
}

function seed(engine: Engine): Seeded {
  engine.agents.create({ id: 'coach', name: 'Coach', description: 'Running coach' });
  engine.config.update((c) => ({
    ...c,
    agent: { ...c.agent, agents: c.agent.agents.map((a) => (a.id === 'coach' ? { ...a, memory: { ...a.memory, level: 2 as const, remember: 'ask' as const, autoConsolidate: true, intervalMinutes: 60 } } : a)) },
  }));
  const s = engine.sessions.create({ agentId: 'coach', title: 'Family' });
  const said = engine.messages.append({ sessionId: s.id, role: 'user', content: 'My sister Ana lives in Porto.', origin: 'typed', createdAt: '2026-01-04T08:00:00.000Z' });
  engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'Noted.', createdAt: '2026-01-04T08:00:01.000Z' });
  // A fact the agent saved from that message, typed by the person.
  const scope = 'agent:coach';
  const sister = engine.facts.ledger.as({ actor: 'agent', source: { sessionId: s.id, messageId: said.id } }, () => engine.facts.memory.record(scope, "User's sister Ana lives in Porto")).fact!;
  engine.facts.origins.record({ scope, factId: sister.id, origin: 'typed', event: 'recorded', sessionId: s.id, messageId: said.id });
  // A fact the person wrote, then edited (an earlier text), and one the person forgot (History).
  const tea = engine.facts.ledger.as({ actor: 'person', source: { via: 'app' } }, () => {
    const first = engine.facts.memory.record('global', 'Likes tea').fact!;
    return engine.facts.memory.update('global', first.id, 'Likes green tea').fact!;
  });
  const bike = engine.facts.ledger.as({ actor: 'person', source: { via: 'app' } }, () => {
    const f = engine.facts.memory.record('global', 'Owns a red bike').fact!;
    engine.facts.memory.forget('global', f.id);
    return f;
  });
  // An Inbox proposal the person rejected.
  const p = engine.facts.chatProposals.propose({ agentId: 'coach', scope, action: 'record', text: 'User hates mornings', sessionId: s.id, messageId: said.id });
  if (p.status !== 'proposed') throw new Error(`expected a proposal, got ${p.status}`);
  engine.facts.chatProposals.reject(p.proposal.id);
  // Edit and resend: the first try is set aside with its reply, the second is on the active path.
  const first = engine.messages.append({ sessionId: s.id, role: 'user', content: 'How far should I run?', createdAt: '2026-01-05T08:00:00.000Z' });
  engine.messages.append({ sessionId: s.id, role: 'assistant', content: '5k.', createdAt: '2026-01-05T08:00:01.000Z' });
  engine.messages.setAside(s.id, first.id);
  const second = engine.messages.append({ sessionId: s.id, role: 'user', content: 'How far should I run on Sunday?', editRoot: first.id, createdAt: '2026-01-05T08:01:00.000Z' });
  engine.messages.append({ sessionId: s.id, role: 'assistant', content: '10k.', createdAt: '2026-01-05T08:01:01.000Z' });
  return { sessionId: s.id, saidId: said.id, firstTry: first.id, secondTry: second.id, sister: { scope, id: sister.id }, tea: { id: tea.id }, bike: { id: bike.id } };
}

type Doc = ReturnType<typeof normaliseArchive>;
const normalised = (text: string): Doc => normaliseArchive(text, { config: 'drop' });

describe('archive format v2', () => {
  /** Home A seeded, exported, imported into a fresh home B. */
  function moved() {
    const a = openEngine();
    const seeded = seed(a);
    const file = a.transfer.exportText();
    const b = openEngine();
    const report = b.transfer.importText(file, 'home.json');
    return { a, b, seeded, file, report };
  }

  it('writes version 2', () => {
    const a = openEngine();
    seed(a);
    expect((JSON.parse(a.transfer.exportText()) as { version: number }).version).toBe(2);
  });

  it('keeps fact sources linked to the imported messages, the person\'s facts the person\'s, and their earlier texts', () => {
    const { b, seeded } = moved();
    // The agent's fact stays linked to the imported message it came from, and stays typed, not "imported".
    expect(b.facts.ledger.sourceOf(seeded.sister.scope, seeded.sister.id)).toMatchObject({ actor: 'agent', sessionId: seeded.sessionId, messageId: seeded.saidId });
    expect(b.facts.origins.of(seeded.sister.scope, [seeded.sister.id]).get(seeded.sister.id)).toEqual(['typed']);
    expect(b.messages.get(seeded.saidId).origin).toBe('typed');
    // The person's fact is still the person's, with its earlier text.
    expect(b.facts.ledger.sourceOf('global', seeded.tea.id)).toMatchObject({ actor: 'person', via: 'app', event: 'edited' });
    expect(b.facts.ledger.versions.at('global', '2099-01-01T00:00:00.000Z').map((v) => v.text)).toEqual(['Likes green tea']);
    const earlier = b.memoryDb.prepare(`SELECT text FROM fact_version WHERE scope = 'global' AND valid_to IS NOT NULL ORDER BY id`).pluck().all();
    expect(earlier).toEqual(expect.arrayContaining(['Likes tea', 'Owns a red bike']));
    // The import itself is one more History group, attributed to the import and the file.
    const own = b.journal.list({ actor: 'import' }).entries;
    expect(own.length).toBe(2);
    expect(new Set(own.map((e) => e.groupId)).size).toBe(1);
    expect(own[0].source).toMatchObject({ via: 'import', detail: 'home.json' });
  });

  it('brings History with its original times and actors, and undo works on an imported entry', () => {
    const { a, b, seeded, report } = moved();
    expect(report.history?.added).toBeGreaterThan(0);
    const forgot = b.journal.list({ item: `fact:${seeded.bike.id}` }).entries.find((e) => e.action === 'fact.forgotten')!;
    const original = a.journal.list({ item: `fact:${seeded.bike.id}` }).entries.find((e) => e.action === 'fact.forgotten')!;
    expect(forgot).toMatchObject({ actor: 'person', at: original.at, summary: original.summary });
    expect(b.facts.memory.read('global').facts.map((f) => f.text)).not.toContain('Owns a red bike');
    b.journal.undo(forgot.id, { confirm: true });
    expect(b.facts.memory.read('global').facts.map((f) => f.text)).toContain('Owns a red bike');
    expect(b.facts.ledger.sourceOf('global', seeded.bike.id)).toMatchObject({ actor: 'person', via: 'app' });
  });

  it('does not propose a rejected form again', () => {
    const { b, seeded, report } = moved();
    expect(b.facts.chatProposals.propose({ agentId: 'coach', scope: seeded.sister.scope, action: 'record', text: 'User hates mornings' }).status).toBe('declined');
    expect(report.inbox?.rejections).toBe(1);
  });

  it('leaves proposals still waiting in the other home out, and says how many', () => {
    const a = openEngine();
    seed(a);
    expect(a.facts.chatProposals.propose({ agentId: 'coach', scope: 'agent:coach', action: 'record', text: 'User likes jazz' }).status).toBe('proposed');
    const b = openEngine();
    const report = b.transfer.importText(a.transfer.exportText());
    expect(report.leftOut.join('\n')).toMatch(/Inbox: 1 proposal still waiting for a decision in the other Monad/);
    expect(b.facts.chatProposals.pending()).toEqual([]);
  });

  it('adds an agent with its memory settings, its schedule off and reported', () => {
    const { b, report } = moved();
    const coach = b.config.get().agent.agents.find((x) => x.id === 'coach')!;
    expect(coach.memory).toMatchObject({ level: 2, remember: 'ask', autoConsolidate: false });
    expect(report.leftOut.join('\n')).toMatch(/Agent "Coach" \(coach\): automatic consolidation \(every 60 min\) was turned off/);
  });

  it('restores branches as branches', () => {
    const { b, seeded } = moved();
    const rows = b.appDb.prepare(`SELECT id, edit_root, inactive FROM messages WHERE session_id = ? ORDER BY seq`).all(seeded.sessionId) as { id: string; edit_root: string | null; inactive: number }[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(seeded.firstTry)!.inactive).toBeGreaterThan(0);
    expect(byId.get(seeded.secondTry)).toMatchObject({ edit_root: seeded.firstTry, inactive: 0 });
    expect(b.messages.list(seeded.sessionId).items.map((m) => m.content)).toEqual(['My sister Ana lives in Porto.', 'Noted.', 'How far should I run on Sunday?', '10k.']);
    expect(b.messages.versions(seeded.sessionId, seeded.firstTry)).toEqual([seeded.firstTry, seeded.secondTry]);
  });

  it('export(import(export(home))) is export(home) once normalised, and importing twice adds nothing', () => {
    const { b, file } = moved();
    expect(normalised(b.transfer.exportText())).toEqual(normalised(file));
    const again = b.transfer.importText(file, 'home.json');
    expect(again).toMatchObject({ sessions: { added: 0 }, messages: { added: 0 }, facts: { added: 0 }, history: { added: 0 }, inbox: { rejections: 0 } });
    expect(normalised(b.transfer.exportText())).toEqual(normalised(file));
  });

  it('never changes the memory settings of an agent that exists here, and says so', () => {
    const a = openEngine();
    seed(a);
    const b = openEngine();
    b.agents.create({ id: 'coach', name: 'Coach', description: '' });
    const report = b.transfer.importText(a.transfer.exportText());
    expect(b.config.get().agent.agents.find((x) => x.id === 'coach')!.memory).toMatchObject({ autoConsolidate: false });
    expect(b.config.get().agent.agents.find((x) => x.id === 'coach')!.memory.level).toBeUndefined();
    expect(report.leftOut.join('\n')).toMatch(/Agent "Coach" \(coach\) exists here: its memory settings from the file \(level 2, "Ask me first", consolidation every 60 min\) were not applied/);
  });

  it('drops and counts History entries beyond this home\'s retention and links to messages the file did not carry', () => {
    const a = openEngine();
    const seeded = seed(a);
    const doc = JSON.parse(a.transfer.exportText()) as { journal: { at: string; source: unknown }[]; sessions: { messages: { id: string }[] }[] };
    doc.journal[0].at = '2001-01-01T00:00:00.000Z';
    // The chat that the agent's fact came from is left out of the file.
    doc.sessions = [];
    const b = openEngine();
    b.config.update((c) => ({ ...c, memory: { ...c.memory, history: { retentionDays: 365 } } }));
    const report = b.transfer.importText(JSON.stringify(doc));
    const leftOut = report.leftOut.join('\n');
    expect(leftOut).toMatch(/History: 1 entry older than this Monad keeps History/);
    expect(leftOut).toMatch(/Fact sources: \d+ named a chat or message this file did not carry/);
    expect(b.facts.ledger.sourceOf(seeded.sister.scope, seeded.sister.id)).toMatchObject({ actor: 'agent', sessionId: null, messageId: null });
  });

  it('leaves out History that would act elsewhere, and cleans what it keeps', () => {
    const a = openEngine();
    const seeded = seed(a);
    type Entry = { id: number; at: string; layer: string; action: string; scope: string | null; item: string; before: { scope?: string } | null; summary: string; actor: string };
    const doc = JSON.parse(a.transfer.exportText()) as { journal: Entry[] };
    const first = structuredClone(doc.journal[0]);
    const last = doc.journal.at(-1)!;
    const forgot = doc.journal.find((e) => e.action === 'fact.forgotten')!;
    // Its undo would put the fact into another scope than the entry's own.
    forgot.before = { ...forgot.before, scope: 'agent:coach' };
    const key = `sk-proj-${'Q7x9Lm2Vb8Nc4Zt6Hr1Wy3Ks5Pd0Fg'}`;
    doc.journal.push(
      { ...last, id: last.id + 1, layer: 'identity', action: 'identity.saved', scope: 'global', item: 'identity:core/USER.md', before: null, summary: 'Saved USER.md' },
      { ...first, id: last.id + 2, summary: `Recorded “my key is ${key}”` },
    );
    const b = openEngine();
    b.providers.save({ id: 'local', kind: 'openai-compatible', name: 'Local', baseURL: 'http://127.0.0.1:1/v1', models: ['m'] }, key);
    const report = b.transfer.importText(JSON.stringify(doc));
    const leftOut = report.leftOut.join('\n');
    expect(leftOut).toMatch(/History: 1 entry about a fact of another scope than the entry's own/);
    expect(leftOut).toMatch(/History: 1 entry about identity files/);
    expect(b.journal.list({ item: `fact:${seeded.bike.id}` }).entries.filter((e) => e.action === 'fact.forgotten')).toEqual([]);
    expect(b.journal.list({ layer: 'identity' }).entries).toEqual([]);
    const summaries = b.journal.list({}, { limit: 500 }).entries.map((e) => e.summary).join('\n');
    expect(summaries).toMatch(/Recorded “my key is /);
    expect(summaries).not.toContain(key);
  });

  it('reads History that comes before "format" in a hand-written file', () => {
    const a = openEngine();
    const seeded = seed(a);
    const { journal, ...rest } = JSON.parse(a.transfer.exportText()) as Record<string, unknown>;
    const b = openEngine();
    b.transfer.importText(JSON.stringify({ journal, ...rest }));
    expect(b.journal.list({ item: `fact:${seeded.bike.id}` }).entries.map((e) => e.action)).toContain('fact.forgotten');
  });

  it('sorts History written out of order, and a bad entry fails the whole import with its position, leaving nothing behind', () => {
    const a = openEngine();
    const seeded = seed(a);
    const doc = JSON.parse(a.transfer.exportText()) as { journal: { id: number; action: string; at: string }[] };
    const spills = () => readdirSync(tmpdir()).filter((n) => n.startsWith('monad-import-history-')).length;
    const before = spills();
    const b = openEngine();
    b.transfer.importText(JSON.stringify({ ...doc, journal: [...doc.journal].reverse() }));
    const actions = b.journal.list({ item: `fact:${seeded.bike.id}` }).entries.filter((e) => e.actor !== 'import').map((e) => e.action);
    expect(actions).toEqual(['fact.forgotten', 'fact.recorded']);
    const c = openEngine();
    const bad = { ...doc, journal: [...doc.journal, { ...doc.journal[0], id: 999, at: 'not a date' }] };
    expect(() => c.transfer.importText(JSON.stringify(bad))).toThrow(new RegExp(`journal\\[${doc.journal.length}\\]\\.at`));
    expect(c.journal.list({}).entries).toEqual([]);
    expect(c.facts.memory.read('global').facts).toEqual([]);
    expect(spills()).toBe(before);
  });

  it("keeps a chat's own model when the provider comes too, and reports the one whose provider stays behind", () => {
    const a = openEngine();
    const seeded = seed(a);
    a.providers.save({ id: 'local', kind: 'openai-compatible', name: 'Local', baseURL: 'http://127.0.0.1:1/v1', models: ['m'] }, null);
    a.providers.save({ id: 'cloud', kind: 'openai-compatible', name: 'Cloud', baseURL: 'http://127.0.0.1:2/v1', models: ['c'] }, 'sk-test-cloud-key-0123456789abcdef');
    a.sessions.setChatModel(seeded.sessionId, { provider: 'local', model: 'm' });
    const other = a.sessions.create({ agentId: 'coach', title: 'Other' });
    a.sessions.setChatModel(other.id, { provider: 'cloud', model: 'c' });
    const b = openEngine();
    const report = b.transfer.importText(a.transfer.exportText());
    expect(b.sessions.get(seeded.sessionId).chatModel).toEqual({ provider: 'local', model: 'm' });
    expect(b.sessions.get(other.id).chatModel).toBeNull();
    expect(report.leftOut.join('\n')).toMatch(/The chat model of 1 chat: it names a provider this Monad does not have/);
  });

  it('still imports a v1 archive, and the report lists what v1 lacks', () => {
    const a = openEngine();
    const seeded = seed(a);
    const v2 = JSON.parse(a.transfer.exportText()) as Record<string, unknown> & { facts: Record<string, { facts: { text: string }[] }> };
    const v1 = {
      ...v2,
      version: 1,
      facts: Object.fromEntries(Object.entries(v2.facts).map(([scope, s]) => [scope, s.facts.map((f) => f.text)])),
      journal: undefined,
      inbox: undefined,
    };
    const b = openEngine();
    const report = b.transfer.importText(JSON.stringify(v1));
    expect(report.facts.added).toBe(2);
    expect(report.leftOut.join('\n')).toMatch(/version 1 archive: its facts came without their sources or earlier texts/);
    expect(b.facts.origins.of(seeded.sister.scope, [seeded.sister.id]).get(seeded.sister.id)).toEqual(['imported']);
    expect(b.journal.list({ item: `fact:${seeded.bike.id}` }).entries).toEqual([]);
  });
});
