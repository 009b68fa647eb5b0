// How the suite is laid out for speed must not change what the tests check. Two rules, read from the
// files themselves so a new test is covered without anyone updating a list:
// - a unit or integration test file that mocks a module or touches process-wide state runs in a process
//   of its own (vitest.config.mts: the shared module graph would ignore its mock or pass its state on);
// - an e2e spec runs axe through tests/e2e/axe.ts, which skips the library's per-check set-up only where
//   that gives the same results (no frames) and otherwise does exactly what the library does.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import config from '../../vitest.config.mjs';

const ROOT = join(import.meta.dirname, '..', '..');
const read = (rel: string) => readFileSync(join(ROOT, rel), 'utf8');

interface Project {
  test: { name: string; include?: string[]; exclude?: string[]; isolate?: boolean };
}

describe('vitest projects', () => {
  const projects = (config.test?.projects ?? []) as Project[];
  const unit = projects.find((p) => p.test.name === 'unit');
  const integration = projects.find((p) => p.test.name === 'integration');
  const isolated = projects.find((p) => p.test.name === 'isolated');
  const filesOf = (dir: string) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => f.endsWith('.test.ts'))
      .map((f) => `${dir}/${f}`);
  // What a shared module graph cannot give a file: its own copy of a module, or process state of its own.
  const processWide = /\bvi\.(mock|doMock|hoisted|stubEnv|stubGlobal|useFakeTimers|resetModules)\(|process\.env\.\w+\s*=[^=]|process\.(chdir|umask)\(|^\/\/ own process: /m;

  it('unit and integration files share a module graph per project; reliability and architecture files each get a fresh process', () => {
    expect(unit?.test).toMatchObject({ include: ['tests/unit/**/*.test.ts'], isolate: false });
    expect(integration?.test).toMatchObject({ include: ['tests/integration/**/*.test.ts'], isolate: false });
    expect(isolated?.test.isolate).toBe(true);
    expect(isolated?.test.include).toEqual(expect.arrayContaining(['tests/reliability/**/*.test.ts', 'tests/architecture/**/*.test.ts']));
  });

  for (const [dir, shared, known] of [
    ['tests/unit', unit, ['tests/unit/token-compare.test.ts', 'tests/unit/private-mode.test.ts', 'tests/unit/history-format.test.ts']],
    ['tests/integration', integration, ['tests/integration/mcp-client.test.ts', 'tests/integration/qdrant-mirror.test.ts', 'tests/integration/mem0-lazy.test.ts']],
  ] as const) {
    it(`every ${dir} file that mocks or changes process-wide state is isolated, and only those`, () => {
      const files = filesOf(dir);
      const needing = files.filter((f) => processWide.test(read(f)));
      // Known members of the class, so the rule cannot silently match nothing.
      expect(needing).toEqual(expect.arrayContaining([...known]));
      expect(shared?.test.exclude ?? []).toEqual(expect.arrayContaining(needing));
      expect(isolated?.test.include ?? []).toEqual(expect.arrayContaining(needing));
      // Most files stay shared, or the speed-up is gone.
      expect((shared?.test.exclude ?? []).length).toBeLessThan(files.length / 4);
    });
  }
});

describe('e2e specs', () => {
  it('run axe through tests/e2e/axe.ts, never the library directly', () => {
    const specs = readdirSync(join(ROOT, 'tests/e2e')).filter((f) => f.endsWith('.ts') && f !== 'axe.ts');
    const direct = specs.filter((f) => /from\s+['"]@axe-core\/playwright['"]/.test(read(`tests/e2e/${f}`)));
    expect(direct, 'import AxeBuilder from ./axe instead (same results, without a second of set-up per check)').toEqual([]);
    const users = specs.filter((f) => /from\s+['"]\.\/axe['"]/.test(read(`tests/e2e/${f}`)));
    expect(users.length).toBeGreaterThan(0);
  });
});
