// What of the graph and of a rule's evidence an app may see (issue 26 §5). The engine's graph and laws
// answer for the scopes they are asked about, but a relation reaches across scopes (an entity in "global"
// related to one in "agent:default") and a rule's evidence cites relations and the chat lines they came
// from. Every MCP answer that follows such links goes through here: an entity, relation or fact shows
// only when its scope is one the app sees, and a chat line only when the app sees that agent's chats.
import type { GraphEdge, GraphNode, LawView, SourceMessage } from '../../shared/domain';
import type { McpVisiblePorts } from './mcp-ports';
import type { McpAccess } from './mcp-access';

/** Nodes in the app's scopes, and the relations whose own scope and both ends are. */
export function visibleGraph(a: McpAccess, nodes: GraphNode[], edges: GraphEdge[]): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const seen = new Set(a.scopes);
  const kept = nodes.filter((n) => seen.has(n.scope));
  const ids = new Set(kept.map((n) => n.id));
  return { nodes: kept, edges: edges.filter((e) => seen.has(e.scope) && ids.has(e.src) && ids.has(e.dst)) };
}

/** The relations of one visible entity that the app may see, with the names of their far ends. */
export function visibleNeighbourhood(engine: McpVisiblePorts, a: McpAccess, node: GraphNode): { edges: GraphEdge[]; names: Map<number, string> } {
  const graph = engine.graph.store;
  const all = graph.edgesOf(node.id);
  const far = new Map<number, GraphNode>();
  for (const e of all) for (const id of [e.src, e.dst]) if (id !== node.id && !far.has(id)) { const n = graph.nodeById(id); if (n) far.set(id, n); }
  const { nodes, edges } = visibleGraph(a, [node, ...far.values()], all);
  return { edges, names: new Map(nodes.map((n) => [n.id, n.name])) };
}

/** A chat line an app may quote: from a chat of the agent it sees, not incognito, and only if it sees chats at all. */
function visibleSource(engine: McpVisiblePorts, a: McpAccess, s: SourceMessage): boolean {
  if (!a.messages) return false;
  try {
    const session = engine.sessions.get(s.sessionId);
    return session.agentId === a.agentId && !session.incognito;
  } catch {
    return false;
  }
}

/**
 * Rules explained down to what the app may see: relations outside its scopes are left out (not shown as
 * "marked wrong"), chat lines only as visibleSource allows, a contradicting fact only from a scope it sees.
 */
export function visibleWhy(engine: McpVisiblePorts, a: McpAccess, views: LawView[]): LawView[] {
  const seen = new Set(a.scopes);
  const graph = engine.graph.store;
  return views
    .filter((v) => seen.has(v.scope))
    .map((v) => {
      const relations = v.relations
        .filter((r) => {
          const e = graph.anyEdge(r.id);
          if (!e || !seen.has(e.scope)) return false;
          return [e.src, e.dst].every((id) => {
            const n = graph.anyNode(id);
            return !!n && seen.has(n.scope);
          });
        })
        .map((r) => ({ ...r, sources: r.sources.filter((s) => visibleSource(engine, a, s)) }));
      // The contradicting fact is looked up in the rule's scope, then in global: shown only if "global" is visible.
      const contradictedBy = v.contradictedBy && !seen.has('global') && v.scope !== 'global' ? { ...v.contradictedBy, text: null } : v.contradictedBy;
      return { ...v, relations, contradictedBy, alsoIn: v.alsoIn.filter((x) => seen.has(x.scope)) };
    });
}
