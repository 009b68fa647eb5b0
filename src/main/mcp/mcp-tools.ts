// The tools Monad offers to other apps over MCP. Each goes through the engine's own services (search,
// the facts layer's checked writer and its sanitizer, the graph store, the laws layer): the same doors
// the chat, the app and the CLI use. Descriptions are written for the other app's model: what the tool
// is for, when to reach for it unprompted, and what it will not do.
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { FactView, FactWriteResult } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import { factSourceLabel } from '../../shared/fact-source';
import { originClassLabel } from '../../shared/origin-class';
import type { McpConnectionPorts } from './mcp-ports';
import { edgeLine, nodeLine } from '../memory/graph/graph-tools';
import { renderWhy } from '../memory/laws/explain';
import { oneLine } from '../llm/spotlight';
import { visibleScope, type McpAccess } from './mcp-access';
import { visibleGraph, visibleNeighbourhood, visibleWhy } from './mcp-visible';

export interface McpToolContext {
  engine: McpConnectionPorts;
  /** Resolved on every call: permissions changed in Settings apply at once. */
  access: () => McpAccess;
}

const scopeArg = z
  .string()
  .regex(/^(global|(agent|project):[A-Za-z0-9][A-Za-z0-9_-]{0,99})$/, 'a scope: "global", "agent:<id>" or "project:<key>"')
  .describe('A memory scope: "global" (about the person, shared by every agent), "agent:<id>" (one agent\'s notes) or "project:<key>". Leave out for all the scopes you can see.');
const factId = z.string().regex(/^[0-9a-f]{12}$/, 'a 12-character fact id as facts_view or memory_search show it');

export const MCP_TOOL_NAMES = ['memory_search', 'facts_view', 'facts_record', 'facts_forget', 'graph_explore', 'graph_node', 'laws_list', 'why'] as const;

function text(body: string): CallToolResult {
  return { content: [{ type: 'text', text: body }] };
}

/** A refusal or a failure the calling model should read and act on, not a protocol error. */
function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/** Runs a tool body; Monad's own errors become MCP tool errors in their words, anything else a plain one. */
async function run(ctx: McpToolContext, body: (a: McpAccess) => CallToolResult | Promise<CallToolResult>, log: (msg: string, err?: unknown) => void): Promise<CallToolResult> {
  try {
    return await body(ctx.access());
  } catch (err) {
    if (err instanceof MonadError) return toolError(err.message);
    log('[mcp] tool failed', err);
    return toolError('Monad could not do this because of an internal error; the details are in Monad\'s log.');
  }
}

function writeReport(r: FactWriteResult, scope: string): CallToolResult {
  switch (r.status) {
    case 'recorded':
    case 'updated': {
      const red = r.redactions.length ? ` Secrets were removed before saving (${r.redactions.join(', ')}).` : '';
      return text(`Saved in ${scope} as fact ${r.fact!.id}: ${oneLine(r.fact!.text)}${red}`);
    }
    case 'duplicate':
      return text(`Already remembered in ${scope} (fact ${r.fact!.id}): ${oneLine(r.fact!.text)}`);
    case 'rejected':
    case 'refused':
      return toolError(`Not saved: ${r.reason ?? 'Monad refused this text.'}`);
  }
}

/**
 * A write that waits in the person's Inbox (mcp-access.ts viaInbox): the app's model is told plainly that
 * nothing is saved yet and why, so it tells the person to approve it rather than claiming it remembered.
 * Not an error: the app did nothing wrong.
 */
function proposeWrite(engine: McpConnectionPorts, a: McpAccess, input: { scope: string; action: 'record' | 'delete'; text: string; targetId?: string }): CallToolResult {
  const outcome = engine.facts.chatProposals.propose({
    agentId: a.agentId,
    scope: input.scope,
    action: input.action,
    text: input.text,
    targetId: input.targetId ?? null,
    targetText: input.action === 'delete' ? input.text : null,
    client: a.clientName,
  });
  const what = input.action === 'delete' ? `forget "${oneLine(input.text)}" from ${input.scope}` : `remember "${oneLine(outcome.status === 'proposed' || outcome.status === 'pending' ? outcome.proposal.text : input.text)}" in ${input.scope}`;
  switch (outcome.status) {
    case 'proposed':
      return text(
        `Pending the person's approval, not saved yet: ${a.viaInbox}, so this waits in their Monad Inbox (proposal chat:${outcome.proposal.id}): ${what}. ` +
          'Tell them it is waiting for their approval in Monad; do not say it was saved.',
      );
    case 'pending':
      return text(`Already waiting for the person's approval in their Monad Inbox (proposal chat:${outcome.proposal.id}): ${what}. Nothing new was proposed.`);
    case 'declined':
      return toolError('Not saved: the person declined this earlier in their Monad Inbox. Do not propose it again.');
    case 'refused':
      return toolError(`Not saved: ${outcome.reason}`);
  }
}

/**
 * A fact as an app reads it: its text, id, whose words it is and who wrote it down, in the same words
 * as the Memory tab (shared/memory-label.ts, issue 27 §3).
 */
export function mcpFactLine(f: FactView): string {
  const origin = f.originClass ? `${originClassLabel(f.originClass, f.source.actor === 'mcp' ? f.source.detail : null)}; ` : '';
  return `- ${oneLine(f.text)} (fact ${f.id}; ${origin}${factSourceLabel(f.source)})`;
}

export function registerMcpTools(server: McpServer, ctx: McpToolContext, log: (msg: string, err?: unknown) => void): void {
  const { engine } = ctx;
  const readOnly = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false } as const;

  server.registerTool(
    'memory_search',
    {
      title: 'Search Monad memory',
      description:
        "Search the person's long-term memory kept by Monad: past chat messages, remembered facts about them, and people, places and things from their knowledge graph. " +
        'Use it before answering whenever the person refers to something from before ("as I said", "my sister", "the project"), asks what you know about them, or when their preferences, history or context would change your answer. ' +
        'Returns the best matches of each kind with ids you can pass to the other tools. Read-only.',
      inputSchema: {
        query: z.string().trim().min(1).max(500).describe('Words to look for: names, topics, places, dates'),
        limit: z.number().int().min(1).max(50).optional().describe('Results per kind (default 8)'),
      },
      annotations: readOnly,
    },
    ({ query, limit }) =>
      run(
        ctx,
        async (a) => {
          // The product's search: words, fused with meaning when an embedding model is set (as in the chat).
          const found = a.scopes.length ? await engine.search.query({ query, scopes: a.scopes, agentId: a.agentId, k: limit ?? 8, excludeIncognito: true }) : null;
          // Kept to the app's scopes here too: the search may bring in entities related to a match from other scopes.
          const seen = new Set(a.scopes);
          const r = { facts: (found?.facts ?? []).filter((f) => seen.has(f.scope)), entities: (found?.entities ?? []).filter((e) => seen.has(e.scope)) };
          const messages = a.messages && found ? found.messages : [];
          const out: string[] = [];
          out.push(`Facts (${r.facts.length}):`, ...(r.facts.length ? r.facts.map((f) => `- ${oneLine(f.text)} (fact ${f.factId} in ${f.scope})`) : ['(none)']));
          out.push('', `Entities (${r.entities.length}):`, ...(r.entities.length ? r.entities.map((e) => `- ${oneLine(e.name)} [${oneLine(e.type)}]${e.summary ? `: ${oneLine(e.summary)}` : ''} (in ${e.scope})`) : ['(none)']));
          out.push('', `Messages (${messages.length}):`);
          out.push(...(messages.length ? messages.map((m) => `- ${m.createdAt.slice(0, 10)} ${m.role} in "${oneLine(m.sessionTitle)}": ${oneLine(m.snippet)}`) : [a.messages ? '(none)' : '(this app does not see the agent\'s chats)']));
          return text(out.join('\n'));
        },
        log,
      ),
  );

  server.registerTool(
    'facts_view',
    {
      title: 'List remembered facts',
      description:
        'List the facts Monad remembers about the person (their name, family, work, preferences, plans…), each with its id, scope and who recorded it. ' +
        'Use it to get the whole picture at the start of a task about the person, or to find the id of a fact to forget. Read-only.',
      inputSchema: { scope: scopeArg.optional() },
      annotations: readOnly,
    },
    ({ scope }) =>
      run(
        ctx,
        (a) => {
          const scopes = scope ? [visibleScope(a, scope)] : a.scopes;
          const out: string[] = [];
          for (const s of scopes) {
            const r = engine.facts.list(s);
            out.push(`${s} (${r.facts.length} fact${r.facts.length === 1 ? '' : 's'}):`);
            out.push(...(r.facts.length ? r.facts.map(mcpFactLine) : ['(none)']), '');
          }
          return text(out.join('\n').trim());
        },
        log,
      ),
  );

  server.registerTool(
    'facts_record',
    {
      title: 'Remember a fact',
      description:
        'Save one durable fact about the person to Monad so every app and agent they use knows it next time: who they are, people in their life, where they live and work, lasting preferences and decisions. ' +
        'Use it when the person tells you something about themselves worth keeping, or asks you to remember something. One short third-person statement per call ("Prefers window seats", "Sister is called Ana"). ' +
        'Not for instructions to assistants, passwords or keys (refused or removed), or things that matter only in this conversation. Saved in "global" unless you name another scope. May be refused if the person has not allowed this app to write, or wait in their Inbox for approval (the result says so).',
      inputSchema: {
        text: z.string().trim().min(1).max(2000).describe('The fact, one short statement about the person'),
        scope: scopeArg.optional(),
      },
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    ({ text: fact, scope }) =>
      run(
        ctx,
        async (a) => {
          if (a.writeRefusal) return toolError(a.writeRefusal);
          const target = scope ? visibleScope(a, scope) : a.scopes.includes('global') ? 'global' : a.scopes[0];
          if (!target) return toolError('This app sees no memory scope it could write to.');
          if (a.viaInbox) {
            // Already remembered in those words: nothing for the person to approve.
            const same = engine.facts.memory.preview(fact);
            const known = same.ok ? engine.facts.memory.read(target).facts.find((f) => f.text === same.text) : undefined;
            if (known) return text(`Already remembered in ${target} (fact ${known.id}): ${oneLine(known.text)}`);
            return proposeWrite(engine, a, { scope: target, action: 'record', text: fact });
          }
          const r = await engine.facts.record(target, fact, { actor: 'mcp', source: { via: 'mcp', detail: a.clientName }, agentId: a.agentId });
          return writeReport(r, target);
        },
        log,
      ),
  );

  server.registerTool(
    'facts_forget',
    {
      title: 'Forget a fact',
      description:
        'Remove one fact from Monad\'s memory, by the id facts_view or memory_search gave. Use it when the person says a remembered fact is wrong or asks you to forget it. ' +
        'The person can see the change in Monad\'s history and undo it. May be refused if the person has not allowed this app to write, or wait in their Inbox for approval (the result says so).',
      inputSchema: { id: factId.describe('The fact id'), scope: scopeArg.describe('The scope the fact is in, as facts_view shows it') },
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    ({ id, scope }) =>
      run(
        ctx,
        (a) => {
          if (a.writeRefusal) return toolError(a.writeRefusal);
          if (a.viaInbox) {
            const target = engine.facts.memory.read(visibleScope(a, scope)).facts.find((f) => f.id === id);
            if (!target) return toolError(`There is no fact ${id} in ${scope}; facts_view lists the ids.`);
            return proposeWrite(engine, a, { scope, action: 'delete', text: target.text, targetId: id });
          }
          const f = engine.facts.forget(visibleScope(a, scope), id, { actor: 'mcp', source: { via: 'mcp', detail: a.clientName } });
          return text(`Forgot fact ${f.id} in ${scope}: ${oneLine(f.text)}. The person can undo this in Monad's history.`);
        },
        log,
      ),
  );

  server.registerTool(
    'graph_explore',
    {
      title: 'Explore the knowledge graph',
      description:
        "Search the person's knowledge graph in Monad: the people, places, organisations and things in their life and how they relate (\"Ana —sister of→ the person\", \"works at → Acme, since 2024\"). " +
        'Use it for questions about relationships and how things connect, or for the current and past values of something (where they live, who they work for). Read-only.',
      inputSchema: { query: z.string().trim().min(1).max(500).describe('Words to look for: names, places, topics') },
      annotations: readOnly,
    },
    ({ query }) =>
      run(
        ctx,
        (a) => {
          // explore() adds the far ends of relations whatever their scope: only what this app sees stays.
          const found = engine.graph.store.explore(a.scopes, query);
          const { nodes, edges } = visibleGraph(a, found.nodes, found.edges);
          if (!nodes.length) return text(`Nothing in the knowledge graph matches "${oneLine(query)}".`);
          const names = new Map(nodes.map((n) => [n.id, n.name]));
          return text(['Entities:', ...nodes.map((n) => `- ${nodeLine(n)}`), '', 'Relations:', ...(edges.length ? edges.map((e) => `- ${edgeLine(e, names)}`) : ['(none)'])].join('\n'));
        },
        log,
      ),
  );

  server.registerTool(
    'graph_node',
    {
      title: 'Look up one entity',
      description: 'Look up one person, place or thing of the knowledge graph by name, with all its relations (current and ended) and neighbours. Use it after graph_explore or memory_search named an entity. Read-only.',
      inputSchema: { name: z.string().trim().min(1).max(200).describe('The entity name, as graph_explore shows it') },
      annotations: readOnly,
    },
    ({ name }) =>
      run(
        ctx,
        (a) => {
          const n = engine.graph.store.findNode(a.scopes, name);
          if (!n) return toolError(`No entity named "${oneLine(name)}" in the knowledge graph this app can see. Try graph_explore with a few words of it.`);
          // Relations to entities in scopes the app does not see are left out, with those entities' names.
          const { edges, names } = visibleNeighbourhood(engine, a, n);
          return text([nodeLine(n), `(in ${n.scope})`, '', 'Relations:', ...(edges.length ? edges.map((e) => `- ${edgeLine(e, names)}`) : ['(none)'])].join('\n'));
        },
        log,
      ),
  );

  server.registerTool(
    'laws_list',
    {
      title: 'List learned rules',
      description:
        "List the rules Monad learned about how the person likes things done (\"Prefers short answers with code first\"), with how confident it is and whether the rule is in use. " +
        'Use it at the start of a task to follow their habits and preferences without being told again. Read-only.',
      inputSchema: {},
      annotations: readOnly,
    },
    () =>
      run(
        ctx,
        (a) => {
          const laws = engine.laws.views(a.scopes);
          if (!laws.length) return text('Monad has not learned any rules about this person yet.');
          return text(
            laws
              .map((l) => `- ${oneLine(l.statement)} (confidence ${l.effectiveConfidence.toFixed(2)}${l.pinned ? ', kept by the person' : ''}${l.eligible ? '' : ', not in use'}; ${l.scope})`)
              .join('\n'),
          );
        },
        log,
      ),
  );

  server.registerTool(
    'why',
    {
      title: 'Why does Monad think so?',
      description:
        'Explain a learned rule down to its evidence: the facts, relations and source messages it rests on. Use it when the person asks why you (or Monad) assume something about them, before relying on a rule that surprises you. Read-only.',
      inputSchema: { query: z.string().trim().min(1).max(500).describe('Words of the rule or topic, e.g. "short answers"') },
      annotations: readOnly,
    },
    ({ query }) => run(ctx, (a) => text(renderWhy(oneLine(query), visibleWhy(engine, a, engine.laws.why(query, a.scopes)))), log),
  );
}
