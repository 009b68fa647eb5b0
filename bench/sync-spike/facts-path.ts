// The product path (src/main/sync/) on the benchmark's facts: home A with 5,000 facts in 10 scopes (the
// spike's fact texts) pushes them with `sync now`; a fresh home B pulls them into its Markdown files through
// MemoryDir, as every synced write goes (sanitizer, lock, History). Then a second, idle sync of B, and one
// new fact from A to B (two `sync now`, as the CLI runs them; the app will keep its connection open).
// Run alone with `npm run bench -- sync-facts` or `npx tsx bench/sync-spike/facts-path.ts`.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Engine } from '../../src/main/engine';
import { syncKinds } from '../../src/main/engine-sync';
import { startRelay } from '../../src/main/sync/relay';
import { syncNow } from '../../src/main/sync/sync-client';
import { factsDoc, SIZE, type FactRecord } from './workload';

export interface SyncFactsResult {
  facts: number;
  pushS: number;
  pullS: number;
  pullRssGrowthMB: number;
  idleResyncS: number;
  oneFactS: number;
}

export async function runSyncFactsBench(): Promise<SyncFactsResult> {
  const root = mkdtempSync(join(tmpdir(), 'monad-sync-facts-'));
  const relay = await startRelay({ dataDir: join(root, 'relay'), port: 0 });
  const open = (n: string): Engine => Engine.open({ home: join(root, n), host: 'cli', backgroundJobs: false, qdrant: { enabled: false } });
  const a = open('a');
  const b = open('b');
  const run = (e: Engine, n: string) => syncNow({ relayUrl: relay.url, space: 'bench', storeFile: join(root, n, 'sync', 'device.sqlite'), kinds: syncKinds(e) });
  try {
    for (let i = 0; i < SIZE.factScopes; i++) {
      const recs = Object.values(factsDoc(i).collections.facts) as FactRecord[];
      a.facts.memory.recordMany(recs[0].scope, recs.map((f) => f.text));
    }
    const facts = a.facts.memory.scopes().reduce((n, s) => n + s.count, 0);
    let t = performance.now();
    await run(a, 'a');
    const pushS = (performance.now() - t) / 1000;
    const rss0 = process.memoryUsage().rss;
    t = performance.now();
    const pulled = await run(b, 'b');
    const pullS = (performance.now() - t) / 1000;
    const pullRssGrowthMB = (process.memoryUsage().rss - rss0) / 1e6;
    if (pulled.received !== facts) throw new Error(`home B received ${pulled.received} of ${facts} facts`);
    t = performance.now();
    await run(b, 'b');
    const idleResyncS = (performance.now() - t) / 1000;
    a.facts.ledger.as({ actor: 'person' }, () => a.facts.memory.record('global', 'Recorded on A for the one-fact probe'));
    t = performance.now();
    await run(a, 'a');
    await run(b, 'b');
    const oneFactS = (performance.now() - t) / 1000;
    if (!b.facts.memory.read('global').facts.some((f) => f.text.startsWith('Recorded on A for the one-fact probe'))) throw new Error('the probe fact did not reach home B');
    return { facts, pushS, pullS, pullRssGrowthMB, idleResyncS, oneFactS };
  } finally {
    a.close();
    b.close();
    await relay.close();
    rmSync(root, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSyncFactsBench().then(
    (r) => console.log(JSON.stringify(r, null, 2)),
    (err) => {
      console.error(err);
      process.exitCode = 1;
    },
  );
}
