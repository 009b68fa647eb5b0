// Importing a large file is streamed: a 50 MB ChatGPT conversations.json must peak under 2× its size
// in memory (a 100 MB one peaked at 4.6–7× when the whole file was read, parsed and validated at once).
// Measured in a child process — peak resident set (getrusage) minus the resident set just before the
// import — so nothing of the test runner's own memory counts. The figure is printed for the record.
//
// Why 50 MB and not 100: the bound is a ratio, and a whole-file read breaks it at any size — the file's
// bytes, then the text as one UTF-16 string (it holds non-Latin-1 characters, so two bytes a character)
// are already 3× before parsing starts. What does not scale is the streamed import's fixed cost: some 26–29 MB at 10 MB and at 100 MB
// alike on a quiet machine (2.6× of a 10 MB file, 0.31× of a 100 MB one), 35 MB with both cores busy
// (0.9× of a 40 MB file). At 50 MB that is at most some 0.7×, clear of the 2× bound under load too, and
// the run costs half the 100 MB one (about 1 CPU-second per 2 MB imported: every message goes through the
// secret sanitizer). A smaller file would measure the fixed cost, not the stream.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempHome } from '../helpers/temp-home';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = resolve(ROOT, 'tests/fixtures/import-memory.ts');
const FILE_BYTES = 50_000_000;
/** The generator writes some 650 messages per MB (24 per chat); fewer means the import dropped chats. */
const MIN_MESSAGES = 30_000;

function child(args: string[], nodeFlags: string[] = []) {
  const res = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', SCRIPT, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 600_000, env: { ...process.env, MEM0_TELEMETRY: 'false' } });
  if (res.status !== 0) throw new Error(`import-memory.ts ${args[0]} failed (${res.status}): ${res.stderr}`);
  return res.stdout;
}

describe('import memory', () => {
  it('imports a 50 MB ChatGPT export peaking under 2× the file size', () => {
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
    expect(out.report.messages.added).toBeGreaterThan(MIN_MESSAGES);
    expect(out.deltaRss).toBeLessThan(2 * out.fileBytes);
  }, 900_000);
});
