// History entries about the graph and laws name rows by id: `relation:12` as the item, and inside
// before/after the entity ids a relation joins, the relation a law cites. Those ids are the file's; here
// the same rows have other ids (ImportedIds). An entry is kept only when every id it names maps: an undo
// of an entry with a stale id would change one of the person's own rows. Fact ids need no mapping (a
// fact's id is a hash of its text, the same in every home), except when cleaning changed the text.
import type { ImportedIds } from './imported-ids';

export class Unmapped extends Error {}

/** Fields of graph and law snapshots (graph-journal.ts EdgeSnapshot/NodeSnapshot, laws LawRow) that hold row ids. */
const NODE_KEYS = new Set(['src', 'dst', 'nodeId', 'into', 'from']);
const EDGE_KEYS = new Set(['supersededBy', 'edgeId']);

export class JournalRemap {
  constructor(
    private readonly ids: ImportedIds,
    /** `${scope}\n${file fact id}` → the fact's id here (import-facts.ts). */
    private readonly facts: ReadonlyMap<string, string>,
  ) {}

  /** `relation:12` → `relation:40`; throws Unmapped when the row did not come in. */
  item(item: string, scope: string | null): string {
    const at = item.indexOf(':');
    const kind = item.slice(0, at);
    const rest = item.slice(at + 1);
    switch (kind) {
      case 'entity':
        return `entity:${this.node(Number(rest))}`;
      case 'relation':
        return `relation:${this.edge(Number(rest))}`;
      case 'law':
        return `law:${this.law(Number(rest))}`;
      case 'fact':
        return `fact:${scope ? (this.facts.get(`${scope}\n${rest}`) ?? rest) : rest}`;
      default:
        throw new Unmapped(kind);
    }
  }

  /** A graph or law entry's before/after with every row id mapped. */
  payload(layer: string, value: unknown, depth = 0): unknown {
    if (depth > 16 || value === null || typeof value !== 'object') return value;
    if (Array.isArray(value)) return value.map((v) => this.payload(layer, v, depth + 1));
    const o = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    // What an `id` is depends on the snapshot: a relation has src and dst, an entity a name, a law a statement.
    const idKind = 'src' in o && 'dst' in o ? 'edge' : 'statement' in o ? 'law' : 'name' in o ? 'node' : null;
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'number' && Number.isInteger(v)) {
        if (k === 'id' && idKind) out[k] = idKind === 'edge' ? this.edge(v) : idKind === 'law' ? this.law(v) : this.node(v);
        else if (k === 'mergedInto') out[k] = idKind === 'edge' ? this.edge(v) : this.node(v);
        else if (NODE_KEYS.has(k)) out[k] = this.node(v);
        else if (EDGE_KEYS.has(k)) out[k] = this.edge(v);
        else out[k] = v;
      } else if (k === 'support' && Array.isArray(v) && layer === 'laws') {
        out[k] = v.map((s) => (typeof s === 'string' ? this.citation(s, typeof o.scope === 'string' ? o.scope : null) : s));
      } else out[k] = this.payload(layer, v, depth + 1);
    }
    return out;
  }

  private citation(s: string, scope: string | null): string {
    if (s.startsWith('edge:')) return `edge:${this.edge(Number(s.slice(5)))}`;
    if (s.startsWith('fact:') && scope) return `fact:${this.facts.get(`${scope}\n${s.slice(5)}`) ?? s.slice(5)}`;
    return s;
  }

  private node(id: number): number {
    const v = this.ids.nodes.get(id);
    if (v === undefined) throw new Unmapped(`entity ${id}`);
    return v;
  }

  private edge(id: number): number {
    const v = this.ids.edges.get(id);
    if (v === undefined) throw new Unmapped(`relation ${id}`);
    return v.id;
  }

  private law(id: number): number {
    const v = this.ids.laws.get(id);
    if (v === undefined) throw new Unmapped(`law ${id}`);
    return v;
  }
}
