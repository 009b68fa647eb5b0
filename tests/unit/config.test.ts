import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultConfig, idSchema, isValidId } from '../../src/shared/config';
import { slugifyAgentId } from '../../src/main/agents/agent-service';
import { MonadError } from '../../src/shared/errors';
import { MAX_CONFIG_BYTES } from '../../src/main/config/load';
import { deepMerge } from '../../src/main/config/merge';
import { openEngine, tempHome, waitFor } from '../helpers/temp-home';

describe('config.json', () => {
  it('is created with defaults and a default agent on first run', () => {
    const engine = openEngine();
    const onDisk = JSON.parse(readFileSync(engine.paths.config, 'utf8'));
    expect(onDisk.agent.agents).toHaveLength(1);
    expect(onDisk.agent.agents[0].id).toBe('default');
    expect(engine.config.get()).toEqual(defaultConfig());
    expect(engine.status().config).toMatchObject({ ok: true, error: null });
  });

  it('hot-reloads a valid edit made on disk', async () => {
    const engine = openEngine({ watchConfig: true });
    const seen: string[] = [];
    engine.events.subscribe((e) => seen.push(e.name));
    const cfg = JSON.parse(readFileSync(engine.paths.config, 'utf8'));
    cfg.memory.decay.halfLifeDays = 30;
    writeFileSync(engine.paths.config, JSON.stringify(cfg));
    await waitFor(() => engine.config.get().memory.decay.halfLifeDays === 30, 3000, 'reload');
    expect(seen).toContain('config.changed');
  });

  it('keeps the last good config on a broken edit, reports it, and recovers when fixed', async () => {
    const engine = openEngine({ watchConfig: true });
    engine.agents.create({ name: 'Researcher' });
    const good = readFileSync(engine.paths.config, 'utf8');
    writeFileSync(engine.paths.config, good.slice(0, 40) + '\n  oops');
    await waitFor(() => !engine.status().config.ok, 3000, 'error reported');
    const status = engine.status();
    expect(status.config.error).toMatch(/not valid JSON.*line \d+, column \d+/);
    expect(engine.agents.list().map((a) => a.name)).toEqual(['Monad', 'Researcher']);
    // Saving through the app while the file is broken would discard the person's edit: refused.
    expect(() => engine.agents.create({ name: 'Third' })).toThrow(MonadError);
    expect(readFileSync(engine.paths.config, 'utf8')).toContain('oops');

    writeFileSync(engine.paths.config, good);
    await waitFor(() => engine.status().config.ok, 3000, 'recovery');
    expect(engine.status().config.error).toBeNull();
  });

  it('reports wrong types with the path of the problem', () => {
    const engine = openEngine();
    writeFileSync(engine.paths.config, JSON.stringify({ agent: { agents: [{ id: 'Bad Id!', name: 5 }] } }));
    engine.config.reload();
    const { config } = engine.status();
    expect(config.ok).toBe(false);
    expect(config.error).toMatch(/agent\.agents\.0\.id/);
    expect(config.error).toMatch(/agent\.agents\.0\.name/);
    expect(engine.agents.list()[0].id).toBe('default');
  });

  it('refuses a huge file without reading it', () => {
    const engine = openEngine();
    writeFileSync(engine.paths.config, ' '.repeat(MAX_CONFIG_BYTES + 10));
    engine.config.reload();
    expect(engine.status().config.error).toMatch(/MB; the limit is/);
  });

  it('starts on defaults when the file is broken at launch, and leaves the file alone', () => {
    const home = tempHome();
    const first = openEngine({ home });
    first.close();
    writeFileSync(first.paths.config, '{ nope');
    const engine = openEngine({ home });
    expect(engine.status().config.ok).toBe(false);
    expect(engine.agents.list()).toHaveLength(1);
    expect(readFileSync(engine.paths.config, 'utf8')).toBe('{ nope');
  });

  it('puts the file back when it is deleted on disk', () => {
    const engine = openEngine();
    engine.agents.create({ name: 'Keeper' });
    rmSync(engine.paths.config);
    engine.config.reload();
    expect(JSON.parse(readFileSync(engine.paths.config, 'utf8')).agent.agents.map((a: { name: string }) => a.name)).toEqual([
      'Monad',
      'Keeper',
    ]);
    expect(engine.status().config.ok).toBe(true);
  });

  it('deepMerge merges objects, replaces arrays, deletes on null, ignores __proto__', () => {
    const merged = deepMerge({ a: { b: 1, c: 2 }, list: [1, 2], gone: 1 } as Record<string, unknown>, JSON.parse('{"a":{"c":3},"list":[9],"gone":null,"__proto__":{"polluted":true}}'));
    expect(merged).toEqual({ a: { b: 1, c: 3 }, list: [9] });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe('ids Windows reserves for devices', () => {
  const reserved = ['con', 'nul', 'aux', 'prn', 'com1', 'com9', 'lpt1', 'lpt3'];

  it('are refused as agent and provider ids by the shared schema, and by agents.create over the engine', () => {
    for (const id of reserved) {
      expect(idSchema.safeParse(id).success, id).toBe(false);
      expect(isValidId(id), id).toBe(false);
    }
    // Neighbours of the reserved names are ordinary ids.
    for (const id of ['con-1', 'console', 'nul_', 'com10', 'auxiliary', 'lpt']) expect(idSchema.safeParse(id).success, id).toBe(true);
    const engine = openEngine();
    expect(() => engine.agents.create({ id: 'con', name: 'Console' })).toThrow();
    expect(engine.agents.list().map((a) => a.id)).not.toContain('con');
  });

  it('a name that slugifies to a reserved id gets a safe id instead', () => {
    expect(slugifyAgentId('NUL')).toBe('nul-agent');
    expect(slugifyAgentId('Com1')).toBe('com1-agent');
    expect(slugifyAgentId('Console')).toBe('console');
  });
});
