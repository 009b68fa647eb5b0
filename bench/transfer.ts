// Issue 27's benchmark: export and import of a large home — 10,000 messages, 5,000 facts, 20,000 relations
// and 50,000 History entries — each ≤ 10 s, with peak memory ≤ 3× the archive's size.
//
// Each step runs in a process of its own (so one step's heap never counts in another's peak): the seed,
// the export to a file, the import of that file into a fresh home. A step measures its own wall time
// around the operation only, and its memory as the growth of the resident set from just before the
// operation to the process's high-water mark (`process.resourceUsage().maxRSS`), so the engine's own
// start-up is not charged to the archive.
// Run alone with `npm run bench -- transfer` or `npx tsx bench/transfer.ts`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Engine } from '../src/main/engine';
import { seedLargeGraph } from '../tests/helpers/seed-graph';

export const TRANSFER_TARGETS = { seconds: 10, memoryRatio: 3 } as const;
export const TRANSFER_SIZE = { messages: 10_000, facts: 5_000, relations: 20_000, history: 50_000 } as const;

const SESSIONS = 200;
const FACT_SCOPES = 10;
const WORDS = 'amber birch cobalt delta ember fjord garnet harbor iris juniper kestrel lumen maple nova onyx pine quartz raven sierra tundra'.split(' ');

interface StepResult {
  ms: number;
  rssGrowthBytes: number;
  archiveBytes?: number;
  detail?: unknown;
}

function open(home: string, now?: () => Date): Engine {
  return Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false }, ...(now ? { now } : {}) });
}

/** The large home, through the engine's own stores. */
function seed(home: string): unknown {
  const graph = seedLargeGraph(home, { nodes: 4_000, edges: TRANSFER_SIZE.relations, sessions: SESSIONS, messagesPerSession: TRANSFER_SIZE.messages / SESSIONS, supersededShare: 0.05 });
  let t = Date.parse('2026-06-01T08:00:00Z');
  const engine = open(home, () => new Date(t));
  try {
    // Facts said by the person in real messages (so each has a source), over several scopes.
    const messages = engine.appDb.prepare(`SELECT id, session_id FROM messages WHERE role = 'user' ORDER BY created_at, id`).all() as { id: string; session_id: string }[];
    const perScope = TRANSFER_SIZE.facts / FACT_SCOPES;
    // Two shared scopes and eight chats' own scopes, 500 facts each.
    for (let s = 0; s < FACT_SCOPES; s++) {
      for (let i = 0; i < perScope; i++) {
        const k = s * perScope + i;
        const m = messages[(s * 997 + i) % messages.length];
        const scope = s === 0 ? 'global' : s === 1 ? 'agent:default' : `session:${messages[s * 37].session_id}`;
        const by = { actor: 'person', source: { sessionId: m.session_id, messageId: m.id } } as const;
        engine.facts.ledger.as(by, () => engine.facts.memory.record(scope, `Fact ${k}: ${WORDS[k % WORDS.length]} ${WORDS[(k * 7) % WORDS.length]} is kept near ${WORDS[(k * 13) % WORDS.length]} number ${k}`));
        t += 1_000;
      }
    }
    // The rest of the History: edits and forgets of those facts, so the entries are real ones.
    const facts = engine.facts.memory.scopes().flatMap((s) => engine.facts.memory.read(s.scope).facts.map((f) => ({ scope: s.scope, id: f.id, text: f.text })));
    let entries = engine.memoryDb.prepare(`SELECT count(*) FROM memory_journal`).pluck().get() as number;
    let k = 0;
    engine.memoryDb.transaction(() => {
      while (entries < TRANSFER_SIZE.history) {
        const f = facts[k % facts.length];
        engine.journal.append({
          layer: 'facts',
          action: 'fact.edited',
          scope: f.scope,
          item: `fact:${f.id}`,
          actor: 'person',
          source: { via: 'app' },
          before: { scope: f.scope, id: f.id, text: `${f.text} (draft ${k})`, source: null },
          after: { scope: f.scope, id: f.id, text: f.text, source: null, existed: false },
          summary: `Edited “${f.text}”`,
        });
        entries++;
        k++;
        t += 1_000;
      }
    })();
    return { graph, facts: facts.length, history: entries, messages: engine.appDb.prepare(`SELECT count(*) FROM messages`).pluck().get() };
  } finally {
    engine.close();
  }
}

function measured(run: () => unknown): StepResult {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const t0 = performance.now();
  const detail = run();
  const ms = performance.now() - t0;
  const peak = process.resourceUsage().maxRSS * 1024;
  return { ms, rssGrowthBytes: Math.max(0, peak - before), detail };
}

function step(kind: string, home: string, file: string): StepResult {
  if (kind === 'seed') return measured(() => seed(home));
  const engine = open(home);
  try {
    if (kind === 'export') {
      const r = measured(() => engine.transfer.exportToFile(file, { force: true }));
      return { ...r, archiveBytes: statSync(file).size };
    }
    const r = measured(() => {
      const report = engine.transfer.importFile(file);
      return { messages: report.messages, facts: report.facts, graph: report.graph, laws: report.laws, leftOut: report.leftOut.length, refused: report.refusedTotal };
    });
    return { ...r, archiveBytes: statSync(file).size };
  } finally {
    engine.close();
  }
}

function child(kind: string, home: string, file: string): StepResult {
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', fileURLToPath(import.meta.url), 'step', kind, home, file], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`transfer bench step ${kind} failed (${r.status}): ${r.stderr.slice(-2000)}`);
  const last = r.stdout.trim().split('\n').at(-1)!;
  return JSON.parse(last) as StepResult;
}

export interface TransferBench {
  size: typeof TRANSFER_SIZE;
  archiveBytes: number;
  exportSeconds: number;
  importSeconds: number;
  exportMemoryRatio: number;
  importMemoryRatio: number;
  seeded: unknown;
  imported: unknown;
}

export async function runTransferBench(): Promise<TransferBench> {
  const dir = mkdtempSync(join(tmpdir(), 'monad-bench-transfer-'));
  try {
    const from = join(dir, 'from');
    const to = join(dir, 'to');
    const file = join(dir, 'archive.json');
    const seeded = child('seed', from, file);
    const exp = child('export', from, file);
    const imp = child('import', to, file);
    const bytes = exp.archiveBytes!;
    return {
      size: TRANSFER_SIZE,
      archiveBytes: bytes,
      exportSeconds: exp.ms / 1000,
      importSeconds: imp.ms / 1000,
      exportMemoryRatio: exp.rssGrowthBytes / bytes,
      importMemoryRatio: imp.rssGrowthBytes / bytes,
      seeded: seeded.detail,
      imported: imp.detail,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'step') {
  const [, , , kind, home, file] = process.argv;
  const r = step(kind, home, file);
  process.stdout.write(`\n${JSON.stringify(r)}\n`);
  process.exit(0);
} else if (import.meta.url === `file://${process.argv[1]}`) {
  runTransferBench().then((r) => console.log(JSON.stringify(r, null, 2)));
}
