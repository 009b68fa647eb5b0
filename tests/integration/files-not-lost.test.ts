// Files a person did not ask to lose (issue 32 §6): an export never lands inside the home or over an
// existing file unasked; a long but valid file name works (the temp name used to be longer than the
// target); scope keys are case-insensitive (one file on macOS and Windows) and name agents that exist.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { tempName } from '../../src/main/fs/atomic-write';
import { openEngine, tempHome } from '../helpers/temp-home';

describe('export writes only where the person meant', () => {
  it('refuses a path inside the home (config.json stays the settings), under any spelling of it', () => {
    const engine = openEngine();
    const before = readFileSync(engine.config.path, 'utf8');
    for (const p of [engine.config.path, join(engine.paths.root, 'exports', 'x.json'), join(engine.paths.root, 'db', '..', 'memory', 'global.md')]) {
      expect(() => engine.transfer.exportToFile(p, { force: true }), p).toThrow(/inside Monad's home folder/);
    }
    expect(readFileSync(engine.config.path, 'utf8')).toBe(before);
  });

  it('asks before replacing an existing file, and replaces it with force', () => {
    const engine = openEngine();
    const out = join(tempHome(), 'archive.json');
    writeFileSync(out, 'my precious notes');
    expect(() => engine.transfer.exportToFile(out)).toThrow(/already exists/);
    expect(readFileSync(out, 'utf8')).toBe('my precious notes');
    const r = engine.transfer.exportToFile(out, { force: true });
    expect(JSON.parse(readFileSync(out, 'utf8')).format).toBe('monad-export');
    expect(r.bytes).toBeGreaterThan(100);
  });

  it('a long but valid file name works (250 bytes, and 240 bytes of two-byte letters)', () => {
    const engine = openEngine();
    const dir = tempHome();
    for (const name of [`${'a'.repeat(245)}.json`, `${'é'.repeat(117)}.json`]) {
      expect(Buffer.byteLength(name)).toBeGreaterThan(230);
      const out = join(dir, name);
      engine.transfer.exportToFile(out);
      expect(existsSync(out)).toBe(true);
    }
    // No temp file is left, and a temp name is never longer than a long target's own name.
    expect(readdirSync(dir).filter((f) => f.includes('.monad-tmp-'))).toEqual([]);
    const long = 'n'.repeat(255);
    expect(Buffer.byteLength(tempName(long, '.monad-tmp-12345-abcdef12'))).toBeLessThanOrEqual(255);
    expect(tempName('short.json', '.monad-tmp-1-ab')).toBe('.short.json.monad-tmp-1-ab');
  });

  it('a name too long for the disk is refused in words, not with a raw ENAMETOOLONG stack', () => {
    const engine = openEngine();
    const out = join(tempHome(), `${'b'.repeat(300)}.json`);
    expect(() => engine.transfer.exportToFile(out)).toThrow(/file name is too long/);
  });
});

describe('scope keys', () => {
  it('project:A and project:a are one scope and one file; agent:Default is agent:default', async () => {
    const engine = openEngine();
    const handlers = createHandlers(engine);
    engine.config.update((c) => ({ ...c, memory: { ...c.memory, factCheck: 'off' } }));
    const key = 'abcdef0123456789';
    const a = await dispatch(handlers, 'facts.add', { scope: `project:${key.toUpperCase()}`, text: 'The build uses pnpm' }, { egress: engine.egress });
    const b = await dispatch(handlers, 'facts.add', { scope: `project:${key}`, text: 'The tests run with vitest' }, { egress: engine.egress });
    expect(a.ok && b.ok).toBe(true);
    const files = readdirSync(engine.paths.memory).filter((f) => f.toLowerCase().startsWith('project-'));
    expect(files).toEqual([`project-${key}.md`]);
    const list = await dispatch(handlers, 'facts.list', { scope: `project:${key.toUpperCase()}` });
    expect(list.ok && (list.data as { facts: { text: string }[] }).facts.map((f) => f.text).sort()).toEqual(['The build uses pnpm', 'The tests run with vitest']);
    const agent = await dispatch(handlers, 'facts.add', { scope: 'agent:Default', text: 'Answers in Portuguese' });
    expect(agent.ok).toBe(true);
    expect(readdirSync(engine.paths.memory)).toContain('agent-default.md');
    expect(readdirSync(engine.paths.memory)).not.toContain('agent-Default.md');
  });

  it('refuses facts for an agent or a chat that does not exist, and says which', async () => {
    const engine = openEngine();
    const handlers = createHandlers(engine);
    const r = await dispatch(handlers, 'facts.add', { scope: 'agent:bob', text: 'Bob likes tea' });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.code).toBe('NOT_FOUND');
    expect(!r.ok && r.error.message).toContain('no agent "bob"');
    const s = await dispatch(handlers, 'facts.add', { scope: 'session:nope', text: 'x y z' });
    expect(!s.ok && s.error.code).toBe('NOT_FOUND');
    expect(readdirSync(engine.paths.memory).filter((f) => f.startsWith('agent-bob') || f.startsWith('session-nope'))).toEqual([]);
  });
});
