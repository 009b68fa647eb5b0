// The v2 sections of `monad export` about the person's memory work: facts with their ids, sources,
// origins and earlier texts; the history of memory within its retention; the Inbox's decisions. Read
// straight from memory.sqlite with one query per scope or section (a home with 50,000 History entries
// is read in one pass), in a stable order, so exporting the same home twice gives the same content.
import type { Database } from 'better-sqlite3';
import type { FactSource } from '../../shared/domain';
import type { JournalActor, JournalSource } from '../../shared/journal';
import type { MemoryExportPorts } from './transfer-ports';
import { toFactSource, UNKNOWN_SOURCE } from '../memory/facts/fact-versions';
import type { ArchiveFactOrigin, ArchiveMemoryV2, ExportedFact, ExportedFactVersion, ExportedJournalEntry } from './formats-memory';

interface VersionRow {
  fact_id: string;
  text: string;
  valid_from: string;
  valid_to: string | null;
  journal_id: number | null;
  actor: JournalActor | null;
  source: string | null;
  event: FactSource['event'] | null;
  replaces: string | null;
}

/** The stored source of a fact_version row, as FactSource (the same reading fact-versions.ts makes). */
function sourceOf(r: VersionRow): FactSource {
  const stored = r.source ? (JSON.parse(r.source) as JournalSource & { writtenAt?: string }) : null;
  const { writtenAt, ...source } = stored ?? {};
  return toFactSource(
    { actor: r.actor ?? 'system', source: stored ? source : null, event: r.event ?? 'unknown', replaces: r.replaces ? (JSON.parse(r.replaces) as string[]) : [], writtenAt: writtenAt ?? null },
    r.valid_from,
  );
}

export function exportFactsV2(engine: MemoryExportPorts): ArchiveMemoryV2['facts'] {
  const db = engine.memoryDb;
  const open = db.prepare(`SELECT * FROM fact_version WHERE scope = ? AND valid_to IS NULL ORDER BY id`);
  const closed = db.prepare(`SELECT * FROM fact_version WHERE scope = ? AND valid_to IS NOT NULL ORDER BY id`);
  const origins = db.prepare(`SELECT * FROM fact_origin WHERE scope = ? ORDER BY fact_id, id`);
  const out: ArchiveMemoryV2['facts'] = {};
  // Every scope with facts now or texts before: a scope whose facts were all forgotten still has its
  // earlier texts. Sorted, so the order does not depend on which of the two lists named a scope.
  const files = new Map(engine.facts.memory.scopes().map((s) => [s.scope, s.updated]));
  const withVersions = db.prepare(`SELECT DISTINCT scope FROM fact_version`).pluck().all() as string[];
  for (const scope of [...new Set([...files.keys(), ...withVersions])].sort()) {
    const updated = files.get(scope) ?? null;
    const facts = files.has(scope) ? engine.facts.memory.read(scope).facts : [];
    const openRows = new Map<string, VersionRow>();
    for (const r of open.all(scope) as VersionRow[]) openRows.set(r.fact_id, r);
    const originsOf = new Map<string, ArchiveFactOrigin[]>();
    for (const o of origins.all(scope) as Record<string, string | null>[]) {
      const list = originsOf.get(o.fact_id as string) ?? [];
      list.push({
        origin: o.origin as ArchiveFactOrigin['origin'],
        event: o.event as ArchiveFactOrigin['event'],
        previousId: o.previous_id,
        sessionId: o.session_id,
        messageId: o.message_id,
        detail: o.detail,
        recordedAt: o.recorded_at as string,
      });
      originsOf.set(o.fact_id as string, list);
    }
    const exported: ExportedFact[] = facts.map((f) => {
      const row = openRows.get(f.id);
      // A fact Monad has no record of (a file written before sources were kept) says so: "unknown".
      const source = row ? sourceOf(row) : UNKNOWN_SOURCE;
      return { id: f.id, text: f.text, since: row?.valid_from ?? updated ?? new Date(0).toISOString(), source: { ...source, replaces: [...source.replaces] }, origins: originsOf.get(f.id) ?? [] };
    });
    const versions: ExportedFactVersion[] = (closed.all(scope) as VersionRow[]).map((r) => ({
      id: r.fact_id,
      text: r.text,
      validFrom: r.valid_from,
      validTo: r.valid_to!,
      source: sourceOf(r),
      journalId: r.journal_id,
    }));
    // An empty scope file says nothing an import could bring.
    if (exported.length || versions.length) out[scope] = { facts: exported, versions };
  }
  return out;
}

/** The oldest time the History keeps (memory.history.retentionDays), or null when it keeps everything. */
export function historyCutoff(engine: MemoryExportPorts): string | null {
  const days = engine.config.get().memory.history?.retentionDays ?? null;
  return days === null ? null : new Date(engine.now().getTime() - days * 86_400_000).toISOString();
}

/** History within its retention, oldest first, one entry at a time (an export writes it as it reads it). */
export function* journalEntries(engine: MemoryExportPorts): Generator<ExportedJournalEntry> {
  const db = engine.memoryDb;
  const cutoff = historyCutoff(engine);
  const links = linksByEntry(db);
  const where = cutoff ? 'WHERE at >= ?' : '';
  const args = cutoff ? [cutoff] : [];
  const kept = new Set(db.prepare(`SELECT id FROM memory_journal ${where}`).pluck().all(...args) as number[]);
  // Pages by id rather than one open iterator: the connection stays free for other reads in between.
  const page = db.prepare(`SELECT * FROM memory_journal WHERE id > ? ${cutoff ? 'AND at >= ?' : ''} ORDER BY id LIMIT 2000`);
  let after = 0;
  for (;;) {
    const rows = page.all(after, ...args) as Record<string, unknown>[];
    if (!rows.length) return;
    for (const r of rows) {
      yield {
        id: r.id as number,
        at: r.at as string,
        layer: r.layer as string,
        action: r.action as string,
        scope: (r.scope as string | null) ?? null,
        item: r.item as string,
        also: links.get(r.id as number) ?? [],
        actor: r.actor as string,
        source: r.source ? (JSON.parse(r.source as string) as Record<string, string>) : null,
        before: r.before === null ? null : (JSON.parse(r.before as string) as unknown),
        after: r.after === null ? null : (JSON.parse(r.after as string) as unknown),
        summary: r.summary as string,
        groupId: (r.group_id as string | null) ?? null,
        // An entry beyond the retention is not in the file: nothing may point at it.
        undoes: kept.has(r.undoes as number) ? (r.undoes as number) : null,
        undoneBy: kept.has(r.undone_by as number) ? (r.undone_by as number) : null,
      };
    }
    after = rows.at(-1)!.id as number;
  }
}

/** The whole History section at once (tests). */
export function exportJournal(engine: MemoryExportPorts): ExportedJournalEntry[] {
  return [...journalEntries(engine)];
}

function linksByEntry(db: Database): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [entry, item] of db.prepare(`SELECT entry, item FROM memory_journal_link ORDER BY entry, item`).raw().all() as [number, string][]) {
    const list = out.get(entry) ?? [];
    if (!list.includes(item)) list.push(item);
    out.set(entry, list);
  }
  return out;
}

export function exportInbox(engine: MemoryExportPorts): ArchiveMemoryV2['inbox'] {
  const db = engine.memoryDb;
  const rejections = (db.prepare(`SELECT kind, scope, text, rejected_at FROM inbox_rejection ORDER BY rejected_at, fingerprint`).all() as Record<string, string>[]).map((r) => ({
    kind: r.kind,
    scope: r.scope,
    text: r.text,
    rejectedAt: r.rejected_at,
  }));
  const pending = (db.prepare(`SELECT agent_id, scope, action, text, proposed_at FROM memory_proposal WHERE status = 'pending' ORDER BY id`).all() as Record<string, string>[]).map((r) => ({
    agentId: r.agent_id,
    scope: r.scope,
    action: r.action,
    text: r.text,
    proposedAt: r.proposed_at,
  }));
  // Consolidation's merges waiting for the person (fact_proposal): pending too.
  const merges = (db.prepare(`SELECT scope, text, proposed_at FROM fact_proposal WHERE status = 'open' ORDER BY id`).all() as Record<string, string>[]).map((r) => ({
    agentId: null,
    scope: r.scope,
    action: 'merge',
    text: r.text,
    proposedAt: r.proposed_at,
  }));
  // Cross-layer proposals waiting for the person, as the Inbox shows them (one whose correction was undone
  // or whose target changed since is set aside there, and not carried): the new home can ask them.
  const links = engine.links.pending().map((l) => ({
    kind: l.kind,
    scope: l.scope,
    target: l.target,
    targetText: l.targetText,
    text: l.text,
    relation: l.relation,
    causeEntry: l.causeEntry > 0 ? l.causeEntry : null,
    cause: l.cause,
    basis: l.basis,
    sessionId: l.sessionId,
    messageId: l.messageId,
    proposedAt: l.proposedAt,
  }));
  return { rejections, pending: [...pending, ...merges], links };
}
