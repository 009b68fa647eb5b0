// `monad inbox`, the real CLI in a child process against a home with proposals waiting: list (text and
// --json), approve by id (with --text: edit, then approve), reject (remembered: the same proposal is not
// made again), --all, and usage errors.
import { describe, expect, it, vi } from 'vitest';
import { Engine } from '../../src/main/engine';
import type { InboxList } from '../../src/shared/inbox';
import { runCli } from '../helpers/cli';
import { tempHome } from '../helpers/temp-home';

vi.setConfig({ testTimeout: 180_000 });

function withEngine<T>(home: string, run: (e: Engine) => T): T {
  const engine = Engine.open({ home, host: 'cli', qdrant: { enabled: false } });
  try {
    return run(engine);
  } finally {
    engine.close();
  }
}

function propose(engine: Engine, text: string, quote: string) {
  const r = engine.facts.chatProposals.propose({ agentId: 'default', scope: 'global', action: 'record', text, quote, sessionId: 's1', messageId: `m-${text.length}` });
  if (r.status !== 'proposed') throw new Error(r.status);
  return `chat:${r.proposal.id}`;
}

describe('monad inbox', () => {
  it('lists, approves (edited), rejects for good, and takes --all', () => {
    const home = tempHome();
    const [tea, cat, olives] = withEngine(home, (e) => [
      propose(e, 'User drinks green tea', 'I drink green tea every morning.'),
      propose(e, 'User has a cat', 'My cat Miso sleeps all day.'),
      propose(e, 'User dislikes olives', 'Olives are gross.'),
    ]);

    const listed = runCli(['inbox', '--home', home]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('3 changes waiting for your approval');
    expect(listed.stdout).toContain(`${tea}  Remember: “User drinks green tea”  (global)`);
    expect(listed.stdout).toContain('from your message: “My cat Miso sleeps all day.”');

    const json = runCli(['inbox', 'list', '--json', '--home', home]);
    const list = JSON.parse(json.stdout) as InboxList;
    expect(list.count).toBe(3);
    expect(list.items.map((i) => i.id)).toEqual([tea, cat, olives]);

    const approved = runCli(['inbox', 'approve', cat, '--text', 'User has a cat named Miso', '--json', '--home', home]);
    expect(approved.code).toBe(0);
    expect(JSON.parse(approved.stdout)).toMatchObject({ count: 2, decisions: [{ id: cat, outcome: 'approved', fact: { text: 'User has a cat named Miso' } }] });

    const rejected = runCli(['inbox', 'reject', olives, '--home', home]);
    expect(rejected.code).toBe(0);
    expect(rejected.stdout).toContain(`Rejected ${olives}`);
    expect(rejected.stdout).toContain('1 still waiting.');

    const all = runCli(['inbox', 'approve', '--all', '--home', home]);
    expect(all.code).toBe(0);
    expect(all.stdout).toContain('The Inbox is empty.');

    withEngine(home, (e) => {
      expect(e.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['User has a cat named Miso', 'User drinks green tea']);
      // Approved with the CLI: the person's fact, with the chat it came from.
      expect(e.facts.list('global').facts[0].source).toMatchObject({ actor: 'person', via: 'cli', sessionId: 's1' });
      // Rejected: the same proposal is not made again.
      expect(e.facts.chatProposals.propose({ agentId: 'default', scope: 'global', action: 'record', text: 'user dislikes olives.' }).status).toBe('declined');
    });
  });

  it('refuses what it cannot do, with a usage line', () => {
    const home = tempHome();
    expect(runCli(['inbox', 'approve', '--home', home]).code).toBe(2);
    const bad = runCli(['inbox', 'approve', 'banana', '--home', home]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('Not done banana: Not an Inbox item');
    expect(runCli(['inbox', 'frobnicate', '--home', home]).stderr).toContain('unknown action "frobnicate"');
    expect(runCli(['inbox', '--home', home]).stdout).toContain('The Inbox is empty');
  });
});
