// `monad mcp` from a cold start: spawn the built CLI on a fresh home (so the home is created and both
// databases migrated, as the first time an app starts it), connect with the MCP SDK's own Client over
// stdio, and time until `tools/list` is answered. Target: ≤ 1 s. Run alone with `npx tsx bench/mcp-cold-start.ts`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT } from './lib/serve';

export interface McpColdStartResult {
  runs: number;
  /** Spawn → tools/list answered, per run (ms). */
  samplesMs: number[];
  medianMs: number;
  maxMs: number;
  /** CPU time (user + system) the `monad mcp` process used up to the answer, per run; null off Linux. */
  cpuMs: (number | null)[];
  medianCpuMs: number | null;
  /** The 1-minute load average when the runs ended: wall times on a busy machine are mostly waiting. */
  loadAverage: number;
  tools: number;
}

/** utime + stime of a live process from /proc (Linux), in ms. */
function cpuOf(pid: number | null): number | null {
  if (!pid) return null;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
  } catch {
    return null;
  }
}

export async function runMcpColdStartBench(runs = 5): Promise<McpColdStartResult> {
  const entry = join(ROOT, 'out/cli/index.js');
  if (!existsSync(entry)) throw new Error('The CLI is not built: run `npm run build` first.');
  const samples: number[] = [];
  const cpu: (number | null)[] = [];
  let tools = 0;
  for (let i = 0; i < runs; i++) {
    const home = mkdtempSync(join(tmpdir(), 'monad-bench-mcp-'));
    const client = new Client({ name: 'monad-bench', version: '1' });
    try {
      const t0 = performance.now();
      const transport = new StdioClientTransport({ command: process.execPath, args: [entry, 'mcp', '--home', home], stderr: 'ignore' });
      await client.connect(transport);
      const list = await client.listTools();
      samples.push(performance.now() - t0);
      cpu.push(cpuOf(transport.pid));
      tools = list.tools.length;
    } finally {
      await client.close().catch(() => undefined);
      rmSync(home, { recursive: true, force: true });
    }
  }
  const sorted = [...samples].sort((a, b) => a - b);
  const cpuKnown = cpu.filter((c): c is number => c !== null).sort((a, b) => a - b);
  return {
    runs,
    samplesMs: samples,
    medianMs: sorted[Math.floor(sorted.length / 2)],
    maxMs: sorted[sorted.length - 1],
    cpuMs: cpu,
    medianCpuMs: cpuKnown.length ? cpuKnown[Math.floor(cpuKnown.length / 2)] : null,
    loadAverage: loadavg()[0],
    tools,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await runMcpColdStartBench();
  console.log(
    `monad mcp cold start to tools/list (${r.tools} tools): median ${r.medianMs.toFixed(0)} ms, max ${r.maxMs.toFixed(0)} ms over ${r.runs} runs; ` +
      `CPU used median ${r.medianCpuMs?.toFixed(0) ?? '?'} ms; load average ${r.loadAverage.toFixed(1)} on ${cpus().length} cores`,
  );
}
