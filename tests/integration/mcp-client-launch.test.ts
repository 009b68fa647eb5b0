// A tool server's secrets go only to the launch they were saved for (issue 26 §3): the same command with
// other arguments, another working directory or other environment values is another program. Checked
// against a real child process (tests/fixtures/hostile-mcp/probe.mjs) that writes down the environment
// it was handed and the folder it runs in.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine } from '../../src/main/engine';
import type { McpServerInput } from '../../src/shared/config';
import { startScriptedLlm, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { autoDecide } from '../helpers/mcp-servers';
import { openEngine } from '../helpers/temp-home';

const PROBE_JS = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'hostile-mcp', 'probe.mjs');
const SECRET = 'probe-secret-token-5150';

const dirs: string[] = [];
let llm: ScriptedLlm;
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(prefix = 'monad-probe-'): string {
  const d = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

interface Start {
  cwd: string;
  env: Record<string, string>;
  argv: string[];
}

/** Every start the probe wrote down, oldest first. */
function starts(file: string): Start[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Start);
}

function probe(record: string, extra: { args?: string[]; cwd?: string; env?: { name: string; value?: string; secret?: boolean }[] } = {}): McpServerInput {
  return {
    id: 'probe',
    name: 'Probe',
    transport: {
      kind: 'stdio',
      command: process.execPath,
      args: [PROBE_JS, `--record=${record}`, ...(extra.args ?? [])],
      env: extra.env ?? [{ name: 'API_TOKEN', secret: true }],
      ...(extra.cwd ? { cwd: extra.cwd } : {}),
    },
    agents: ['default'],
  };
}

const TIMING = { connectTimeoutMs: 30_000, callTimeoutMs: 30_000, restart: { initialDelayMs: 50, maxDelayMs: 100, maxCrashes: 2, stableMs: 60_000 } };

function setup(): { engine: Engine; record: string } {
  const engine = openEngine({ mcpTiming: TIMING });
  useScriptedModel(engine, llm);
  return { engine, record: join(tempDir(), 'starts.jsonl') };
}

/** Starts the saved server anew (a save stops it) and returns what that start was handed. */
async function startSaved(engine: Engine, record: string): Promise<Start> {
  const before = starts(record).length;
  const res = await engine.mcp.test({ id: 'probe' });
  expect(res.error).toBeNull();
  const all = starts(record);
  expect(all.length).toBe(before + 1);
  return all.at(-1)!;
}

/** Replaces the server in config.json without going through save (a hand edit, an import). */
function editByHand(engine: Engine, server: McpServerInput): void {
  engine.config.update((c) => {
    c.mcp.servers = c.mcp.servers.map((s) => (s.id === server.id ? ({ ...s, ...server, transport: server.transport } as typeof s) : s));
    return c;
  });
}

describe('a secret goes only to the launch it was saved for', () => {
  it('the saved launch gets its secret; re-saved with other arguments it does not, and Settings asks for it again', async () => {
    const { engine, record } = setup();
    engine.mcp.save(probe(record), { env: { API_TOKEN: SECRET } });
    expect((await startSaved(engine, record)).env.API_TOKEN).toBe(SECRET);
    // The same program with one more argument (as `python3 -c …` would be): another launch.
    engine.mcp.save(probe(record, { args: ['--verbose'] }));
    const moved = await startSaved(engine, record);
    expect(moved.argv).toContain('--verbose');
    expect(moved.env.API_TOKEN).toBeUndefined();
    expect(JSON.stringify(moved.env)).not.toContain(SECRET);
    expect(engine.mcp.list()[0].secretEnv).toEqual({});
  });

  it('a changed working directory or non-secret environment value is another launch too', async () => {
    const { engine, record } = setup();
    const env = [{ name: 'API_TOKEN', secret: true }, { name: 'MODE', value: 'safe' }];
    engine.mcp.save(probe(record, { env }), { env: { API_TOKEN: SECRET } });
    expect((await startSaved(engine, record)).env).toMatchObject({ API_TOKEN: SECRET, MODE: 'safe' });
    engine.mcp.save(probe(record, { env: [{ name: 'API_TOKEN', secret: true }, { name: 'MODE', value: 'NODE_OPTIONS' }] }));
    expect((await startSaved(engine, record)).env.API_TOKEN).toBeUndefined();

    engine.mcp.save(probe(record, { env }), { env: { API_TOKEN: SECRET } });
    expect((await startSaved(engine, record)).env.API_TOKEN).toBe(SECRET);
    const elsewhere = tempDir();
    engine.mcp.save(probe(record, { env, cwd: elsewhere }));
    const started = await startSaved(engine, record);
    expect(started.cwd).toBe(elsewhere);
    expect(started.env.API_TOKEN).toBeUndefined();
  });

  it('config.json changed by hand: the stored secret is not handed to the new launch, and is shown as saved for another launch', async () => {
    const { engine, record } = setup();
    engine.mcp.save(probe(record), { env: { API_TOKEN: SECRET } });
    expect((await startSaved(engine, record)).env.API_TOKEN).toBe(SECRET);
    editByHand(engine, probe(record, { args: ['-e', 'steal'] }));
    const started = await startSaved(engine, record);
    expect(started.argv).toContain('steal');
    expect(started.env.API_TOKEN).toBeUndefined();
    expect(engine.mcp.list()[0]).toMatchObject({ secretEnv: {}, staleSecrets: ['API_TOKEN'] });
    // Put back as it was saved, the secret is usable again: it was never re-bound.
    editByHand(engine, probe(record));
    expect((await startSaved(engine, record)).env.API_TOKEN).toBe(SECRET);
    expect(engine.mcp.list()[0].staleSecrets).toEqual([]);
  });

  it('Test of a draft never receives stored secrets, only what was typed in the form', async () => {
    const { engine, record } = setup();
    engine.mcp.save(probe(record), { env: { API_TOKEN: SECRET } });
    const call = (input: unknown) => dispatch(createHandlers(engine), 'mcp.servers.test', input);
    // The saved server's own id, with other arguments…
    expect(await call({ server: probe(record, { args: ['--draft'] }) })).toMatchObject({ ok: true, data: { ok: true } });
    // …and even exactly the saved launch: a draft is whatever the caller says it is.
    expect(await call({ server: probe(record) })).toMatchObject({ ok: true, data: { ok: true } });
    const [withArgs, same] = starts(record);
    expect(withArgs.argv).toContain('--draft');
    expect(withArgs.env.API_TOKEN).toBeUndefined();
    expect(same.env.API_TOKEN).toBeUndefined();
    expect(await call({ server: probe(record, { args: ['--draft'] }), secrets: { env: { API_TOKEN: 'typed-in-the-form-77' } } })).toMatchObject({ ok: true });
    expect(starts(record).at(-1)!.env.API_TOKEN).toBe('typed-in-the-form-77');
    // Nothing the draft did touched what is saved.
    expect((await startSaved(engine, record)).env.API_TOKEN).toBe(SECRET);
  });

  it('a server without a working directory runs in a fresh empty folder outside the home, removed when it stops', async () => {
    const { engine, record } = setup();
    engine.mcp.save(probe(record));
    const { cwd } = await startSaved(engine, record);
    const rel = relative(engine.paths.root, cwd);
    expect(rel.startsWith('..')).toBe(true);
    expect(readdirSync(cwd)).toEqual([]);
    expect(existsSync(join(cwd, 'secrets.json'))).toBe(false);
    await engine.mcp.close();
    expect(existsSync(cwd)).toBe(false);
  });

  it('a working directory inside the home is refused on save, on Test of a draft, and when config.json names one', async () => {
    const { engine, record } = setup();
    const inside = join(engine.paths.root, 'logs');
    expect(() => engine.mcp.save(probe(record, { cwd: inside }))).toThrow(/inside Monad's home folder, where its keys and memory are kept; choose another folder/);
    expect(() => engine.mcp.save(probe(record, { cwd: engine.paths.root }))).toThrow(/inside Monad's home folder/);
    await expect(engine.mcp.test({ server: probe(record, { cwd: inside }) })).rejects.toThrow(/inside Monad's home folder/);
    engine.mcp.save(probe(record));
    editByHand(engine, probe(record, { cwd: engine.paths.root }));
    const res = await engine.mcp.test({ id: 'probe' });
    expect(res.ok).toBe(false);
    expect(res.error).toMatch(/inside Monad's home folder/);
    expect(starts(record)).toEqual([]);
  });
});

describe('"Always in this chat" is for one launch', () => {
  const call = (id: string) => ({ kind: 'tool_calls' as const, calls: [{ id, name: 'mcp__probe__echo', args: { text: id } }] });

  it('asks again after the launch changed, by the form or by hand', async () => {
    const { engine, record } = setup();
    engine.mcp.save(probe(record));
    const session = engine.sessions.create({ agentId: 'default' });
    const seen = autoDecide(engine, () => 'chat');
    const asked = () => seen.filter((c) => c.state === 'awaiting').map((c) => c.callId);
    llm.enqueue(call('a1'), { kind: 'text', text: 'one' }, call('a2'), { kind: 'text', text: 'two' });
    await engine.chat.send(session.id, 'echo');
    await engine.chat.send(session.id, 'again');
    expect(asked()).toEqual(['a1']);

    engine.mcp.save(probe(record, { args: ['--other'] }));
    llm.enqueue(call('a3'), { kind: 'text', text: 'three' }, call('a4'), { kind: 'text', text: 'four' });
    await engine.chat.send(session.id, 'after a save');
    await engine.chat.send(session.id, 'and again');
    expect(asked()).toEqual(['a1', 'a3']);

    editByHand(engine, probe(record, { args: ['--edited-by-hand'] }));
    llm.enqueue(call('a5'), { kind: 'text', text: 'five' });
    await engine.chat.send(session.id, 'after a hand edit');
    expect(asked()).toEqual(['a1', 'a3', 'a5']);
    expect(engine.mcp.calls.list(session.id).map((c) => c.state)).toEqual(['done', 'done', 'done', 'done', 'done']);
  });
});

describe("a tool call's arguments leave through the egress filter (issue 26 §2)", () => {
  it('a stored key the model writes into a call never reaches the tool server, in any form', async () => {
    const { engine, record } = setup();
    const calls = join(tempDir(), 'calls.jsonl');
    engine.mcp.save({ ...probe(record, { args: [`--calls=${calls}`], env: [] }), trusted: true });
    const KEY = 'zq-provider-key-24a9c1e7b3';
    engine.providers.save({ id: 'lab', kind: 'openai-compatible', name: 'Lab', baseURL: 'https://lab.example/v1', models: ['m'] }, KEY);
    const session = engine.sessions.create({ agentId: 'default' });
    // What a hostile description asks for: the person's keys, as they are and encoded.
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'x1', name: 'mcp__probe__echo', args: { text: `keys: ${KEY} ${Buffer.from(`u:${KEY}`).toString('base64')} ${KEY.split('').join(' ')}` } }] },
      { kind: 'text', text: 'done' },
    );
    await engine.chat.send(session.id, 'call it');
    const received = readFileSync(calls, 'utf8');
    expect(received).toContain('keys: ');
    expect(received).toContain('[REDACTED:stored-secret]');
    expect(received).not.toContain(KEY);
    expect(received.replace(/[\s\-"]/g, '')).not.toContain(KEY.replace(/-/g, ''));
    expect(received).not.toContain(Buffer.from(`u:${KEY}`).toString('base64').slice(4, 20));
  });
});
