// `monad search` end to end: the real CLI (through tsx) against a seeded home.
import { describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../src/main/engine';
import type { SearchResults } from '../../src/shared/search';
import { runCli } from '../helpers/cli';
import { openEngine, tempHome } from '../helpers/temp-home';

// Each case spawns the CLI from source through tsx (a few seconds per start on a loaded machine).
vi.setConfig({ testTimeout: 180_000 });

function seededHome() {
  const home = tempHome();
  const engine = openEngine({ home });
  engine.agents.create({ id: 'coder', name: 'Coder' } as Parameters<Engine['agents']['create']>[0]);
  const a = engine.sessions.create({ agentId: 'default', title: 'Trip planning' });
  const b = engine.sessions.create({ agentId: 'coder', title: 'Deploys' });
  const m1 = engine.messages.append({ sessionId: a.id, role: 'user', content: 'Book the ferry to Lisbon for Saturday' });
  const m2 = engine.messages.append({ sessionId: a.id, role: 'assistant', content: 'Ferry booked: Saturday 9:00, Lisbon pier 2.' });
  const m3 = engine.messages.append({ sessionId: b.id, role: 'user', content: 'The Lisbon server needs a ferry-themed status page' });
  engine.facts.memory.record('global', 'The user gets seasick on long ferry rides');
  engine.close();
  return { home, m1, m2, m3 };
}

describe('monad search', () => {
  it('says when a message was found through what memory learned from it (--json: via)', async () => {
    const home = tempHome();
    const engine = openEngine({ home });
    const s = engine.sessions.create({ agentId: 'default', title: 'Weekend' });
    const m = engine.messages.append({ sessionId: s.id, role: 'user', content: 'Picked up the rhyming classics with the striped hat for the kids' });
    engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'Nice, which ones?' });
    await engine.facts.record('agent:default', 'Collects Dr. Seuss books', { actor: 'agent', origin: 'typed', source: { sessionId: s.id, messageId: m.id } });
    engine.close();
    const r = JSON.parse(runCli(['search', 'Seuss', '--home', home, '--json']).stdout) as SearchResults;
    expect(r.messages.find((h) => h.messageId === m.id)?.via).toEqual({ kind: 'fact', text: 'Collects Dr. Seuss books' });
    expect(runCli(['search', 'Seuss', '--home', home]).stdout).toContain('matched through a fact: Collects Dr. Seuss books');
  });

  it('says which fact lent the words a message was found by, though the fact came from another message', async () => {
    const home = tempHome();
    const engine = openEngine({ home });
    const s = engine.sessions.create({ agentId: 'default', title: 'Calls' });
    const later = engine.sessions.create({ agentId: 'default', title: 'Post' });
    const called = engine.messages.append({ sessionId: s.id, role: 'user', content: 'I finally called them today, fingers crossed' });
    const forms = engine.messages.append({ sessionId: later.id, role: 'user', content: 'The agency mailed the forms this morning' });
    engine.messages.append({ sessionId: later.id, role: 'assistant', content: 'We had pizza on the balcony' });
    await engine.facts.record('agent:default', 'Contacted an adoption agency', { actor: 'agent', origin: 'typed', source: { sessionId: s.id, messageId: called.id } });
    engine.close();
    const r = JSON.parse(runCli(['search', 'adoption', '--home', home, '--json']).stdout) as SearchResults;
    expect(r.messages.find((h) => h.messageId === forms.id)?.via).toEqual({ kind: 'fact', text: 'Contacted an adoption agency' });
  });

  it('prints results as JSON, scoped with --agent and limited with --k', () => {
    const { home, m1, m2, m3 } = seededHome();
    const all = runCli(['search', 'ferry', 'Lisbon', '--home', home, '--json']);
    expect(all.code).toBe(0);
    const r = JSON.parse(all.stdout) as SearchResults;
    expect(r.query).toBe('ferry Lisbon');
    expect(r.messages.map((m) => m.messageId).sort()).toEqual([m1.id, m2.id, m3.id].sort());
    expect(r.facts.map((f) => f.text)).toEqual(['The user gets seasick on long ferry rides']);

    const scoped = JSON.parse(runCli(['search', 'ferry', '--agent', 'coder', '--home', home, '--json']).stdout) as SearchResults;
    expect(scoped.messages.map((m) => m.messageId)).toEqual([m3.id]);
    const one = JSON.parse(runCli(['search', 'ferry', '--k', '1', '--home', home, '--json']).stdout) as SearchResults;
    expect(one.messages).toHaveLength(1);
  });

  it('prints readable text, and explains bad input', () => {
    const { home, m2 } = seededHome();
    const text = runCli(['search', 'pier', '--home', home]);
    expect(text.code).toBe(0);
    // The matching reply, and the request before it (neighbouring turns come along).
    expect(text.stdout).toContain('Messages (2):');
    expect(text.stdout).toContain(`default · "Trip planning" · assistant  [${m2.id}]`);
    expect(text.stdout).toContain('Ferry booked: Saturday 9:00, Lisbon pier 2.');
    expect(runCli(['search', 'zebra', '--home', home]).stdout).toBe('Nothing matches "zebra".\n');

    const noQuery = runCli(['search', '--home', home]);
    expect(noQuery.code).toBe(2);
    expect(noQuery.stderr).toContain('give something to search for');
    const badK = runCli(['search', 'x', '--k', '0', '--home', home]);
    expect(badK.code).toBe(2);
    expect(badK.stderr).toContain('--k must be');
    const ghost = runCli(['search', 'x', '--agent', 'ghost', '--home', home]);
    expect(ghost.code).toBe(1);
    expect(ghost.stderr).toContain('No agent with id ghost');
  });
});
