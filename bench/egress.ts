// Issue 26 §2's benchmark: the egress filter adds ≤ 1 ms p95 to `memory_search` at 10,000 facts. A home
// with 10,000 facts (a hand-written global.md, as a person or an older version may leave it), eight
// stored secrets (provider keys and tool-server tokens of different shapes), and the MCP tool called
// through the SDK's own Client over an in-memory transport, so what is timed is Monad's side only:
//  - the filter alone on each real result (the figure the target is about: what the filter adds);
//  - memory_search end to end, once through a transport without the filter and once with it (context:
//    on a noisy machine their difference wanders by more than the filter costs).
// Run alone with `npx tsx bench/egress.ts`.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { Engine } from '../src/main/engine';
import { createMcpConnection } from '../src/main/mcp/mcp-server';
import { filterOutgoing } from '../src/main/secrets/egress-transport';
import { percentile, round } from './lib/stats';

export const EGRESS_TARGET_MS = 1;
const FACTS = 10_000;
const QUERIES = 300;

const TOPICS = ['garden', 'bees', 'Porto', 'sister Ana', 'cycling', 'tea', 'the lab', 'Rust', 'piano', 'Lisbon flat', 'hiking', 'the API gateway'];
const SECRETS = [
  'sk-proj-Q2x9LmN4pR7tV1wY3zA5bC8dE0fG2hJ4kL6mN8pQ',
  'sk-ant-api03-abcdEFGHijklMNOPqrstUVWXyz0123456789-_abcdEF',
  'zq-custom-7f3a9b2c1d5e',
  'tt_local_9c8b7a6d5e4f3a2b',
  'ghp_0123456789abcdefghijABCDEFGHIJ012345',
  'local-ollama-token-5581',
  'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx',
  'glpat-AbCdEfGhIjKlMnOpQrSt',
];

export interface EgressBenchResult {
  facts: number;
  secrets: number;
  queries: number;
  filterMs: { p50: number; p95: number; max: number };
  withoutFilterMs: { p50: number; p95: number };
  withFilterMs: { p50: number; p95: number };
  resultChars: { p50: number; max: number };
  met: boolean;
  loadAvg: number[];
}

function seedFacts(home: string): void {
  const dir = join(home, 'memory');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lines: string[] = [];
  for (let i = 0; i < FACTS; i++) {
    const topic = TOPICS[i % TOPICS.length];
    // One fact in a thousand holds a key that reached memory before it was stored: the filter must act.
    const tail = i % 1000 === 7 ? ` (the token was ${SECRETS[((i / 1000) | 0) % SECRETS.length]})` : '';
    lines.push(`- The user mentioned detail ${i} about ${topic}, noted in week ${i % 52}${tail}`);
  }
  writeFileSync(join(dir, 'global.md'), `---\nscope: global\nupdated: 2026-12-01T00:00:00.000Z\ncount: ${FACTS}\n---\n\n# Memory — global\n\n${lines.join('\n')}\n`, { mode: 0o600 });
}

async function connect(engine: Engine, filtered: boolean): Promise<Client> {
  const conn = createMcpConnection(engine, engine.mcpClients, { agentId: 'default', readOnly: true, transport: 'stdio', caller: { kind: 'keyless' }, log: () => undefined });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await conn.server.connect(filtered ? filterOutgoing(serverSide, engine.egress) : serverSide);
  const client = new Client({ name: 'bench', version: '1' });
  await client.connect(clientSide);
  return client;
}

export async function runEgressBench(): Promise<EgressBenchResult> {
  const home = mkdtempSync(join(tmpdir(), 'monad-bench-egress-'));
  try {
    seedFacts(home);
    const engine = Engine.open({ home, host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
    try {
      SECRETS.forEach((s, i) => engine.secrets.set(`bench/${i}`, s, { origin: `https://p${i}.example` }));
      const queries = Array.from({ length: QUERIES }, (_, i) => `${TOPICS[i % TOPICS.length]} detail ${i * 31}`);
      const plain = await connect(engine, false);
      const guarded = await connect(engine, true);
      const call = (c: Client, q: string) => c.callTool({ name: 'memory_search', arguments: { query: q } });
      // Warm-up: the search index, the compiled secret forms, the JIT.
      for (const q of queries.slice(0, 30)) {
        await call(plain, q);
        await call(guarded, q);
      }
      const without: number[] = [];
      const withF: number[] = [];
      const filter: number[] = [];
      const sizes: number[] = [];
      for (const q of queries) {
        let t = performance.now();
        const r = await call(plain, q);
        without.push(performance.now() - t);
        t = performance.now();
        await call(guarded, q);
        withF.push(performance.now() - t);
        // The filter alone on this very result (as the transport hands it over: the JSON-RPC message).
        const message = { jsonrpc: '2.0', id: 1, result: r };
        t = performance.now();
        engine.egress.value(message);
        filter.push(performance.now() - t);
        sizes.push(JSON.stringify(r).length);
      }
      await plain.close();
      await guarded.close();
      const p95 = percentile(filter, 95);
      return {
        facts: FACTS,
        secrets: SECRETS.length,
        queries: QUERIES,
        filterMs: { p50: round(percentile(filter, 50)), p95: round(p95), max: round(Math.max(...filter)) },
        withoutFilterMs: { p50: round(percentile(without, 50)), p95: round(percentile(without, 95)) },
        withFilterMs: { p50: round(percentile(withF, 50)), p95: round(percentile(withF, 95)) },
        resultChars: { p50: percentile(sizes, 50), max: Math.max(...sizes) },
        met: p95 <= EGRESS_TARGET_MS,
        loadAvg: loadavg(),
      };
    } finally {
      engine.close();
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  runEgressBench().then((r) => console.log(JSON.stringify(r, null, 2)));
}
