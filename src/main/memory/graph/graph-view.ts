// The Graph tab's view of a scope's snapshot: only what drawing, the time control and search need.
// Summaries and source messages are fetched per selection (graph.node / graph.edge), so the snapshot
// of 5,000 entities and 10,000 relations does not carry them (they were most of its JSON).
import type { GraphSnapshot, GraphView } from '../../../shared/domain';

export function toGraphView(snapshot: GraphSnapshot): GraphView {
  return {
    scope: snapshot.scope,
    truncated: snapshot.truncated,
    nodes: snapshot.nodes.map((n) => (n.degree === 0 && n.since ? { id: n.id, name: n.name, type: n.type, degree: 0, since: n.since } : { id: n.id, name: n.name, type: n.type, degree: n.degree })),
    edges: snapshot.edges.map((e) => ({
      id: e.id,
      src: e.src,
      dst: e.dst,
      relation: e.relation,
      provClass: e.provClass,
      validFrom: e.validFrom,
      validTo: e.validTo,
    })),
  };
}
