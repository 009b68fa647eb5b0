// File modes of the Monad home (issue 14 §5): the home and every folder in it 0700, every file 0600, from
// the moment each is created; a home left readable by an older version is tightened on start, and the
// person is told once. Real engine, real files, real SQLite; modes read back with lstat.
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { homePaths, tightenHome } from '../../src/main/home';
import { tightenTree } from '../../src/main/fs/private-mode';
import { openEngine, tempHome } from '../helpers/temp-home';
import { runCli } from '../helpers/cli';

const posix = process.platform !== 'win32';
const mode = (path: string) => lstatSync(path).mode & 0o777;

/** Every file and folder under `root` (symlinks excluded), relative path → mode. */
function modesUnder(root: string): Map<string, number> {
  const out = new Map<string, number>([['.', mode(root)]]);
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const st = lstatSync(path);
      if (st.isSymbolicLink()) continue;
      out.set(relative(root, path), st.mode & 0o777);
      if (st.isDirectory()) walk(path);
    }
  };
  walk(root);
  return out;
}

/** What a home made by an older Monad looked like: folders 0755, files 0644. */
function loosen(root: string): void {
  for (const [rel] of modesUnder(root)) {
    const path = join(root, rel);
    chmodSync(path, lstatSync(path).isDirectory() ? 0o755 : 0o644);
  }
}

describe.skipIf(!posix)('home file modes', () => {
  it('a new home is owner-only: folders 0700 and files 0600, databases with their -wal/-shm, backups, memory, identity files', async () => {
    const engine = openEngine({ backgroundJobs: false });
    engine.providers.save({ id: 'openai', kind: 'openai', name: 'OpenAI', models: ['gpt-4o-mini'] }, 'sk-test-0123456789abcdefghijklmnop');
    engine.config.update((c) => c);
    expect(engine.facts.memory.record('global', 'Lives in Lisbon').status).toBe('recorded');
    engine.facts.identity.write('user', '# About me\nName: Ana\n', {});
    engine.facts.identity.write('soul', 'Calm and curious.', { agentId: 'default' });
    const backup = await engine.backups.create('manual');

    const root = engine.paths.root;
    const modes = modesUnder(root);
    // The ones the issue names must be there, so the walk below is not vacuous.
    for (const rel of ['config.json', 'secrets.json', 'memory/index.md', 'memory/global.md', 'db/app.sqlite', 'db/app.sqlite-wal', 'db/app.sqlite-shm', 'db/memory.sqlite', 'logs', `backups/${backup.name}/app.sqlite`, `backups/${backup.name}/manifest.json`, 'core/USER.md', 'agents/default/SOUL.md']) {
      expect(modes.has(rel), rel).toBe(true);
    }
    const loose = [...modes].filter(([rel, m]) => m !== (lstatSync(join(root, rel)).isDirectory() ? 0o700 : 0o600));
    expect(loose.map(([rel, m]) => `${rel} ${m.toString(8)}`)).toEqual([]);
  });

  it('a database restored from a backup made 0644 by an older version is put in place owner-only', async () => {
    const home = tempHome();
    const first = openEngine({ home, backgroundJobs: false });
    const set = await first.backups.create('manual');
    for (const f of ['app.sqlite', 'memory.sqlite']) chmodSync(join(home, 'backups', set.name, f), 0o644);
    first.backups.stageRestore(set.name);
    first.close();
    const second = openEngine({ home, backgroundJobs: false });
    expect(second.notices.map((n) => n.code)).toContain('restore-applied');
    expect(mode(second.paths.appDb)).toBe(0o600);
    expect(mode(second.paths.memoryDb)).toBe(0o600);
  });

  it('an existing loose home is tightened on start and the person is told once; links and what they point to are left alone', () => {
    const home = tempHome();
    openEngine({ home, backgroundJobs: false }).close();
    const outside = join(tempHome(), 'project-notes.md');
    writeFileSync(outside, 'not Monad’s', { mode: 0o644 });
    chmodSync(outside, 0o644);
    symlinkSync(outside, join(home, 'core', 'linked.md'));
    loosen(home);
    expect(mode(home)).toBe(0o755);
    expect(mode(join(home, 'config.json'))).toBe(0o644);

    const stderr = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const engine = openEngine({ home, backgroundJobs: false });
    const said = engine.notices.filter((n) => n.code === 'home-permissions-tightened');
    expect(said).toHaveLength(1);
    expect(said[0].level).toBe('warning');
    expect(said[0].message).toContain('config.json');
    expect(engine.status().notices.map((n) => n.code)).toContain('home-permissions-tightened');
    expect(stderr.mock.calls.some((c) => /could read part of Monad's home/.test(String(c[0])))).toBe(true);

    const modes = modesUnder(home);
    for (const [rel, m] of modes) expect(m & 0o077, `${rel} ${m.toString(8)}`).toBe(0);
    expect(mode(join(home, 'config.json'))).toBe(0o600);
    expect(mode(join(home, 'db'))).toBe(0o700);
    expect(mode(outside)).toBe(0o644);
    engine.close();

    stderr.mockClear();
    const again = openEngine({ home, backgroundJobs: false });
    expect(again.notices.filter((n) => n.code === 'home-permissions-tightened')).toEqual([]);
    expect(stderr.mock.calls.some((c) => /could read part of Monad's home/.test(String(c[0])))).toBe(false);
    stderr.mockRestore();
  });

  it('files other programs keep in the home are tightened without a notice (Chromium profile, mem0, qdrant)', () => {
    const home = tempHome();
    openEngine({ home, backgroundJobs: false }).close();
    mkdirSync(join(home, 'memory', 'mem0'), { recursive: true, mode: 0o700 });
    mkdirSync(join(home, 'db', 'qdrant', 'storage'), { recursive: true, mode: 0o700 });
    for (const rel of ['Preferences', 'memory/mem0/config.json', 'db/qdrant/storage/segment.dat']) {
      writeFileSync(join(home, rel), 'x');
      chmodSync(join(home, rel), 0o644);
    }
    const engine = openEngine({ home, backgroundJobs: false });
    expect(engine.notices.filter((n) => n.code === 'home-permissions-tightened')).toEqual([]);
    for (const rel of ['Preferences', 'memory/mem0/config.json', 'db/qdrant/storage/segment.dat']) expect(mode(join(home, rel)), rel).toBe(0o600);
  });

  it('the CLI says so on stderr, once', () => {
    const home = tempHome();
    expect(runCli(['status', '--home', home]).code).toBe(0);
    loosen(home);
    const first = runCli(['status', '--home', home]);
    expect(first.code).toBe(0);
    expect(first.stderr).toMatch(/could read part of Monad's home/);
    expect(mode(join(home, 'config.json'))).toBe(0o600);
    const second = runCli(['status', '--home', home]);
    expect(second.stderr).not.toMatch(/could read part of Monad's home/);
  }, 120_000);

  it('an import leaves nothing readable by others, so the next start has nothing to say', () => {
    const source = openEngine({ backgroundJobs: false });
    source.agents.create({ id: 'coach', name: 'Coach', description: 'Running coach' });
    source.facts.identity.write('soul', 'Be kind.', { agentId: 'coach' });
    source.facts.memory.record('agent:coach', 'Runs on Sundays');
    const home = tempHome();
    const target = openEngine({ home, backgroundJobs: false });
    target.transfer.importText(source.transfer.exportText());
    const loose = [...modesUnder(home)].filter(([, m]) => m & 0o077);
    expect(loose.map(([rel, m]) => `${rel} ${m.toString(8)}`)).toEqual([]);
    target.close();
    expect(openEngine({ home, backgroundJobs: false }).notices.map((n) => n.code)).not.toContain('home-permissions-tightened');
  });

  it('a project’s AGENTS.md keeps the mode of a project file; identity files in the home are 0600', () => {
    const engine = openEngine({ backgroundJobs: false });
    const workspace = tempHome();
    writeFileSync(join(workspace, 'AGENTS.md'), 'old', { mode: 0o644 });
    chmodSync(join(workspace, 'AGENTS.md'), 0o644);
    engine.facts.identity.write('workspace', '# Project\nBuild with make.', { workspace });
    expect(mode(join(workspace, 'AGENTS.md'))).toBe(0o644);
    engine.facts.identity.write('agents', '# Instructions\nPrefer short answers.', { agentId: 'default' });
    expect(mode(join(engine.paths.agents, 'default', 'AGENTS.md'))).toBe(0o600);
    expect(mode(join(engine.paths.agents, 'default'))).toBe(0o700);
  });
});

describe('on Windows, modes are not touched', () => {
  it('tightenTree and tightenHome do nothing and say nothing', () => {
    const root = tempHome();
    writeFileSync(join(root, 'config.json'), '{}');
    if (posix) chmodSync(join(root, 'config.json'), 0o644);
    const before = mode(join(root, 'config.json'));
    expect(tightenTree(root, 'win32')).toEqual({ changed: [], scanned: 0 });
    expect(tightenHome(homePaths(root), () => new Date(), 'win32')).toBeNull();
    expect(mode(join(root, 'config.json'))).toBe(before);
    expect(existsSync(join(root, 'config.json'))).toBe(true);
  });
});
