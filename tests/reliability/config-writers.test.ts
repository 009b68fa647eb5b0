// Settings have one writer at a time and never a stale copy (issue 32 §1). Every Monad process (the app,
// `monad serve`, each CLI command) holds its own copy of config.json; a write used to replace the file
// with that copy plus its change, so two processes writing at once lost one change, and a process that
// had opened the home earlier put back what the person had since changed.
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigStore } from '../../src/main/config/store';
import { Engine } from '../../src/main/engine';
import { spawnCli } from '../helpers/cli';
import { tempHome } from '../helpers/temp-home';

describe('config.json writers', () => {
  it('6 processes × 5 agents added at once: all 30 land, none lost', async () => {
    const path = join(tempHome(), 'config.json');
    ConfigStore.open(path).close();
    const script = resolve(import.meta.dirname, '../fixtures/config-writer.ts');
    const children = Array.from({ length: 6 }, (_, p) => {
      const c = spawn(process.execPath, ['--import', 'tsx', script, path, String(p), '5'], { stdio: ['pipe', 'pipe', 'pipe'] });
      let out = '';
      let err = '';
      c.stderr.on('data', (x) => (err += x));
      const ready = new Promise<void>((res, rej) => {
        c.stdout.on('data', (x) => {
          out += x;
          if (out.startsWith('ready\n')) res();
        });
        c.once('exit', (code) => rej(new Error(`writer ${p} exited ${code} before it was ready: ${err}`)));
      });
      const done = new Promise<{ acquired: number; waited: number }>((res, rej) =>
        c.once('exit', (code) => (code === 0 ? res(JSON.parse(out.split('\n')[1])) : rej(new Error(`writer ${p} exited ${code}: ${err}`)))),
      );
      return { c, ready, done };
    });
    await Promise.all(children.map((k) => k.ready));
    for (const k of children) k.c.stdin.end('go\n');
    await Promise.all(children.map((k) => k.done));
    const agents = JSON.parse(readFileSync(path, 'utf8')).agent.agents.map((a: { id: string }) => a.id);
    const expected = Array.from({ length: 6 }, (_, p) => Array.from({ length: 5 }, (_, i) => `p${p}-a${i}`)).flat();
    expect(agents.filter((id: string) => id !== 'default').sort()).toEqual(expected.sort());
  }, 120_000);

  it("a process holding an older copy applies only its own change: the person's switch stays off", () => {
    const path = join(tempHome(), 'config.json');
    // The import's process opened the home first, while the listener was on.
    const app = ConfigStore.open(path);
    app.update((c) => {
      c.integrations.mcpHttp.enabled = true;
      return c;
    });
    const importer = ConfigStore.open(path);
    expect(importer.get().integrations.mcpHttp.enabled).toBe(true);
    // The person turns the listener off in the app.
    app.update((c) => {
      c.integrations.mcpHttp.enabled = false;
      return c;
    });
    // The import ends and adds its agent from its own, older copy.
    importer.update((c) => {
      c.agent.agents.push({ ...c.agent.agents[0], id: 'imported', name: 'Imported' });
      return c;
    });
    const onDisk = JSON.parse(readFileSync(path, 'utf8'));
    expect(onDisk.integrations.mcpHttp.enabled).toBe(false);
    expect(onDisk.agent.agents.map((a: { id: string }) => a.id)).toContain('imported');
    // And the importer's own view caught up with the person's change, telling its listeners.
    expect(importer.get().integrations.mcpHttp.enabled).toBe(false);
    app.close();
    importer.close();
  });

  it('a broken file on disk refuses the write and keeps the broken text for the person to fix', () => {
    const path = join(tempHome(), 'config.json');
    const store = ConfigStore.open(path);
    const broken = '{ "agent": ';
    writeFileSync(path, broken);
    expect(() => store.update((c) => c)).toThrow(/config.json has an error/);
    expect(readFileSync(path, 'utf8')).toBe(broken);
    store.close();
  });

  it('6 `monad import`s at once, each bringing one agent: all six agents are in the settings', async () => {
    const home = tempHome();
    Engine.open({ home, host: 'cli', backgroundJobs: false }).close();
    const dir = tempHome();
    const files = Array.from({ length: 6 }, (_, i) => {
      const f = join(dir, `agent-${i}.json`);
      writeFileSync(f, JSON.stringify({ format: 'monad-export', version: 1, config: { agent: { agents: [{ id: `imported-${i}`, name: `Imported ${i}` }] } } }));
      return f;
    });
    const runs = files.map(
      (f) =>
        new Promise<{ code: number | null; err: string }>((res) => {
          const c = spawnCli(['import', f, '--home', home]);
          let err = '';
          c.stderr!.on('data', (x) => (err += x));
          c.once('exit', (code) => res({ code, err }));
        }),
    );
    const results = await Promise.all(runs);
    expect(results.map((r) => r.code), results.map((r) => r.err).join('\n')).toEqual([0, 0, 0, 0, 0, 0]);
    const ids = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')).agent.agents.map((a: { id: string }) => a.id);
    expect(ids.filter((id: string) => id.startsWith('imported-')).sort()).toEqual(files.map((_, i) => `imported-${i}`));
  }, 180_000);
});
