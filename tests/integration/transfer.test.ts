// Import and export: lossless round trip, idempotent imports, clear positions for malformed input,
// complete rollback on failure, and ChatGPT's conversations.json.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { runCli } from '../helpers/cli';
import { openEngine, tempHome } from '../helpers/temp-home';

function seedEverything(engine: Engine) {
  engine.agents.create({ id: 'coach', name: 'Coach', description: 'Running coach' });
  engine.providers.save({ id: 'local', kind: 'openai-compatible', name: 'Local', baseURL: 'http://127.0.0.1:1/v1', models: ['m'] }, 'sk-secret-never-exported-123456');
  engine.config.update((c) => ({ ...c, models: { ...c.models, roles: { chat: { provider: 'local', model: 'm' } } } }));
  engine.facts.identity.write('user', 'I am Rui.', {});
  engine.facts.identity.write('soul', 'Be kind.', { agentId: 'coach' });
  engine.facts.memory.record('global', 'User is left-handed');
  engine.facts.memory.record('agent:coach', 'Runs on Sundays');
  const s = engine.sessions.create({ agentId: 'coach', title: 'Training' });
  const m1 = engine.messages.append({ sessionId: s.id, role: 'user', content: 'I run 10k on Sundays.', createdAt: '2026-01-04T08:00:00.000Z' });
  engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'Great routine.', toolCalls: [{ id: 'c1', name: 'memory', args: { action: 'view' } }], usage: { input: 5, output: 3 }, createdAt: '2026-01-04T08:00:01.000Z' });
  engine.messages.append({ sessionId: s.id, role: 'tool', content: 'No facts', toolCallId: 'c1', createdAt: '2026-01-04T08:00:02.000Z' });
  const g = engine.graph.store;
  const u = g.upsertNode('agent:coach', 'User', 'person', 'The runner').id;
  const run = g.upsertNode('agent:coach', 'Sunday run', 'habit').id;
  const e = g.upsertEdge({ scope: 'agent:coach', src: u, dst: run, relation: 'does', provClass: 'user', validFrom: m1.createdAt, support: [m1.id], supersede: false });
  engine.memoryDb.prepare(`INSERT INTO l2_cursor (session_id, last_seq, updated_at) VALUES (?, 1, 't')`).run(s.id);
  engine.laws.store.replaceScope('agent:coach', [{ statement: 'The user trains on weekends', confidence: 0.7, support: [`edge:${e.id}`, `fact:${engine.facts.memory.read('agent:coach').facts[0].id}`] }], 'fp');
  return { session: s };
}

function withoutDate(text: string) {
  const doc = JSON.parse(text);
  delete doc.exportedAt;
  return doc;
}

describe('export / import', () => {
  it('round-trips: export → import into an empty home (identity accepted after review) → export again is the same, minus what an import never brings', () => {
    const a = openEngine();
    seedEverything(a);
    const first = a.transfer.exportText();
    expect(first).not.toContain('sk-secret-never-exported');
    expect(first).not.toContain('keyRef');
    const b = openEngine();
    const report = b.transfer.importText(first);
    expect(report).toMatchObject({ format: 'export', sessions: { added: 1 }, messages: { added: 3 }, graph: { nodes: 2, edges: 1 }, laws: { added: 1 }, identity: { pending: 2 } });
    // Identity files wait for review; accepting them writes exactly what the archive held.
    expect(existsSync(join(b.paths.core, 'USER.md'))).toBe(false);
    for (const p of b.transfer.pendingIdentity()) b.transfer.identity.accept(p.id, p.current.mtimeMs);
    expect(readFileSync(join(b.paths.core, 'USER.md'), 'utf8')).toBe('I am Rui.');
    // The keyed provider and the chat role that used it stay behind, and the report says so.
    expect(report.leftOut.join('\n')).toMatch(/Provider "Local".*API key/);
    expect(report.leftOut.join('\n')).toMatch(/chat model \(local \/ m\)/);
    expect(b.providers.list()).toEqual([]);
    const [second, original] = [withoutDate(b.transfer.exportText()), withoutDate(first)];
    // History differs by the import's own entries and new ids: transfer-v2.test.ts compares it normalised.
    expect({ ...second, config: undefined, journal: undefined }).toEqual({ ...original, config: undefined, journal: undefined });
    expect(second.config.agent).toEqual(original.config.agent);
    // The imported home works: the law's grounding resolves.
    expect(b.laws.views(['agent:coach'])[0]).toMatchObject({ stale: false, relations: [expect.objectContaining({ text: 'User does Sunday run' })] });
  });

  it('importing twice adds nothing', () => {
    const a = openEngine();
    seedEverything(a);
    const text = a.transfer.exportText();
    const b = openEngine();
    b.transfer.importText(text);
    for (const p of b.transfer.pendingIdentity()) b.transfer.identity.accept(p.id);
    const before = withoutDate(b.transfer.exportText());
    const again = b.transfer.importText(text);
    expect(again).toMatchObject({ sessions: { added: 0, skipped: 1 }, messages: { added: 0, skipped: 3 }, facts: { added: 0 }, graph: { nodes: 0, edges: 0 }, laws: { added: 0 }, identity: { pending: 0, unchanged: 2 } });
    expect(b.transfer.pendingIdentity()).toEqual([]);
    expect(withoutDate(b.transfer.exportText())).toEqual(before);
  });

  it('imports a Monad transcript idempotently, creating missing agents', () => {
    const engine = openEngine();
    const transcript = {
      format: 'monad-transcript',
      version: 1,
      agents: [{ id: 'helper', name: 'Helper' }],
      sessions: [
        {
          id: 'abc',
          agentId: 'helper',
          title: 'Old chat',
          messages: [
            { role: 'user', content: 'Hello from 2024', createdAt: '2024-05-01T10:00:00Z' },
            { role: 'assistant', content: 'Hi!', createdAt: '2024-05-01T10:00:05Z' },
          ],
        },
      ],
    };
    const r1 = engine.transfer.importText(JSON.stringify(transcript));
    expect(r1).toMatchObject({ format: 'transcript', agents: { added: 1 }, sessions: { added: 1 }, messages: { added: 2 } });
    const r2 = engine.transfer.importText(JSON.stringify(transcript));
    expect(r2).toMatchObject({ agents: { added: 0 }, sessions: { added: 0, skipped: 1 }, messages: { added: 0, skipped: 2 } });
    const [session] = engine.sessions.list('helper');
    expect(session).toMatchObject({ title: 'Old chat', createdAt: '2024-05-01T10:00:00.000Z', messageCount: 2 });
    expect(engine.messages.list(session.id).items.map((m) => m.createdAt)).toEqual(['2024-05-01T10:00:00.000Z', '2024-05-01T10:00:05.000Z']);
  });

  it('imports ChatGPT conversations.json along the branch last shown', () => {
    const engine = openEngine();
    const conv = [
      {
        id: 'conv-1',
        title: 'Sourdough',
        create_time: 1700000000,
        current_node: 'n4',
        mapping: {
          root: { id: 'root', parent: null, message: null },
          n1: { id: 'n1', parent: 'root', message: { id: 'm-sys', author: { role: 'system' }, create_time: 1700000000, content: { content_type: 'text', parts: [''] } } },
          n2: { id: 'n2', parent: 'n1', message: { id: 'm-u', author: { role: 'user' }, create_time: 1700000001, content: { content_type: 'text', parts: ['How do I feed a starter?'] } } },
          n3: { id: 'n3', parent: 'n2', message: { id: 'm-a-old', author: { role: 'assistant' }, create_time: 1700000002, content: { content_type: 'text', parts: ['(an answer that was regenerated)'] } } },
          n4: { id: 'n4', parent: 'n2', message: { id: 'm-a', author: { role: 'assistant' }, create_time: 1700000003, content: { content_type: 'text', parts: ['Equal parts flour and water, daily.'] } } },
        },
      },
    ];
    const r = engine.transfer.importText(JSON.stringify(conv));
    expect(r).toMatchObject({ format: 'chatgpt', sessions: { added: 1 }, messages: { added: 2 } });
    const [s] = engine.sessions.list('default');
    expect(s.title).toBe('Sourdough');
    expect(engine.messages.list(s.id).items.map((m) => [m.role, m.content])).toEqual([
      ['user', 'How do I feed a starter?'],
      ['assistant', 'Equal parts flour and water, daily.'],
    ]);
    expect(engine.transfer.importText(JSON.stringify(conv)).messages).toEqual({ added: 0, skipped: 2 });
  });

  it('puts a placeholder where a ChatGPT message had an image, and counts the images in the report', () => {
    const engine = openEngine();
    const image = (id: string) => ({ content_type: 'image_asset_pointer', asset_pointer: `file-service://file-${id}`, width: 800, height: 600 });
    const conv = [
      {
        id: 'conv-img',
        title: 'What plant is this?',
        create_time: 1700000000,
        current_node: 'n3',
        mapping: {
          n1: { id: 'n1', parent: null, message: { id: 'u1', author: { role: 'user' }, create_time: 1700000001, content: { content_type: 'multimodal_text', parts: [image('a'), 'What plant is this?'] } } },
          n2: { id: 'n2', parent: 'n1', message: { id: 'a1', author: { role: 'assistant' }, create_time: 1700000002, content: { content_type: 'text', parts: ['A monstera.'] } } },
          n3: { id: 'n3', parent: 'n2', message: { id: 'u2', author: { role: 'user' }, create_time: 1700000003, content: { content_type: 'multimodal_text', parts: [image('b'), image('c')] } } },
        },
      },
    ];
    const r = engine.transfer.importText(JSON.stringify(conv));
    expect(r).toMatchObject({ format: 'chatgpt', messages: { added: 3 }, imagesNotImported: 3 });
    const [s] = engine.sessions.list('default');
    expect(engine.messages.list(s.id).items.map((m) => m.content)).toEqual([
      '[image not imported]\nWhat plant is this?',
      'A monstera.',
      '[image not imported]\n[image not imported]',
    ]);
  });

  it('rejects malformed input with the position of the problem, changing nothing', () => {
    const engine = openEngine();
    const before = readFileSync(engine.paths.config, 'utf8');
    expect(() => engine.transfer.importText('{\n  "format": "monad-transcript",\n  "version": 1,\n  oops\n}')).toThrow(/not valid JSON \(line 4, column 3\)/);
    const bad = { format: 'monad-transcript', version: 1, sessions: [{ id: 'x', messages: [{ role: 'user', content: 'a', createdAt: '2024-01-01' }, { role: 'robot', content: 'b', createdAt: '2024-01-01' }] }] };
    expect(() => engine.transfer.importText(JSON.stringify(bad))).toThrow(/at sessions\[0\]\.messages\[1\]\.role/);
    expect(() => engine.transfer.importText('{"format":"something-else"}')).toThrow(/Unrecognised file/);
    expect(engine.sessions.list()).toEqual([]);
    expect(readFileSync(engine.paths.config, 'utf8')).toBe(before);
  });

  it('an archive broken at its very end imports nothing: its chats, facts and History are all undone, and the error says where', () => {
    const a = openEngine();
    const s = a.sessions.create({ agentId: 'default' });
    const m = a.messages.append({ sessionId: s.id, role: 'user', content: 'I keep bees in Braga' });
    a.facts.ledger.as({ actor: 'person', source: { sessionId: s.id, messageId: m.id } }, () => a.facts.memory.record('global', 'Keeps bees in Braga'));
    const whole = a.transfer.exportText();
    // Cut inside the History, the last part of the file: everything before it is valid and gets imported first.
    const cut = whole.slice(0, whole.lastIndexOf('"summary"'));
    const lines = cut.split('\n');
    const b = openEngine();
    const config = readFileSync(b.paths.config, 'utf8');
    expect(() => b.transfer.importText(cut)).toThrow(new RegExp(`not valid JSON \\(line ${lines.length}, column \\d+\\)`));
    expect(b.sessions.list()).toEqual([]);
    expect(b.facts.memory.scopes().flatMap((x) => b.facts.memory.read(x.scope).facts)).toEqual([]);
    expect(b.memoryDb.prepare('SELECT count(*) FROM memory_journal').pluck().get()).toBe(0);
    expect(readFileSync(b.paths.config, 'utf8')).toBe(config);
    // The same file whole comes in.
    b.transfer.importText(whole);
    expect(b.facts.memory.read('global').facts.map((f) => f.text)).toEqual(['Keeps bees in Braga']);
  });

  it('rolls back completely when the import fails midway (a simulated failure on the second message)', () => {
    const engine = openEngine();
    const other = engine.sessions.create({ agentId: 'default' });
    engine.messages.append({ id: 'taken-id', sessionId: other.id, role: 'user', content: 'mine' });
    const config = readFileSync(engine.paths.config, 'utf8');
    const transcript = {
      format: 'monad-transcript',
      version: 1,
      agents: [{ id: 'newbie', name: 'Newbie' }],
      sessions: [
        { id: 's1', agentId: 'newbie', messages: [{ role: 'user', content: 'first', createdAt: '2024-01-01T00:00:00Z' }] },
        { id: 's2', agentId: 'newbie', messages: [{ role: 'user', content: 'second', createdAt: '2024-01-01T00:00:00Z' }] },
      ],
    };
    // Force a failure after the first session was written: a colliding message id in the second.
    const real = engine.appDb.prepare.bind(engine.appDb);
    let inserts = 0;
    (engine.appDb as unknown as { prepare: typeof real }).prepare = ((sql: string) => {
      const stmt = real(sql);
      if (!sql.includes('INSERT OR IGNORE INTO messages')) return stmt;
      return new Proxy(stmt, {
        get(target, prop) {
          if (prop === 'run') return (...args: unknown[]) => {
            if (++inserts === 2) throw new Error('simulated failure on the second message');
            return (target.run as (...a: unknown[]) => unknown)(...args);
          };
          return Reflect.get(target, prop);
        },
      });
    }) as typeof real;
    expect(() => engine.transfer.importText(JSON.stringify(transcript))).toThrow(/simulated failure/);
    (engine.appDb as unknown as { prepare: typeof real }).prepare = real;
    expect(engine.sessions.list().map((s) => s.id)).toEqual([other.id]);
    expect(engine.appDb.prepare('select count(*) from messages').pluck().get()).toBe(1);
    expect(readFileSync(engine.paths.config, 'utf8')).toBe(config);
    expect(engine.agents.list().map((a) => a.id)).toEqual(['default']);
  });

  it('monad export --out / monad import FILE from the CLI', () => {
    const a = openEngine();
    seedEverything(a);
    const homeA = a.paths.root;
    a.close();
    const dir = join(tempHome(), 'out');
    mkdirSync(dir);
    const file = join(dir, 'all.json');
    const exp = runCli(['export', '--home', homeA, '--out', file]);
    expect(exp.code).toBe(0);
    expect(exp.stdout).toMatch(/exported to .*all\.json/);
    const homeB = tempHome();
    const imp = runCli(['import', '--home', homeB, file, '--json']);
    expect(imp.code).toBe(0);
    expect(JSON.parse(imp.stdout)).toMatchObject({ format: 'export', sessions: { added: 1 } });
    writeFileSync(join(dir, 'bad.json'), '[1, 2');
    const bad = runCli(['import', '--home', homeB, join(dir, 'bad.json')]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/not valid JSON/);
  }, 120_000);
});
