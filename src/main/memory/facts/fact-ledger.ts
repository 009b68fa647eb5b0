// The L1 side of the history of memory (issue 15). MemoryDir reports every change of a scope's facts
// under the file's lock (facts/memory-dir.ts, FactTracker); the ledger turns each into one journal entry
// (fact.recorded / fact.edited / fact.forgotten / fact.merged) with actor, source, before and after, and
// keeps fact_version in step: the open version of a fact is its source, closed ones say what Monad knew
// on any date. Who made a change is set around the synchronous write by `as(by, fn)`; a write nobody
// attributed is the system's. A file that changed outside Monad's writes is compared with the open
// versions when it is next read: what differs was edited by hand and is journaled as the person's.
import type { Database } from 'better-sqlite3';
import type { Fact, FactSource } from '../../../shared/domain';
import type { JournalActor, JournalSource } from '../../../shared/journal';
import type { MemoryJournal } from '../journal/journal';
import { normalizeFact } from './fact-id';
import type { FactOrigins } from './fact-origins';
import { FactVersions, toFactSource, toVersionSource, UNKNOWN_SOURCE, type VersionSource } from './fact-versions';
import type { FactChange, FactTracker } from './fact-tracker';

/** Who makes a change and from where (the journal's actor and source). */
export interface FactChangeBy {
  actor: JournalActor;
  source?: JournalSource;
}

export interface FactAttribution extends FactChangeBy {
  /** A consolidation pass: for each fact it wrote, the ids of the facts that fact covers. */
  merges?: ReadonlyMap<string, readonly string[]>;
  /** An undo puts facts back: the sources they had, by id, are kept instead of the undoer's. */
  restore?: ReadonlyMap<string, FactSource | null>;
}

/** A fact in a journal entry's before/after: enough to put it back with its source. */
export interface FactSnapshot {
  scope: string;
  id: string;
  text: string;
  source: FactSource | null;
}

/** `after` of fact.edited: `existed` when the new text was already another fact of the scope (the two became one). */
export type EditedSnapshot = FactSnapshot & { existed: boolean };

/** `before` of fact.merged. */
export interface MergedFrom {
  scope: string;
  facts: FactSnapshot[];
}

/** How the facts of a file edited by hand are attributed. */
export const HAND_EDIT: FactChangeBy = { actor: 'person', source: { via: 'hand-edit' } };

/** Below this word overlap, a removed and an added bullet of one hand edit are two changes, not one edit. */
const HAND_EDIT_PAIRING = 0.4;
const TRACKING_KEY = 'l1.tracking-since';

export function quoteFact(text: string): string {
  return `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`;
}

export class FactLedger implements FactTracker {
  readonly versions: FactVersions;
  private readonly stack: FactAttribution[] = [];
  private adopting = false;

  constructor(
    private readonly d: {
      db: Database;
      journal: MemoryJournal;
      origins: FactOrigins;
      now: () => Date;
    },
  ) {
    this.versions = new FactVersions(d.db);
  }

  /** Runs a synchronous write attributed to `by` (nested calls: the innermost wins). */
  as<T>(by: FactAttribution, fn: () => T): T {
    this.stack.push(by);
    try {
      return fn();
    } finally {
      this.stack.pop();
    }
  }

  /** Whether this home's facts are tracked yet (false on the first start after the upgrade). */
  tracking(): boolean {
    return this.d.db.prepare(`SELECT 1 FROM consolidation_state WHERE key = ?`).pluck().get(TRACKING_KEY) !== undefined;
  }

  /**
   * The first start with provenance: facts already in the files are adopted without history entries,
   * each with the source the older fact_origin rows give it (or "unknown"). Later differences between a
   * file and the record are edits by hand. `readAll` reads every scope file (MemoryDir.scopes).
   */
  adopt(readAll: () => void): void {
    if (this.tracking()) return;
    this.adopting = true;
    try {
      readAll();
    } finally {
      this.adopting = false;
    }
    this.d.db
      .prepare(`INSERT INTO consolidation_state (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO NOTHING`)
      .run(TRACKING_KEY, this.d.now().toISOString(), this.d.now().toISOString());
  }

  sourceOf(scope: string, id: string): FactSource | null {
    return this.versions.sourceOf(scope, id);
  }

  // ── FactTracker ────────────────────────────────────────────────────────────────────────────────

  changed(c: FactChange): void {
    const by = this.stack.at(-1) ?? { actor: 'system' };
    const at = this.d.now().toISOString();
    this.d.db.transaction(() => {
      switch (c.op.kind) {
        case 'record': {
          // A record appends one fact: no need to compare thousands of ids on every write.
          const last = c.after.at(-1);
          if (c.after.length === c.before.length + 1 && last) this.recorded(c.scope, last, by, at);
          else for (const f of added(c.before, c.after)) this.recorded(c.scope, f, by, at);
          return;
        }
        case 'update': {
          const { from, to } = c.op;
          const old = c.before.find((f) => f.id === from);
          const now = c.after.find((f) => f.id === to);
          // `to` was already a fact of the scope: the edit made the two one.
          if (old && now) this.edited(c.scope, old, now, from !== to && c.before.some((f) => f.id === to), by, at);
          return;
        }
        case 'forget': {
          const { id } = c.op;
          const gone = c.before.find((f) => f.id === id);
          if (gone) this.forgotten(c.scope, gone, by, at);
          return;
        }
        case 'drop':
          for (const f of c.before) this.forgotten(c.scope, f, by, at);
          return;
        case 'replace':
          this.replaced(c.scope, c.before, c.after, by, at);
          return;
      }
    })();
  }

  observed(scope: string, facts: readonly Fact[]): void {
    const open = this.versions.openTexts(scope);
    if (facts.length === open.size && facts.every((f) => open.get(f.id) === f.text)) return;
    const at = this.d.now().toISOString();
    const before: Fact[] = [...open].map(([id, text]) => ({ id, scope, text }));
    this.d.db.transaction(() => {
      if (this.adopting) {
        for (const f of facts) if (open.get(f.id) !== f.text) this.adoptFact(scope, f, at);
        const ids = new Set(facts.map((f) => f.id));
        for (const f of before) if (!ids.has(f.id)) this.versions.close(scope, f.id, at);
        return;
      }
      // One save of the file is one action of the person's: one group, one undo; never part of an action
      // that happens to be running when it is noticed (an undo reading the file, say).
      this.d.journal.aside(() => this.d.journal.inGroup(() => this.replaced(scope, before, facts, HAND_EDIT, at)));
    })();
  }

  // ── one entry per change ───────────────────────────────────────────────────────────────────────

  private recorded(scope: string, f: Fact, by: FactAttribution, at: string): void {
    const source = this.sourceFor(f.id, by, 'recorded', []);
    const entry = this.d.journal.append({
      layer: 'facts',
      action: 'fact.recorded',
      scope,
      item: `fact:${f.id}`,
      actor: by.actor,
      source: by.source ?? null,
      after: { scope, id: f.id, text: f.text, source: toFactSource(source, at) } satisfies FactSnapshot,
      summary: `${by.source?.via === 'hand-edit' ? 'Added by hand' : 'Recorded'} ${quoteFact(f.text)}`,
    });
    this.versions.open(scope, f, source, at, entry.id);
  }

  private edited(scope: string, from: Fact, to: Fact, existed: boolean, by: FactAttribution, at: string): void {
    const before = this.snapshot(scope, from);
    const source = existed ? null : firstSaidIn(this.sourceFor(to.id, by, 'edited', to.id === from.id ? [] : [from.id]), before.source);
    const after = existed ? this.snapshot(scope, to) : { scope, id: to.id, text: to.text, source: toFactSource(source!, at) };
    const entry = this.d.journal.append({
      layer: 'facts',
      action: 'fact.edited',
      scope,
      item: `fact:${from.id}`,
      also: [`fact:${to.id}`],
      actor: by.actor,
      source: by.source ?? null,
      before,
      after: { ...after, existed } satisfies EditedSnapshot,
      summary: `${by.source?.via === 'hand-edit' ? 'Edited by hand' : 'Edited'} ${quoteFact(from.text)} → ${quoteFact(to.text)}${existed ? ' (already known)' : ''}`,
    });
    this.versions.close(scope, from.id, at);
    if (source) this.versions.open(scope, to, source, at, entry.id);
  }

  private forgotten(scope: string, f: Fact, by: FactAttribution, at: string): void {
    this.d.journal.append({
      layer: 'facts',
      action: 'fact.forgotten',
      scope,
      item: `fact:${f.id}`,
      actor: by.actor,
      source: by.source ?? null,
      before: this.snapshot(scope, f),
      summary: `${by.source?.via === 'hand-edit' ? 'Removed by hand' : 'Forgot'} ${quoteFact(f.text)}`,
    });
    this.versions.close(scope, f.id, at);
  }

  private merged(scope: string, inputs: Fact[], out: Fact, by: FactAttribution, at: string): void {
    const replaces = inputs.map((f) => f.id).filter((id) => id !== out.id);
    const source = this.sourceFor(out.id, by, 'merged', replaces);
    const entry = this.d.journal.append({
      layer: 'facts',
      action: 'fact.merged',
      scope,
      item: `fact:${out.id}`,
      also: inputs.map((f) => `fact:${f.id}`),
      actor: by.actor,
      source: by.source ?? null,
      before: { scope, facts: inputs.map((f) => this.snapshot(scope, f)) } satisfies MergedFrom,
      after: { scope, id: out.id, text: out.text, source: toFactSource(source, at) } satisfies FactSnapshot,
      summary: `Merged ${inputs.length} facts into ${quoteFact(out.text)}`,
    });
    for (const f of inputs) this.versions.close(scope, f.id, at);
    this.versions.open(scope, out, source, at, entry.id);
  }

  /**
   * A wholesale change (consolidation, or a file edited by hand): merges where the attribution says which
   * facts an output covers, otherwise a removed and an added fact that are nearly the same words are one
   * edit, and the rest are recorded or forgotten.
   */
  private replaced(scope: string, before: readonly Fact[], after: readonly Fact[], by: FactAttribution, at: string): void {
    const beforeById = new Map(before.map((f) => [f.id, f]));
    const afterIds = new Set(after.map((f) => f.id));
    const covered = new Set<string>();
    const fresh: Fact[] = [];
    for (const f of after) {
      const from = by.merges?.get(f.id)?.filter((id) => beforeById.has(id));
      if (from && from.length > 1) {
        from.forEach((id) => covered.add(id));
        this.merged(scope, from.map((id) => beforeById.get(id)!), f, by, at);
      } else if (from && from.length === 1 && from[0] !== f.id) {
        covered.add(from[0]);
        this.edited(scope, beforeById.get(from[0])!, f, false, by, at);
      } else if (beforeById.has(f.id)) {
        covered.add(f.id);
        const old = beforeById.get(f.id)!;
        if (old.text !== f.text) this.edited(scope, old, f, false, by, at);
      } else fresh.push(f);
    }
    const gone = before.filter((f) => !covered.has(f.id) && !afterIds.has(f.id));
    const pairs = pairEdits(gone, fresh);
    for (const [old, now] of pairs) this.edited(scope, old, now, false, by, at);
    const paired = new Set(pairs.flatMap(([a, b]) => [a.id, b.id]));
    for (const f of gone) if (!paired.has(f.id)) this.forgotten(scope, f, by, at);
    for (const f of fresh) if (!paired.has(f.id)) this.recorded(scope, f, by, at);
  }

  // ── sources ────────────────────────────────────────────────────────────────────────────────────

  private snapshot(scope: string, f: Fact): FactSnapshot {
    return { scope, id: f.id, text: f.text, source: this.versions.sourceOf(scope, f.id) };
  }

  private sourceFor(id: string, by: FactAttribution, event: FactSource['event'], replaces: string[]): VersionSource {
    const restored = by.restore?.get(id);
    if (restored) return toVersionSource(restored);
    return { actor: by.actor, source: by.source ?? null, event, replaces };
  }

  /** A fact found in a file on the first start with provenance: what fact_origin knew of it, if anything. */
  private adoptFact(scope: string, f: Fact, now: string): void {
    const rows = this.d.origins.history(scope, f.id).filter((r) => r.event !== 'duplicate');
    const last = rows.at(-1);
    if (!last) {
      this.versions.open(scope, f, toVersionSource(UNKNOWN_SOURCE), now, null);
      return;
    }
    const source: JournalSource = {};
    if (last.sessionId) source.sessionId = last.sessionId;
    if (last.messageId) source.messageId = last.messageId;
    if (last.detail) source.detail = last.detail;
    let actor: JournalActor = 'agent';
    if (last.origin === 'person') actor = 'person';
    else if (last.origin === 'imported') (actor = 'import'), (source.via = 'import');
    else if (last.origin === 'consolidated' || last.detail === 'consolidated') actor = 'consolidation';
    const v: VersionSource = {
      actor,
      source: Object.keys(source).length ? source : null,
      event: actor === 'consolidation' ? 'merged' : last.event === 'updated' ? 'edited' : 'recorded',
      replaces: last.previousId ? [last.previousId] : [],
    };
    this.versions.open(scope, f, v, last.recordedAt, null);
  }
}

function added(before: readonly Fact[], after: readonly Fact[]): Fact[] {
  const ids = new Set(before.map((f) => f.id));
  return after.filter((f) => !ids.has(f.id));
}

function words(text: string): Set<string> {
  return new Set(normalizeFact(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean));
}

/**
 * Removed and added facts of one wholesale change that are the same fact reworded: one of each is an
 * edit; among several, pairs whose words overlap enough, most alike first.
 */
export function pairEdits(gone: readonly Fact[], fresh: readonly Fact[]): [Fact, Fact][] {
  if (gone.length === 1 && fresh.length === 1) return [[gone[0], fresh[0]]];
  const scored: { a: Fact; b: Fact; score: number }[] = [];
  const freshWords = fresh.map((f) => words(f.text));
  for (const a of gone) {
    const wa = words(a.text);
    fresh.forEach((b, i) => {
      const wb = freshWords[i];
      let common = 0;
      for (const w of wa) if (wb.has(w)) common++;
      const union = wa.size + wb.size - common;
      const score = union ? common / union : 0;
      if (score >= HAND_EDIT_PAIRING) scored.push({ a, b, score });
    });
  }
  scored.sort((x, y) => y.score - x.score);
  const used = new Set<string>();
  const out: [Fact, Fact][] = [];
  for (const s of scored) {
    if (used.has(`a${s.a.id}`) || used.has(`b${s.b.id}`)) continue;
    used.add(`a${s.a.id}`);
    used.add(`b${s.b.id}`);
    out.push([s.a, s.b]);
  }
  return out;
}

/**
 * An edit with no chat of its own (the Memory tab, the CLI, approving in the Inbox) keeps the chat and
 * message the fact was first said in (issue 27 §3): "edited by you; first said in <chat>". Before, the
 * new text's source dropped the link and the fact no longer led back to where it came from.
 */
function firstSaidIn(v: VersionSource, before: FactSource | null): VersionSource {
  if (v.source?.sessionId || !before?.sessionId) return v;
  const source: JournalSource = { ...v.source, sessionId: before.sessionId };
  if (before.messageId) source.messageId = before.messageId;
  return { ...v, source };
}
