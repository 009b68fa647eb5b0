// Monad's MCP client (issue 19 §2–§3) against code nobody here wrote: the published reference servers
// @modelcontextprotocol/server-everything and server-filesystem (dev dependencies), run over stdio as a
// person's Settings → Tools entry runs them, with the scripted model calling their tools in real chat turns.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import type { Engine, EngineOptions } from '../../src/main/engine';
import { startScriptedLlm, type RecordedRequest, type ScriptedLlm } from '../fixtures/scripted-llm';
import { useScriptedModel } from '../helpers/llm-setup';
import { autoDecide, EVERYTHING_JS, everythingServer, filesystemServer } from '../helpers/mcp-servers';
import { openEngine, waitFor } from '../helpers/temp-home';

let llm: ScriptedLlm;
const dirs: string[] = [];
beforeEach(async () => {
  llm = await startScriptedLlm();
});
afterEach(async () => {
  await llm.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** Generous: under a loaded machine a Node server can take seconds to start. */
const TIMING: EngineOptions['mcpTiming'] = { connectTimeoutMs: 30_000, callTimeoutMs: 30_000 };

function setup() {
  const engine = openEngine({ mcpTiming: TIMING });
  useScriptedModel(engine, llm);
  const session = engine.sessions.create({ agentId: 'default' });
  return { engine, session };
}

function tempDir(): string {
  const d = mkdtempSync(join(tmpdir(), 'monad-mcp-fs-'));
  dirs.push(d);
  return d;
}

/** The last tool message the model was sent, as the provider received it. */
function lastToolMessage(req: RecordedRequest): { content: string; tool_call_id: string } {
  return req.body.messages.filter((m: { role: string }) => m.role === 'tool').at(-1);
}

function toolNamesOffered(req: RecordedRequest): string[] {
  return (req.body.tools ?? []).map((t: { function: { name: string } }) => t.function.name);
}

function rows(engine: Engine, sessionId: string) {
  return engine.appDb.prepare(`select role, content, tool_calls, tool_call_id, error from messages where session_id = ? order by seq`).all(sessionId) as {
    role: string;
    content: string;
    tool_calls: string | null;
    tool_call_id: string | null;
    error: string | null;
  }[];
}

describe('server-everything', () => {
  it('Test starts the server and lists its tools, with the server name and version', async () => {
    const { engine } = setup();
    engine.mcp.save(everythingServer());
    const res = await engine.mcp.test({ id: 'everything' });
    expect(res.error).toBeNull();
    expect(res.ok).toBe(true);
    expect(res.server?.name).toMatch(/everything/i);
    expect(res.tools.map((t) => t.name)).toEqual(expect.arrayContaining(['echo', 'get-sum', 'get-env', 'trigger-long-running-operation']));
    expect(res.tools.find((t) => t.name === 'echo')?.warning).toBeNull();
    // The reference server's plain labels ("Trigger Long Running Operation Tool") are not taken for orders:
    // none of its tools is held back from the model (issue 26 §6).
    expect(res.tools.filter((t) => t.held).map((t) => t.name)).toEqual([]);
    expect(engine.mcp.list()[0].status.phase).toBe('ready');
  });

  it('offers its tools to the chat model under namespaced names next to Monad\'s own, runs a trusted call, and spotlights the result', async () => {
    const { engine, session } = setup();
    engine.mcp.save(everythingServer({ trusted: true }));
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'c1', name: 'mcp__everything__get-sum', args: { a: 19, b: 23 } }] },
      (req) => ({ kind: 'text', text: `The tool said: ${lastToolMessage(req).content.includes('42') ? 'forty-two' : 'something else'}` }),
    );
    const res = await engine.chat.send(session.id, 'What is 19 + 23?');
    const first = llm.chatRequests()[0];
    const names = toolNamesOffered(first);
    expect(names).toEqual(expect.arrayContaining(['memory', 'mcp__everything__echo', 'mcp__everything__get-sum']));
    // Nothing of the server's can shadow Monad's own tools.
    expect(names.filter((n) => n === 'memory')).toHaveLength(1);
    expect(names.filter((n) => !n.startsWith('mcp__')).every((n) => !n.includes('everything'))).toBe(true);
    const tool = lastToolMessage(llm.chatRequests()[1]);
    expect(tool.content).toMatch(/^<data source="tool:mcp__everything__get-sum">/);
    expect(tool.content).toContain('42');
    expect(res.messages.at(-1)?.content).toBe('The tool said: forty-two');
    expect(engine.mcp.calls.list(session.id)).toEqual([expect.objectContaining({ callId: 'c1', serverName: 'Everything', tool: 'get-sum', state: 'done', approval: 'trusted', flagged: null })]);
  });

  it('passes env values to the server, keeps the secret one out of config.json, and never hands Monad\'s own environment on', async () => {
    const { engine, session } = setup();
    process.env.MONAD_TEST_PRIVATE_VAR = 'should-not-leak-0123';
    try {
      engine.mcp.save(
        everythingServer({
          trusted: true,
          transport: { kind: 'stdio', command: process.execPath, args: [EVERYTHING_JS, 'stdio'], env: [{ name: 'PLAIN_SETTING', value: 'visible-value' }, { name: 'API_TOKEN', secret: true }] },
        }),
        { env: { API_TOKEN: 'tok-secret-value-98765' } },
      );
      const config = readFileSync(engine.paths.config, 'utf8');
      expect(config).toContain('PLAIN_SETTING');
      expect(config).not.toContain('tok-secret-value-98765');
      expect(engine.mcp.list()[0].secretEnv).toEqual({ API_TOKEN: '…8765' });
      llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'e1', name: 'mcp__everything__get-env', args: {} }] }, { kind: 'text', text: 'ok' });
      await engine.chat.send(session.id, 'env?');
      const env = rows(engine, session.id).find((r) => r.role === 'tool')!.content;
      expect(env).toContain('visible-value');
      expect(env).toContain('PATH');
      expect(env).not.toContain('should-not-leak-0123');
      // The secret reached the server; what the chat keeps of the result has it redacted (a stored secret).
      expect(env).toContain('API_TOKEN');
      expect(env).not.toContain('tok-secret-value-98765');
    } finally {
      delete process.env.MONAD_TEST_PRIVATE_VAR;
    }
  });

  it('turns images, embedded resources and resource links into text notes, and reports a bad input as a tool error', async () => {
    const { engine, session } = setup();
    engine.mcp.save(everythingServer({ trusted: true }));
    llm.enqueue(
      {
        kind: 'tool_calls',
        calls: [
          { id: 'i1', name: 'mcp__everything__get-tiny-image', args: {} },
          { id: 'r1', name: 'mcp__everything__get-resource-reference', args: { resourceType: 'Text', resourceId: 2 } },
          { id: 'l1', name: 'mcp__everything__get-resource-links', args: { count: 2 } },
          { id: 'b1', name: 'mcp__everything__get-sum', args: { a: 'not a number' } },
        ],
      },
      { kind: 'text', text: 'done' },
    );
    await engine.chat.send(session.id, 'show me');
    const tools = rows(engine, session.id).filter((r) => r.role === 'tool');
    const by = (id: string) => tools.find((t) => t.tool_call_id === id)!;
    expect(by('i1').content).toMatch(/\[image \(image\/png\), \d+ bytes, not shown\]/);
    expect(by('r1').content).toMatch(/\[resource [^\]]+\]/);
    expect(by('l1').content).toMatch(/\[link: .+\]/);
    expect(by('b1').error).toBeTruthy();
    expect(engine.mcp.calls.list(session.id).find((c) => c.callId === 'b1')?.state).toBe('error');
  });

  it('a server cannot make Monad run its model or read its folders: sampling and roots requests are refused', async () => {
    const { engine, session } = setup();
    engine.mcp.save(everythingServer({ trusted: true }));
    const tools = (await engine.mcp.test({ id: 'everything' })).tools.map((t) => t.name);
    // server-everything offers these only to clients that declare the capability; Monad declares none.
    expect(tools).not.toContain('trigger-sampling-request');
    expect(tools).not.toContain('get-roots-list');
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 'sx', name: 'mcp__everything__trigger-sampling-request', args: { prompt: 'hi' } }] }, { kind: 'text', text: 'no such tool' });
    await engine.chat.send(session.id, 'sample');
    // Only the chat's own two model requests: nothing on the server's behalf.
    expect(llm.chatRequests()).toHaveLength(2);
  });

  it('keeps a long call alive while the server reports progress, past the silence timeout', async () => {
    const engine = openEngine({ mcpTiming: { connectTimeoutMs: 30_000, callTimeoutMs: 1500 } });
    engine.mcp.save(everythingServer());
    const server = engine.mcp.server('everything');
    await engine.mcp.connection(server).listTools();
    // 3 s of work, a progress notification every half second: twice the 1.5 s timeout, never silent for a
    // third of it (4 s with one a second left half a second of margin for a loaded machine, and a second more).
    const res = await engine.mcp.connection(server).callTool('trigger-long-running-operation', { duration: 3, steps: 6 });
    expect(JSON.stringify(res.content)).toMatch(/completed/i);
  });

  it('stops the server process when the engine closes', async () => {
    const { engine } = setup();
    engine.mcp.save(everythingServer());
    await engine.mcp.test({ id: 'everything' });
    const conn = engine.mcp.connection(engine.mcp.server('everything'));
    const pid = (conn as unknown as { client: { transport: { pid: number } } }).client.transport.pid;
    expect(alive(pid)).toBe(true);
    await engine.mcp.close();
    await waitFor(() => !alive(pid), 10_000, 'the server process to exit');
  });
});

describe('server-filesystem with approval per call', () => {
  it('waits for "Allow once", runs read_text_file, and the reply uses the file', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'notes.txt'), 'The spare key is under the blue pot.');
    const { engine, session } = setup();
    engine.mcp.save(filesystemServer(dir));
    const seen = autoDecide(engine, () => 'once');
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'f1', name: 'mcp__files__read_text_file', args: { path: join(dir, 'notes.txt') } }] },
      (req) => ({ kind: 'text', text: lastToolMessage(req).content.includes('blue pot') ? 'Under the blue pot.' : 'I could not read it.' }),
    );
    const res = await engine.chat.send(session.id, 'Where is the spare key?');
    expect(seen.map((c) => c.state)).toEqual(['awaiting', 'running', 'done']);
    // The person is shown what the tool would be given before deciding.
    expect(seen[0].args).toEqual({ path: join(dir, 'notes.txt') });
    expect(res.messages.at(-1)?.content).toBe('Under the blue pot.');
    expect(engine.mcp.calls.list(session.id)[0]).toMatchObject({ state: 'done', approval: 'once' });
  });

  it('"Deny" leaves the file untouched and tells the model the person declined', async () => {
    const dir = tempDir();
    const { engine, session } = setup();
    engine.mcp.save(filesystemServer(dir));
    autoDecide(engine, () => 'deny');
    llm.enqueue(
      { kind: 'tool_calls', calls: [{ id: 'w1', name: 'mcp__files__write_file', args: { path: join(dir, 'x.txt'), content: 'hello' } }] },
      { kind: 'text', text: 'Understood.' },
    );
    await engine.chat.send(session.id, 'Write a file');
    expect(existsSync(join(dir, 'x.txt'))).toBe(false);
    expect(lastToolMessage(llm.chatRequests()[1]).content).toMatch(/declined/);
    expect(engine.mcp.calls.list(session.id)[0]).toMatchObject({ state: 'denied', approval: 'denied' });
  });

  it('"Always in this chat" lets the same tool run again in that chat without asking, but not in another chat', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.txt'), 'alpha');
    const { engine, session } = setup();
    engine.mcp.save(filesystemServer(dir));
    const seen = autoDecide(engine, () => 'chat');
    const call = (id: string) => ({ kind: 'tool_calls' as const, calls: [{ id, name: 'mcp__files__read_text_file', args: { path: join(dir, 'a.txt') } }] });
    llm.enqueue(call('a1'), { kind: 'text', text: 'one' }, call('a2'), { kind: 'text', text: 'two' });
    await engine.chat.send(session.id, 'read it');
    await engine.chat.send(session.id, 'read it again');
    expect(seen.filter((c) => c.state === 'awaiting').map((c) => c.callId)).toEqual(['a1']);
    expect(engine.mcp.calls.list(session.id).map((c) => c.approval)).toEqual(['chat', 'chat']);
    const other = engine.sessions.create({ agentId: 'default' });
    llm.enqueue(call('a3'), { kind: 'text', text: 'three' });
    await engine.chat.send(other.id, 'read it');
    expect(seen.filter((c) => c.state === 'awaiting').map((c) => c.callId)).toEqual(['a1', 'a3']);
  });

  it('Stop while a call waits for the decision ends the turn without running the tool', async () => {
    const dir = tempDir();
    const { engine, session } = setup();
    engine.mcp.save(filesystemServer(dir));
    const seen = autoDecide(engine, () => null);
    llm.enqueue({ kind: 'tool_calls', calls: [{ id: 's1', name: 'mcp__files__write_file', args: { path: join(dir, 'y.txt'), content: 'x' } }] });
    const turn = engine.chat.send(session.id, 'write');
    await waitFor(() => seen.some((c) => c.state === 'awaiting'), 30_000, 'the approval request');
    expect(engine.mcp.approvals.isWaiting(session.id, 's1')).toBe(true);
    // A window opened now (a reload) lists the waiting call with what it would be given.
    const listed = await dispatch(createHandlers(engine), 'mcp.calls', { sessionId: session.id });
    expect(listed).toMatchObject({ ok: true, data: [{ callId: 's1', state: 'awaiting', args: { path: join(dir, 'y.txt'), content: 'x' } }] });
    // …and the turn it waits in, with the call, so the prompt and Stop are shown again.
    expect(await dispatch(createHandlers(engine), 'chat.live', { sessionId: session.id })).toMatchObject({
      ok: true,
      data: { turnId: expect.any(String), drafts: [{ tools: [{ callId: 's1', name: 'mcp__files__write_file', state: 'running' }] }] },
    });
    expect(engine.chat.cancel(session.id)).toBe(true);
    await turn;
    expect(existsSync(join(dir, 'y.txt'))).toBe(false);
    expect(engine.mcp.calls.list(session.id)[0].state).toBe('cancelled');
    expect(await dispatch(createHandlers(engine), 'mcp.calls', { sessionId: session.id })).toMatchObject({ ok: true, data: [{ state: 'cancelled' }] });
    expect((await dispatch(createHandlers(engine), 'mcp.calls', { sessionId: session.id }) as { data: object[] }).data[0]).not.toHaveProperty('args');
    expect(engine.chat.isRunning(session.id)).toBe(false);
    expect(await dispatch(createHandlers(engine), 'chat.live', { sessionId: session.id })).toEqual({ ok: true, data: null });
    expect(() => engine.mcp.approvals.decide(session.id, 's1', 'once')).toThrow(/no longer waiting/);
  });

  it('offers a server\'s tools only to the agents it is enabled for', async () => {
    const dir = tempDir();
    const { engine } = setup();
    engine.agents.create({ id: 'other', name: 'Other' });
    engine.mcp.save(filesystemServer(dir, { agents: ['other'] }));
    const session = engine.sessions.create({ agentId: 'default' });
    llm.enqueue({ kind: 'text', text: 'hi' });
    await engine.chat.send(session.id, 'hello');
    expect(toolNamesOffered(llm.chatRequests()[0]).some((n) => n.startsWith('mcp__'))).toBe(false);
  });
});

describe('settings through the contract', () => {
  it('saves HTTP secrets in the secret store bound to the URL, drops them when the URL moves, and refuses config.update of servers', async () => {
    const { engine } = setup();
    const handlers = createHandlers(engine);
    const call = (channel: string, input: unknown) => dispatch(handlers, channel, input);
    const save = await call('mcp.servers.save', {
      server: { id: 'remote', name: 'Remote', transport: { kind: 'http', url: 'https://tools.example.com/mcp', headers: [{ name: 'X-Api-Key' }] } },
      secrets: { headers: { 'X-Api-Key': 'hdr-secret-111122223333' }, token: 'bearer-secret-444455556666' },
    });
    expect(save.ok).toBe(true);
    const raw = readFileSync(engine.paths.config, 'utf8');
    expect(raw).not.toContain('hdr-secret');
    expect(raw).not.toContain('bearer-secret');
    expect(engine.mcp.list()[0]).toMatchObject({ token: '…6666', secretHeaders: { 'X-Api-Key': '…3333' } });
    await call('mcp.servers.save', { server: { id: 'remote', name: 'Remote', transport: { kind: 'http', url: 'https://elsewhere.example.net/mcp', headers: [{ name: 'X-Api-Key' }] } } });
    expect(engine.mcp.list()[0]).toMatchObject({ token: null, secretHeaders: {} });
    expect(engine.secrets.values().join(' ')).not.toContain('bearer-secret');
    const patch = await call('config.update', { patch: { mcp: { servers: [{ id: 'x', name: 'X', transport: { kind: 'stdio', command: 'sh' } }] } } });
    expect(patch).toMatchObject({ ok: false, error: { code: 'BAD_INPUT' } });
    const del = await call('mcp.servers.delete', { id: 'remote' });
    expect(del.ok).toBe(true);
    expect(engine.mcp.list()).toEqual([]);
  });

  it('Test of a command that does not exist says so, and a draft is tried without being saved', async () => {
    const { engine } = setup();
    const res = await engine.mcp.test({ server: { id: 'nope', name: 'Nope', transport: { kind: 'stdio', command: '/nonexistent/monad-test-command' } } });
    expect(res.ok).toBe(false);
    expect(res.error).toMatch(/Could not start the tool server "Nope"/);
    expect(engine.mcp.list()).toEqual([]);
  });
});

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
