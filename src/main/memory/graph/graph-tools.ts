// graph_explore / graph_node: read-only tools over L2, scoped to the calling agent and its workspace.
// Pulled on demand by the model, never injected into the prompt. Names, types and summaries are kept to
// one line each (no text can forge a line of its own); the result as a whole reaches the model as quoted
// data (chat/tool-results.ts).
import { z } from 'zod';
import type { GraphEdge, GraphNode } from '../../../shared/domain';
import type { AgentTool } from '../../turn/tools';
import { clip } from '../../turn/receipt-sink';
import type { ReceiptItem } from '../../../shared/receipt';
import { oneLine } from '../../llm/spotlight';
import { sessionScopes } from './consolidate-graph';
import type { GraphStore } from './graph-store';

export function edgeLine(e: GraphEdge, names: Map<number, string>): string {
  const when = e.validTo ? `from ${e.validFrom.slice(0, 10)} until ${e.validTo.slice(0, 10)}` : `since ${e.validFrom.slice(0, 10)}`;
  return `${oneLine(names.get(e.src) ?? '?')} —${oneLine(e.relation)}→ ${oneLine(names.get(e.dst) ?? '?')} (${when}; ${e.provClass}-stated; edge:${e.id})`;
}

export function nodeLine(n: GraphNode): string {
  return `${oneLine(n.name)} [${oneLine(n.type)}]${n.summary ? `: ${oneLine(n.summary)}` : ''}`;
}

/** Receipts: the entities and relations a graph tool showed the model, as typed items. */
function receiptItems(nodes: GraphNode[], edges: GraphEdge[], names: Map<number, string>): ReceiptItem[] {
  return [
    ...nodes.map((n): ReceiptItem => ({ kind: 'entity', scope: n.scope, nodeId: n.id, name: clip(n.name), type: clip(n.type), summary: clip(n.summary ?? '') })),
    ...edges.map((e): ReceiptItem => ({
      kind: 'relation',
      scope: e.scope,
      edgeId: e.id,
      // In words, as the Graph tab says it ("works at", not "works_at").
      text: clip(`${names.get(e.src) ?? '?'} ${e.relation.replace(/_/g, ' ')} ${names.get(e.dst) ?? '?'}`),
      current: e.validTo === null,
    })),
  ];
}

export function createGraphTools(graph: GraphStore): AgentTool[] {
  const explore: AgentTool<z.ZodObject<{ query: z.ZodString }>> = {
    name: 'graph_explore',
    description: 'Search your knowledge graph (entities and relations learned from past chats) for a topic. Read-only.',
    inputSchema: z.object({ query: z.string().min(1).max(500).describe('Words to look for: names, places, topics') }),
    execute: ({ query }, { session, receipt }) => {
      const { nodes, edges } = graph.explore(sessionScopes(session), query);
      const names = new Map(nodes.map((n) => [n.id, n.name]));
      receipt?.read('graph-explore', query, receiptItems(nodes, edges, names)); // receipts
      if (!nodes.length) return `Nothing in the knowledge graph matches "${oneLine(query)}".`;
      return ['Entities:', ...nodes.map((n) => `- ${nodeLine(n)}`), '', 'Relations:', ...(edges.length ? edges.map((e) => `- ${edgeLine(e, names)}`) : ['(none)'])].join('\n');
    },
  };
  const node: AgentTool<z.ZodObject<{ name: z.ZodString }>> = {
    name: 'graph_node',
    description: 'Look up one entity of your knowledge graph by name, with its relations and neighbours. Read-only.',
    inputSchema: z.object({ name: z.string().min(1).max(200).describe('The entity name') }),
    execute: ({ name }, { session, receipt }) => {
      const n = graph.findNode(sessionScopes(session), name);
      if (!n) receipt?.read('graph-node', name, []); // receipts
      if (!n) return `No entity named "${oneLine(name)}" in the knowledge graph.`;
      const edges = graph.edgesOf(n.id);
      const names = new Map<number, string>([[n.id, n.name]]);
      for (const e of edges) for (const id of [e.src, e.dst]) if (!names.has(id)) names.set(id, graph.nodeById(id)?.name ?? '?');
      receipt?.read('graph-node', name, receiptItems([n], edges, names)); // receipts
      return [nodeLine(n), '', 'Relations:', ...(edges.length ? edges.map((e) => `- ${edgeLine(e, names)}`) : ['(none)'])].join('\n');
    },
  };
  return [explore as unknown as AgentTool, node as unknown as AgentTool];
}
