// What the graph and laws parts of an import made of the file's row ids (import-graph.ts): the file's
// entity, relation and law ids mapped to this home's. History entries about the graph and laws name
// rows by id (`relation:12`), so an imported entry is kept only when every row it names came in too.
export interface ImportedIds {
  /** The file's entity id → this home's. */
  nodes: ReadonlyMap<number, number>;
  /** The file's relation id → this home's, with the scope it landed in. */
  edges: ReadonlyMap<number, { id: number; scope: string }>;
  /** The file's law id → this home's. */
  laws: ReadonlyMap<number, number>;
}

export const NO_IMPORTED_IDS: ImportedIds = { nodes: new Map(), edges: new Map(), laws: new Map() };

/**
 * The graph import as it returns today (relations only, file id → this home's id and scope): entities
 * and laws are not mapped yet, so History entries naming them are left out and counted.
 */
export function idsFromEdgeMap(edges: ReadonlyMap<number, { id: number; scope: string }>): ImportedIds {
  return { nodes: new Map(), edges, laws: new Map() };
}
