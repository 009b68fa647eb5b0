// One role of the spike in a process of its own (relay, device A, device B), so each one's memory and CPU
// are its own. Driven by the orchestrator (index.ts) over the Node IPC channel: { id, cmd, args } in,
// { id, ok, result | error } out, plus { event: 'seen', key, at } when a watched record arrives.
import { mkdirSync } from 'node:fs';
import { openAutomergeDevice, startAutomergeRelay } from './automerge-peer';
import type { Device, Relay, Versions } from './peer-types';
import { factTarget, homeDocs, newFact, type Layout } from './workload';
import { openYjsDevice, startYjsRelay } from './yjs-peer';

export type EngineName = 'automerge' | 'yjs';
const [engine, role, dir, name] = process.argv.slice(2) as [EngineName, 'relay' | 'device', string, string];
mkdirSync(dir, { recursive: true });

const now = (): number => performance.timeOrigin + performance.now();
const mb = (b: number): number => b / 1e6;
const usage = () => {
  const r = process.resourceUsage();
  return { rssMB: mb(process.memoryUsage().rss), maxRssMB: r.maxRSS / 1e3, cpuMs: (r.userCPUTime + r.systemCPUTime) / 1e3 };
};

let relay: Relay | null = null;
let device: Device | null = null;
const dev = (): Device => {
  if (!device) throw new Error('device not connected');
  return device;
};

const handlers: Record<string, (args: Record<string, unknown>) => Promise<unknown>> = {
  async start() {
    relay = engine === 'automerge' ? await startAutomergeRelay(dir) : await startYjsRelay(dir);
    return { url: relay.url, ...usage() };
  },
  async holds(a) {
    return relay!.holds(a.versions as Versions);
  },
  async connect(a) {
    device = engine === 'automerge' ? openAutomergeDevice(dir, name, String(a.url), a.evict === true) : openYjsDevice(dir, name, String(a.url));
    return usage();
  },
  async seed(a) {
    const before = usage();
    const t = performance.now();
    const docs = homeDocs(a.layout as Layout);
    const r = await dev().seed(docs);
    await dev().flush();
    return { ...r, seedMs: performance.now() - t, before, after: usage() };
  },
  async sync(a) {
    const before = usage();
    const t = performance.now();
    const r = await dev().syncAll(String(a.root), a.layout as Layout);
    await dev().flush();
    return { ...r, totalMs: performance.now() - t, before, after: usage() };
  },
  async watch(a) {
    const { doc, collection } = factTarget(a.layout as Layout);
    const key = String(a.key);
    void dev()
      .waitFor(doc, collection, key)
      .then(() => process.send!({ event: 'seen', key, at: now() }));
    return null;
  },
  async put(a) {
    const { doc, collection } = factTarget(a.layout as Layout);
    const fact = newFact(Number(a.n), name);
    const at = now();
    await dev().put(doc, collection, fact.id, fact);
    return { key: fact.id, at };
  },
  async idle(a) {
    const before = usage();
    await new Promise((r) => setTimeout(r, Number(a.ms)));
    const after = usage();
    return { cpuMs: after.cpuMs - before.cpuMs, rssMB: after.rssMB };
  },
  async usage() {
    return usage();
  },
  async stop() {
    await device?.close();
    await relay?.close();
    setTimeout(() => process.exit(0), 50);
    return null;
  },
};

process.on('message', (m: { id: number; cmd: string; args: Record<string, unknown> }) => {
  const h = handlers[m.cmd];
  if (!h) return process.send!({ id: m.id, ok: false, error: `unknown command ${m.cmd}` });
  h(m.args ?? {}).then(
    (result) => process.send!({ id: m.id, ok: true, result }),
    (err: Error) => process.send!({ id: m.id, ok: false, error: err.stack ?? String(err) }),
  );
});
process.send!({ event: 'ready' });
