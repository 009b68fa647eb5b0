// Importing a large file is streamed: a 100 MB ChatGPT conversations.json must peak under 2× its size
// in memory (it peaked at ~7× when the whole file was read, parsed and validated at once). Measured in a
// child process — peak resident set (getrusage) minus the resident set just before the import — so
// nothing of the test runner's own memory counts. The figure is printed for the record.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/temp-home';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = resolve(ROOT, 'tests/fixtures/import-memory.ts');
const FILE_BYTES = 100_000_000;

function child(args: string[], nodeFlags: string[] = []) {
  const res = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 600_000, env: { ...process.env, MEM0_TELEMETRY: 'false' } });
  if (res.status !== 0) throw new Error(`import-memory.ts ${args[0]} failed (${res.status}): ${res.stderr}`);
  return res.stdout;
}

describe('import memory', () => {
  it('imports a 100 MB ChatGPT export peaking under 2× the file size', () => {
    const file = join(tempHome(), 'conversations.json');
    child(['write', file, String(FILE_BYTES)]);
    const out = JSON.parse(child(['import', file, tempHome()], ['--expose-gc']).trim().split('\n').pop()!) as {
      fileBytes: number;
      deltaRss: number;
      ratio: number;
      ms: number;
      report: { sessions: { added: number }; messages: { added: number } };
    };
    const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
    console.log(
      `[import-memory] ${mb(out.fileBytes)} MB file: peak RSS ${mb(out.deltaRss)} MB above baseline = ${out.ratio.toFixed(2)}× the file, ` +
        `${out.report.sessions.added} chats / ${out.report.messages.added} messages in ${(out.ms / 1000).toFixed(1)} s`,
    );
    expect(out.fileBytes).toBeGreaterThanOrEqual(FILE_BYTES);
    expect(out.report.messages.added).toBeGreaterThan(50_000);
    expect(out.deltaRss).toBeLessThan(2 * out.fileBytes);
  }, 900_000);
});
