// Import of the knowledge graph file kept by the reference MCP memory server
// (@modelcontextprotocol/server-memory, `memory.jsonl`): one JSON object per line,
//   {"type":"entity","name":"John_Smith","entityType":"person","observations":["Speaks Spanish"]}
//   {"type":"relation","from":"John_Smith","to":"Acme","relationType":"works_at"}
// Entities and relations become L2 entities and relations; each observation becomes an L1 fact
// ("John Smith: Speaks Spanish"), so people can move their existing MCP memory into Monad.
//
// The file is untrusted: every line is validated, every name, type and observation goes through the fact
// sanitizer (through the graph's corrections and MemoryDir, the same doors as every other write), and
// what is refused is reported with its line. All or nothing, like the other imports: memory.sqlite in one
// transaction and the memory folder snapshotted, so a failure midway puts everything back. Idempotent:
// entities are found by name, relations confirmed, facts deduplicated; a second import adds nothing.
import { z } from 'zod';
import type { ImportReport } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { McpMemoryImportPorts } from './transfer-ports';
import { normalizeName } from '../memory/graph/graph-normalize';
import { FileTransaction } from './file-transaction';
import { ImportCleaner, printable } from './import-clean';
import { KnownSecrets } from '../memory/facts/sanitize-known-secrets';

/** server-memory reads its whole file into memory; one far larger than this is not a personal memory. */
export const MAX_MCP_MEMORY_BYTES = 64 * 1024 * 1024;
/** A line longer than this is not an entity someone's assistant wrote. */
const MAX_LINE_CHARS = 1_000_000;

const entitySchema = z.object({
  type: z.literal('entity'),
  name: z.string().min(1).max(500),
  entityType: z.string().max(200).default('thing'),
  observations: z.array(z.string().max(10_000)).max(10_000).default([]),
});
const relationSchema = z.object({
  type: z.literal('relation'),
  from: z.string().min(1).max(500),
  to: z.string().min(1).max(500),
  relationType: z.string().min(1).max(500),
});

/** True when the text starts like server-memory's file: its first line is an entity or a relation object. */
export function looksLikeMcpMemoryGraph(head: string): boolean {
  const first = head.replace(/^\uFEFF/, '').split('\n').find((l) => l.trim() !== '');
  if (!first) return false;
  const m = /^\s*\{\s*"type"\s*:\s*"(entity|relation)"/.exec(first);
  return m !== null;
}

/** server-memory names are identifiers ("John_Smith", "works_at"); people read them with spaces. */
function readable(name: string): string {
  return name.replace(/_+/g, ' ').replace(/\s+/g, ' ').trim();
}

export function importMcpMemoryGraph(engine: McpMemoryImportPorts, text: string, opts: { name: string | null; scope?: string }): ImportReport {
  const scope = opts.scope ?? 'global';
  const report: ImportReport = {
    format: 'mcp-memory',
    agents: { added: 0 },
    sessions: { added: 0, skipped: 0 },
    messages: { added: 0, skipped: 0 },
    facts: { added: 0, skipped: 0 },
    identity: { pending: 0, unchanged: 0 },
    graph: { nodes: 0, edges: 0 },
    laws: { added: 0, skipped: 0 },
    cleaned: { redactions: 0, strippedChars: 0 },
    refused: [],
    refusedTotal: 0,
    leftOut: [],
    pendingIdentity: [],
    warnings: [],
  };
  const cleaner = new ImportCleaner(report, KnownSecrets.from(engine.secrets.values()));
  const by = { actor: 'import', source: { via: 'import', ...(opts.name ? { detail: printable(opts.name, 200) } : {}) } } as const;
  const files = new FileTransaction();
  files.snapshotDir(engine.paths.memory);
  const mem = engine.memoryDb;
  mem.exec('BEGIN IMMEDIATE');
  try {
    engine.journal.inGroup(() => run(engine, text, scope, by, cleaner, report));
    mem.exec('COMMIT');
  } catch (err) {
    if (mem.inTransaction) mem.exec('ROLLBACK');
    files.restore();
    throw err;
  }
  return report;
}

function run(engine: McpMemoryImportPorts, text: string, scope: string, by: { actor: 'import'; source: { via: 'import'; detail?: string } }, cleaner: ImportCleaner, report: ImportReport): void {
  /** Entities of the file by their name there → the Monad entity's name (null: refused). */
  const entities = new Map<string, string | null>();
  const relations: { line: number; from: string; to: string; relationType: string }[] = [];
  const lines = text.replace(/^\uFEFF/, '').split('\n');
  let unknownTypes = 0;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i].trim();
    if (!raw) continue;
    const where = `line ${i + 1}`;
    if (raw.length > MAX_LINE_CHARS) {
      cleaner.refuse(where, 'line', `longer than ${MAX_LINE_CHARS.toLocaleString('en')} characters; not imported`, '');
      continue;
    }
    let item: unknown;
    try {
      item = JSON.parse(raw);
    } catch {
      cleaner.refuse(where, 'line', 'not valid JSON', raw);
      continue;
    }
    const kind = (item as { type?: unknown } | null)?.type;
    if (kind === 'relation') {
      const r = relationSchema.safeParse(item);
      if (!r.success) cleaner.refuse(where, 'graph relation', `not a relation: ${r.error.issues[0]?.path.join('.') || 'fields'} ${r.error.issues[0]?.message ?? ''}`.trim(), raw);
      else relations.push({ line: i + 1, ...r.data });
      continue;
    }
    if (kind !== 'entity') {
      unknownTypes++;
      continue;
    }
    const e = entitySchema.safeParse(item);
    if (!e.success) {
      cleaner.refuse(where, 'graph entity', `not an entity: ${e.error.issues[0]?.path.join('.') || 'fields'} ${e.error.issues[0]?.message ?? ''}`.trim(), raw);
      continue;
    }
    entity(engine, scope, by, cleaner, report, entities, e.data, where);
  }
  for (const r of relations) relation(engine, scope, by, cleaner, report, entities, r);
  if (unknownTypes) report.warnings.push(`${unknownTypes} line${unknownTypes === 1 ? ' was' : 's were'} neither an entity nor a relation and ${unknownTypes === 1 ? 'was' : 'were'} skipped.`);
  if (report.graph.nodes + report.graph.edges + report.facts.added + report.facts.skipped === 0 && report.refusedTotal === 0 && !unknownTypes) {
    throw new MonadError('BAD_INPUT', 'The file holds no entities or relations of an MCP memory graph.');
  }
}

function entity(
  engine: McpMemoryImportPorts,
  scope: string,
  by: { actor: 'import'; source: { via: 'import'; detail?: string } },
  cleaner: ImportCleaner,
  report: ImportReport,
  entities: Map<string, string | null>,
  e: z.output<typeof entitySchema>,
  where: string,
): void {
  const name = cleaner.memoryText(readable(e.name), 'graph entity', `${where}, name`);
  const type = name === null ? null : cleaner.memoryText(readable(e.entityType) || 'thing', 'graph entity type', `${where}, entity type`);
  if (name === null || type === null || !normalizeName(name)) {
    if (name !== null && type !== null) cleaner.refuse(where, 'graph entity', 'the name has no letters or digits', name);
    entities.set(e.name, null);
    return;
  }
  const r = engine.graph.corrections.addEntity(scope, name, type.toLowerCase(), by);
  if (r.created) report.graph.nodes++;
  entities.set(e.name, name);
  e.observations.forEach((o, j) => {
    const owhere = `${where}, observation ${j + 1}`;
    if (!o.trim()) return;
    const fact = `${name}: ${o.trim()}`;
    const w = engine.facts.ledger.as(by, () => engine.facts.memory.record(scope, fact));
    if ((w.status === 'recorded' || w.status === 'duplicate') && w.fact) {
      // Someone else's words: marked "imported" in recall until the person records or edits the fact.
      engine.facts.origins.record({ scope, factId: w.fact.id, origin: 'imported', event: w.status, detail: by.source.detail });
    }
    report.cleaned.redactions += w.redactions.length;
    if (w.status === 'recorded') report.facts.added++;
    else if (w.status === 'duplicate') report.facts.skipped++;
    else cleaner.refuse(owhere, 'observation', w.reason ?? 'refused by the sanitizer', o);
  });
}

function relation(
  engine: McpMemoryImportPorts,
  scope: string,
  by: { actor: 'import'; source: { via: 'import'; detail?: string } },
  cleaner: ImportCleaner,
  report: ImportReport,
  entities: Map<string, string | null>,
  r: { line: number; from: string; to: string; relationType: string },
): void {
  const where = `line ${r.line}`;
  const ends = [r.from, r.to].map((n) => (entities.has(n) ? entities.get(n)! : cleaner.memoryText(readable(n), 'graph entity', `${where}, ${n === r.from ? 'from' : 'to'}`)));
  if (ends.some((n) => n === null)) {
    cleaner.refuse(where, 'graph relation', 'it links an entity that was refused', `${r.from} ${r.relationType} ${r.to}`);
    return;
  }
  const rel = cleaner.memoryText(readable(r.relationType), 'graph relation', `${where}, relation type`);
  if (rel === null) return;
  try {
    const before = engine.graph.store.counts().edges;
    engine.graph.corrections.addRelation({ scope, src: ends[0]!, dst: ends[1]!, relation: rel }, by);
    if (engine.graph.store.counts().edges > before) report.graph.edges++;
  } catch (err) {
    if (!(err instanceof MonadError)) throw err;
    cleaner.refuse(where, 'graph relation', err.message, `${r.from} ${r.relationType} ${r.to}`);
  }
}
