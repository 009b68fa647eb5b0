// The facts of a Monad export. Every fact goes through the store (and so the sanitizer and the dedup
// floor) like any other write; a refused one is reported with where it was in the file.
//
// v1 carried texts only: each fact comes in as "imported" (someone else's words, marked in recall),
// with this file as its source.
// v2 carries who wrote each fact and from where, how it came in (fact_origin) and its earlier texts:
//   - the fact keeps its source: the person's facts stay the person's (not "imported"), a fact said in a
//     chat stays linked to that message when the file carried it; a link to a chat or message the file
//     did not carry is dropped and counted;
//   - the trace that it came through an import is the History entry the import writes for it (actor
//     "import", the file's name), one group for the whole import, as in v1;
//   - its earlier texts (closed versions) come in with their times, so "what did Monad know on <date>"
//     answers the same here.
// A fact already here (same scope, same normalised text) is left as it is: its own source stands, and
// importing the same file twice adds nothing.
import type { Database, Statement } from 'better-sqlite3';
import type { FactSource, ImportReport } from '../../shared/domain';
import type { JournalSource } from '../../shared/journal';
import type { FactImportPorts } from './transfer-ports';
import { factId } from '../memory/facts/fact-id';
import { toVersionSource } from '../memory/facts/fact-versions';
import { archiveFactsSchema } from './formats';
import { scopeSchema } from './formats-fields';
import { archiveFactsV2Schema, type ArchiveFactSource, type ArchiveFactsV2 } from './formats-memory';
import type { ImportCleaner } from './import-clean';
import { OversizeString } from './json-stream';
import { formatPath, validate } from './positions';

const LABEL = 'Monad export';

export interface FactImportDeps {
  engine: FactImportPorts;
  cleaner: ImportCleaner;
  report: ImportReport;
  /** The file's name, the detail of the import's own History entries. */
  sourceName: string | null;
  /** Chats and messages this import wrote or found here: the only ones a source may stay linked to. */
  carried: { sessions: ReadonlySet<string>; messages: ReadonlySet<string> };
}

export class FactImport {
  /** `${scope}\n${the fact's id in the file}` → its id here (laws cite facts by id; History names them). */
  readonly ids = new Map<string, string>();
  /** Links to a chat or message the file did not carry, dropped from sources and origins. */
  unlinked = 0;
  private readonly by: { actor: 'import'; source: JournalSource };
  private versionsV2: ArchiveFactsV2 | null = null;

  constructor(private readonly d: FactImportDeps) {
    this.by = { actor: 'import', source: { via: 'import', ...(d.sourceName ? { detail: d.sourceName } : {}) } };
  }

  /** v1: scope → texts. */
  v1(raw: unknown): void {
    const facts = validate(archiveFactsSchema, raw, LABEL, ['facts']);
    const { engine } = this.d;
    engine.journal.inGroup(() =>
      engine.facts.ledger.as(this.by, () => {
        for (const [scope, texts] of Object.entries(facts)) {
          validate(scopeSchema, scope, LABEL, ['facts', scope]);
          const items: { text: string; where: string }[] = [];
          texts.forEach((t, i) => {
            const where = formatPath(['facts', scope, i]);
            if (t instanceof OversizeString) this.d.cleaner.refuseOversize(where, 'fact', t.length);
            else items.push({ text: t, where });
          });
          this.recordAll(scope, items).forEach((r, i) => {
            if (!r) return;
            // A law of the file cites this fact by the id it had there: a hash of its text.
            this.ids.set(`${scope}\n${factId(items[i].text)}`, r.id);
            // Someone else's words: marked "imported" in recall until the person records or edits the fact.
            engine.facts.origins.record({ scope, factId: r.id, origin: 'imported', event: r.status, detail: this.d.sourceName });
          });
        }
      }),
    );
  }

  /** v2: scope → { facts with sources and origins, earlier texts }. The earlier texts wait for `versions()`. */
  v2(raw: unknown): void {
    const all = validate(archiveFactsV2Schema, raw, LABEL, ['facts']);
    this.versionsV2 = all;
    const { engine } = this.d;
    const db = engine.memoryDb;
    const since = db.prepare(`UPDATE fact_version SET valid_from = ? WHERE scope = ? AND fact_id = ? AND valid_to IS NULL`);
    const origin = db.prepare(
      `INSERT INTO fact_origin (scope, fact_id, origin, event, previous_id, session_id, message_id, detail, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    engine.journal.inGroup(() => {
      for (const [scope, { facts }] of Object.entries(all)) {
        validate(scopeSchema, scope, LABEL, ['facts', scope]);
        const kept: { f: (typeof facts)[number]; text: string; where: string }[] = [];
        // Each fact keeps the source it had; the History entry of its write is the import's.
        const restore = new Map<string, FactSource>();
        facts.forEach((f, i) => {
          const where = formatPath(['facts', scope, 'facts', i]);
          if (f.text instanceof OversizeString) return this.d.cleaner.refuseOversize(where, 'fact', f.text.length);
          kept.push({ f, text: f.text, where });
          restore.set(factId(f.text), this.source(f.source));
        });
        const results = this.recordAll(scope, kept, restore);
        kept.forEach(({ f, text }, i) => {
          const r = results[i];
          if (!r) return;
          this.ids.set(`${scope}\n${f.id}`, r.id);
          if (r.status !== 'recorded') return;
          if (r.id === factId(text)) since.run(f.since, scope, r.id);
          for (const o of f.origins) {
            origin.run(scope, r.id, o.origin, o.event, o.previousId, this.link('session', o.sessionId), this.link('message', o.messageId), o.detail ? this.d.cleaner.messageText(o.detail) : null, o.recordedAt);
          }
        });
      }
    });
  }

  /** v2's earlier texts, after History came in (a version names the entry that opened it). */
  versions(journalIds: ReadonlyMap<number, number>): void {
    if (!this.versionsV2) return;
    const db: Database = this.d.engine.memoryDb;
    const have = db.prepare(`SELECT 1 FROM fact_version WHERE scope = ? AND fact_id = ? AND valid_from = ? AND valid_to IS ? LIMIT 1`).pluck();
    const insert: Statement = db.prepare(
      `INSERT INTO fact_version (scope, fact_id, text, valid_from, valid_to, journal_id, actor, source, event, replaces) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    for (const [scope, { versions }] of Object.entries(this.versionsV2)) {
      versions.forEach((v, i) => {
        // An earlier text can be shown again ("what did Monad know on <date>"): the same rules as a fact.
        const text = this.d.cleaner.memoryText(v.text, 'earlier text of a fact', formatPath(['facts', scope, 'versions', i]));
        if (text === null) return;
        const id = text === v.text ? v.id : factId(text);
        if (have.get(scope, id, v.validFrom, v.validTo) !== undefined) return;
        const s = toVersionSource(this.source(v.source));
        const stored = s.writtenAt && s.writtenAt !== v.validFrom ? { ...s.source, writtenAt: s.writtenAt } : s.source;
        const journalId = v.journalId === null ? null : (journalIds.get(v.journalId) ?? null);
        insert.run(scope, id, text, v.validFrom, v.validTo, journalId, s.actor, stored ? JSON.stringify(stored) : null, s.event, s.replaces.length ? JSON.stringify(s.replaces) : null);
      });
    }
  }

  reportLines(): string[] {
    if (!this.unlinked) return [];
    return [`Fact sources: ${this.unlinked.toLocaleString('en')} named a chat or message this file did not carry; those facts are kept without the link.`];
  }

  /**
   * Records a scope's texts in one write of its file (5,000 facts written one by one cost 5,000 atomic
   * writes); each result is null (reported) when the sanitizer refused that text.
   */
  private recordAll(scope: string, items: readonly { text: string; where: string }[], restore?: ReadonlyMap<string, FactSource>): ({ id: string; status: 'recorded' | 'duplicate' } | null)[] {
    if (!items.length) return [];
    const results = this.d.engine.facts.ledger.as({ ...this.by, ...(restore ? { restore } : {}) }, () => this.d.engine.facts.memory.recordMany(scope, items.map((i) => i.text)));
    return results.map((r, i) => {
      this.d.report.cleaned.redactions += r.redactions.length;
      if ((r.status === 'recorded' || r.status === 'duplicate') && r.fact) {
        if (r.status === 'recorded') this.d.report.facts.added++;
        else this.d.report.facts.skipped++;
        return { id: r.fact.id, status: r.status };
      }
      this.d.cleaner.refuse(items[i].where, 'fact', r.reason ?? 'refused by the sanitizer', items[i].text);
      return null;
    });
  }

  /** The file's source with its links checked and its free text cleaned. */
  private source(s: ArchiveFactSource): FactSource {
    return {
      ...s,
      sessionId: this.link('session', s.sessionId),
      messageId: this.link('message', s.messageId),
      runId: s.runId ? this.d.cleaner.messageText(s.runId) : null,
      detail: s.detail ? this.d.cleaner.messageText(s.detail) : null,
      replaces: [...s.replaces],
    };
  }

  private link(kind: 'session' | 'message', id: string | null): string | null {
    if (id === null) return null;
    if ((kind === 'session' ? this.d.carried.sessions : this.d.carried.messages).has(id)) return id;
    this.unlinked++;
    return null;
  }
}
