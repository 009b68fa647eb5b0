// Scopes hold in every MCP tool and resource (issue 26 §5): an app limited to "global" must not see an
// entity of "agent:default" through a relation (graph_node, graph_explore), nor a rule's evidence from
// another scope or a chat line (why), nor the agent's own files (SOUL.md, AGENTS.md) or the recall block;
// an app with no scopes sees nothing, USER.md included. The same calls from an app that sees every scope
// show each of those things, so every "not" below is about the filter, not about missing data. Driven by
// the MCP SDK's Client over Streamable HTTP against the desktop listener of a temp home.
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Engine } from '../../src/main/engine';
import { resultText } from '../helpers/mcp-seed';
import { openEngine } from '../helpers/temp-home';
import { freePort } from '../helpers/ports';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const HIDDEN_ENTITY = 'Secret Beekeepers Society';
const CHAT_LINE = 'Ana joined the Secret Beekeepers Society last spring';
const GLOBAL_FACT = 'The user has a sister called Ana who keeps bees';
const LAW = 'The user likes short answers about Ana';
const USER_MD = '# About me\nBeekeeper.';
const SOUL_MD = '# Soul\nCalm and brief.';
const AGENTS_MD = '# Agents\nAlways answer in Portuguese.';

let engine: Engine;
let port: number;
const keys: Record<'all' | 'global' | 'none', string> = { all: '', global: '', none: '' };
const open: Client[] = [];

beforeAll(async () => {
  engine = openEngine();
  const session = engine.sessions.create({ agentId: 'default', title: 'Family' });
  const message = engine.messages.append({ sessionId: session.id, role: 'user', content: CHAT_LINE });
  const g = engine.graph.store;
  const ana = g.upsertNode('global', 'Ana', 'person', 'the user’s sister').id;
  const club = g.upsertNode('agent:default', HIDDEN_ENTITY, 'organization', 'a club').id;
  const edge = g.upsertEdge({ scope: 'agent:default', src: ana, dst: club, relation: 'is a member of', provClass: 'user', validFrom: '2026-03-01T00:00:00.000Z', support: [message.id], supersede: false }).id;
  const fact = engine.facts.memory.record('global', GLOBAL_FACT).fact!;
  engine.laws.writer.replaceDerived('global', [{ statement: LAW, confidence: 0.8, support: [`fact:${fact.id}`, `edge:${edge}`] }], 'fp', { actor: 'inference' });
  writeFileSync(join(engine.paths.core, 'USER.md'), USER_MD, { mode: 0o600 });
  const agentDir = join(engine.paths.agents, 'default');
  mkdirSync(agentDir, { recursive: true });
  writeFileSync(join(agentDir, 'SOUL.md'), SOUL_MD, { mode: 0o600 });
  writeFileSync(join(agentDir, 'AGENTS.md'), AGENTS_MD, { mode: 0o600 });
  keys.all = engine.mcpClients.add({ label: 'Sees everything' }).key;
  keys.global = engine.mcpClients.add({ label: 'Global only', scopes: ['global'] }).key;
  keys.none = engine.mcpClients.add({ label: 'No scopes', scopes: [] }).key;
  port = await freePort();
  engine.config.update((c) => ({ ...c, integrations: { mcpHttp: { enabled: true, port } } }));
  await engine.mcpHttp.start();
});

afterAll(async () => {
  for (const c of open.splice(0)) await c.close().catch(() => undefined);
  await engine?.mcpHttp.stop();
});

async function as(who: keyof typeof keys): Promise<Client> {
  const client = new Client({ name: who, version: '1' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${port}/mcp`), { requestInit: { headers: { authorization: `Bearer ${keys[who]}` } } }));
  open.push(client);
  return client;
}

async function tool(c: Client, name: string, args: Record<string, unknown>): Promise<string> {
  return resultText(await c.callTool({ name, arguments: args }));
}

async function resource(c: Client, uri: string): Promise<string> {
  try {
    const r = await c.readResource({ uri });
    return (r.contents[0] as { text: string }).text;
  } catch (err) {
    return `REFUSED: ${(err as Error).message}`;
  }
}

describe('MCP tools and resources keep to the app’s scopes', () => {
  it('an app that sees every scope gets the relation, the evidence, the chat line and every file (the control)', async () => {
    const c = await as('all');
    expect(await tool(c, 'graph_node', { name: 'Ana' })).toContain(HIDDEN_ENTITY);
    expect(await tool(c, 'graph_explore', { query: 'Ana' })).toContain(HIDDEN_ENTITY);
    const why = await tool(c, 'why', { query: 'short answers Ana' });
    expect(why).toContain(GLOBAL_FACT);
    expect(why).toContain(HIDDEN_ENTITY);
    expect(why).toContain(CHAT_LINE);
    expect(await resource(c, 'monad://identity/user')).toBe(USER_MD);
    expect(await resource(c, 'monad://identity/soul')).toBe(SOUL_MD);
    expect(await resource(c, 'monad://identity/agents')).toBe(AGENTS_MD);
    expect(await resource(c, 'monad://recall')).toContain(GLOBAL_FACT);
  });

  it('an app limited to "global" sees no agent-scoped entity, relation or chat line anywhere, nor the agent’s files', async () => {
    const c = await as('global');
    const node = await tool(c, 'graph_node', { name: 'Ana' });
    expect(node).toContain('Ana');
    expect(node).not.toContain(HIDDEN_ENTITY);
    expect(await tool(c, 'graph_explore', { query: 'Ana' })).not.toContain(HIDDEN_ENTITY);
    expect(await tool(c, 'graph_node', { name: HIDDEN_ENTITY })).toMatch(/No entity named/);
    const why = await tool(c, 'why', { query: 'short answers Ana' });
    expect(why).toContain(LAW);
    expect(why).toContain(GLOBAL_FACT);
    expect(why).not.toContain(HIDDEN_ENTITY);
    expect(why).not.toContain(CHAT_LINE);
    const search = await tool(c, 'memory_search', { query: 'Ana Secret Beekeepers' });
    expect(search).not.toContain(HIDDEN_ENTITY);
    expect(search).not.toContain(CHAT_LINE);
    expect(await resource(c, 'monad://identity/user')).toBe(USER_MD);
    expect(await resource(c, 'monad://identity/soul')).toMatch(/^REFUSED: .*cannot see the scope "agent:default"/);
    expect(await resource(c, 'monad://identity/agents')).toMatch(/^REFUSED: .*cannot see the scope "agent:default"/);
    expect(await resource(c, 'monad://recall')).toMatch(/^REFUSED: .*"agent:default"/);
  });

  it('an app with no scopes reads nothing: no fact, entity, rule, chat line, and no identity file', async () => {
    const c = await as('none');
    const all = [
      await tool(c, 'memory_search', { query: 'Ana bees Secret' }),
      await tool(c, 'facts_view', {}),
      await tool(c, 'graph_explore', { query: 'Ana' }),
      await tool(c, 'graph_node', { name: 'Ana' }),
      await tool(c, 'laws_list', {}),
      await tool(c, 'why', { query: 'short answers Ana' }),
    ].join('\n');
    for (const secret of [GLOBAL_FACT, HIDDEN_ENTITY, CHAT_LINE, LAW, 'sister']) expect(all).not.toContain(secret);
    for (const uri of ['monad://identity/user', 'monad://identity/soul', 'monad://identity/agents', 'monad://recall']) {
      expect(await resource(c, uri), uri).toMatch(/^REFUSED: .*cannot see/);
    }
  });
});
