// The one history of memory: an append-only journal in db/memory.sqlite (migration 7). Every layer
// appends an entry for each change it makes; any single entry can be undone through the inverse
// operation its layer registered for that action. Undoing an entry that later entries depend on (the
// same item changed again, or the rest of its group) undoes those first, newest first, and says so in
// the plan before anything is done.
import { randomUUID } from 'node:crypto';
import type { Database, Statement } from 'better-sqlite3';
import { MonadError } from '../../../shared/errors';
import type { JournalActor, JournalEntry, JournalFilter, JournalLayer, JournalPage, JournalSource, UndoPlan } from '../../../shared/journal';

export interface NewJournalEntry {
  layer: JournalLayer;
  action: string;
  scope?: string | null;
  item: string;
  actor: JournalActor;
  source?: JournalSource | null;
  before?: unknown;
  after?: unknown;
  summary: string;
  /**
   * Other items this change touches besides `item`, in the same scope: an edited fact's new id (a fact's
   * id is a hash of its text), the facts a consolidation merge replaced. Undo plans follow them.
   */
  also?: readonly string[];
}

/** Performs the inverse of one entry. Runs inside `MemoryJournal.undo`; what it appends is marked as that undo. */
export type Undoer = (entry: JournalEntry) => void;
/**
 * Why an entry cannot be undone as things stand now (something it needs was removed by a change that
 * does not depend on it), or null. `planned` is the whole plan, whose undos run first where newer.
 */
export type UndoBlock = (entry: JournalEntry, planned: readonly JournalEntry[]) => string | null;

interface Row {
  id: number;
  at: string;
  layer: JournalLayer;
  action: string;
  scope: string | null;
  item: string;
  actor: JournalActor;
  source: string | null;
  before: string | null;
  after: string | null;
  summary: string;
  group_id: string | null;
  undoes: number | null;
  undone_by: number | null;
}

export const DEFAULT_PAGE = 50;
export const MAX_PAGE = 500;

const toEntry = (r: Row): JournalEntry => ({
  id: r.id,
  at: r.at,
  layer: r.layer,
  action: r.action,
  scope: r.scope,
  item: r.item,
  actor: r.actor,
  source: r.source ? (JSON.parse(r.source) as JournalSource) : null,
  before: r.before === null ? null : (JSON.parse(r.before) as unknown),
  after: r.after === null ? null : (JSON.parse(r.after) as unknown),
  summary: r.summary,
  groupId: r.group_id,
  undoes: r.undoes,
  undoneBy: r.undone_by,
});

export class MemoryJournal {
  private readonly undoers = new Map<string, Undoer>();
  private readonly blocks = new Map<string, UndoBlock>();
  private readonly insert: Statement;
  private readonly byId: Statement;
  private readonly markUndone: Statement;
  private readonly link: Statement;
  /** Set while a group action runs: its entries share the id. */
  private group: string | null = null;
  /** Set while an undo runs: entries appended by the undoer record which entry they undo. */
  private undoing: number | null = null;
  private readonly listeners = new Set<(e: JournalEntry) => void>();

  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.insert = db.prepare(
      `INSERT INTO memory_journal (at, layer, action, scope, item, actor, source, before, after, summary, group_id, undoes)
       VALUES (@at, @layer, @action, @scope, @item, @actor, @source, @before, @after, @summary, @group_id, @undoes)`,
    );
    this.byId = db.prepare(`SELECT * FROM memory_journal WHERE id = ?`);
    this.markUndone = db.prepare(`UPDATE memory_journal SET undone_by = ? WHERE id = ? AND undone_by IS NULL`);
    this.link = db.prepare(`INSERT INTO memory_journal_link (entry, item) VALUES (?, ?)`);
  }

  /** Appends one entry (inside the caller's transaction, if one is open) and returns it. */
  append(e: NewJournalEntry): JournalEntry {
    const row = {
      at: this.now().toISOString(),
      layer: e.layer,
      action: e.action,
      scope: e.scope ?? null,
      item: e.item,
      actor: e.actor,
      source: e.source ? JSON.stringify(e.source) : null,
      before: e.before === undefined || e.before === null ? null : JSON.stringify(e.before),
      after: e.after === undefined || e.after === null ? null : JSON.stringify(e.after),
      summary: e.summary,
      group_id: this.group,
      undoes: this.undoing,
    };
    const id = Number(this.insert.run(row).lastInsertRowid);
    for (const item of new Set(e.also ?? [])) if (item !== e.item) this.link.run(id, item);
    if (this.undoing !== null) this.markUndone.run(id, this.undoing);
    const entry = toEntry({ id, ...row, undone_by: null } as Row);
    for (const l of this.listeners) l(entry);
    return entry;
  }

  /** Runs `fn` so that every entry it appends belongs to one group (undone together). */
  inGroup<T>(fn: () => T, groupId: string = randomUUID()): T {
    const outer = this.group;
    if (outer !== null) return fn(); // already inside a group: join it
    this.group = groupId;
    try {
      return fn();
    } finally {
      this.group = outer;
    }
  }

  /**
   * Runs `fn` outside the group or undo in progress: for changes that are not part of it but are noticed
   * while it runs (a memory file edited by hand, read for the first time by an undo).
   */
  aside<T>(fn: () => T): T {
    const group = this.group;
    const undoing = this.undoing;
    this.group = null;
    this.undoing = null;
    try {
      return fn();
    } finally {
      this.group = group;
      this.undoing = undoing;
    }
  }

  /**
   * Runs `fn` so that what it appends is a consequence of `cause` (laws leaving recall because a fact they
   * rest on was forgotten): both share a group, so undoing one undoes the other. A cause appended outside
   * any group is given one here.
   */
  consequenceOf<T>(cause: JournalEntry, fn: () => T): T {
    if (this.group !== null) return fn(); // the cause was appended inside this group
    let groupId = (this.byId.get(cause.id) as Row | undefined)?.group_id ?? null;
    if (groupId === null) {
      groupId = randomUUID();
      this.db.prepare(`UPDATE memory_journal SET group_id = ? WHERE id = ? AND group_id IS NULL`).run(groupId, cause.id);
    }
    return this.inGroup(fn, groupId);
  }

  onAppend(listener: (e: JournalEntry) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Runs `fn` so that what it appends is the undo of entry `id` (it marks which entry it undoes, and that
   * one undone): an undo made on another device, arriving through sync as the change it makes (issue 30).
   * Nothing is done here beyond the marking: `fn` makes the change through its layer's ordinary path.
   */
  asUndoOf<T>(id: number, fn: () => T): T {
    const undoing = this.undoing;
    this.undoing = id;
    try {
      return fn();
    } finally {
      this.undoing = undoing;
    }
  }

  /**
   * The newest entry that touched `item` in `scope` (as its item or one of its `also` items). With
   * `changesOnly`, only entries neither undone nor themselves an undo: what an undo arriving from another
   * device undoes here. Without it, any entry: whether this device's last change to the item was an undo.
   */
  lastOn(item: string, scope: string | null, opts: { changesOnly?: boolean; actions?: readonly string[] } = {}): JournalEntry | null {
    const actions = opts.actions ?? [];
    const live = `${opts.changesOnly ? 'AND j.undone_by IS NULL AND j.undoes IS NULL' : ''} ${actions.length ? `AND j.action IN (${actions.map(() => '?').join(',')})` : ''}`;
    const row = this.db
      .prepare(
        `SELECT j.* FROM memory_journal j WHERE j.scope IS ? ${live} AND (j.item = ? OR j.id IN (SELECT entry FROM memory_journal_link WHERE item = ?))
         ORDER BY j.id DESC LIMIT 1`,
      )
      .get(scope, ...actions, item, item) as Row | undefined;
    return row ? toEntry(row) : null;
  }

  /**
   * Registers the inverse of an action. Each action that can be undone has exactly one. `blocked` says
   * when it cannot run as things stand, so History's "possible" and the undo agree before anything runs.
   */
  registerUndo(action: string, undoer: Undoer, blocked?: UndoBlock): void {
    if (this.undoers.has(action)) throw new Error(`undo for ${action} is already registered`);
    this.undoers.set(action, undoer);
    if (blocked) this.blocks.set(action, blocked);
  }

  /** Whether an action has a registered inverse (the History view offers Undo only then). */
  hasUndo(action: string): boolean {
    return this.undoers.has(action);
  }

  get(id: number): JournalEntry | null {
    const r = this.byId.get(id) as Row | undefined;
    return r ? toEntry(r) : null;
  }

  /** Newest first, keyset-paged on id (a cursor is the last id seen), filtered by layer/scope/actor/item/since. */
  list(filter: JournalFilter = {}, page: { before?: string | null; limit?: number } = {}): JournalPage {
    const limit = Math.min(Math.max(page.limit ?? DEFAULT_PAGE, 1), MAX_PAGE);
    const where: string[] = [];
    const args: unknown[] = [];
    if (filter.layer) (where.push('layer = ?'), args.push(filter.layer));
    if (filter.scope) (where.push('scope = ?'), args.push(filter.scope));
    if (filter.actor) (where.push('actor = ?'), args.push(filter.actor));
    if (filter.item) (where.push('item = ?'), args.push(filter.item));
    if (filter.since) (where.push('at >= ?'), args.push(filter.since));
    if (page.before) {
      const cursor = Number(page.before);
      if (!Number.isInteger(cursor) || cursor < 1) throw new MonadError('BAD_INPUT', 'Not a history cursor');
      where.push('id < ?');
      args.push(cursor);
    }
    const rows = this.db
      .prepare(`SELECT * FROM memory_journal ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ?`)
      .all(...args, limit + 1) as Row[];
    const more = rows.length > limit;
    const entries = rows.slice(0, limit).map(toEntry);
    return { entries, next: more ? String(entries[entries.length - 1].id) : null };
  }

  /** Entries for one item, oldest first (the item's own history). */
  itemHistory(item: string): JournalEntry[] {
    return (this.db.prepare(`SELECT * FROM memory_journal WHERE item = ? ORDER BY id`).all(item) as Row[]).map(toEntry);
  }

  /**
   * What undoing `id` involves. Entries that depend on it are undone with it: later changes to an item it
   * touched (its `item` or one of its `also` items, in the same scope: the same fact text in two scopes is
   * two facts), the other entries of its group, and, transitively, what depends on those.
   */
  plan(id: number): UndoPlan {
    const entry = this.get(id);
    if (!entry) throw new MonadError('NOT_FOUND', `No history entry ${id}`);
    if (entry.undoneBy !== null) return { entry, alsoUndoes: [], possible: false, why: 'Already undone' };
    if (entry.undoes !== null) return { entry, alsoUndoes: [], possible: false, why: 'This entry is itself an undo; undo a later change instead' };
    const involved = new Map<number, JournalEntry>([[entry.id, entry]]);
    const queue = [entry];
    const laterOnItem = this.db.prepare(`SELECT * FROM memory_journal WHERE item = ? AND scope IS ? AND id > ? AND undone_by IS NULL AND undoes IS NULL`);
    const laterLinked = this.db.prepare(
      `SELECT j.* FROM memory_journal_link l JOIN memory_journal j ON j.id = l.entry
       WHERE l.item = ? AND j.scope IS ? AND l.entry > ? AND j.undone_by IS NULL AND j.undoes IS NULL`,
    );
    const linksOf = this.db.prepare(`SELECT item FROM memory_journal_link WHERE entry = ?`).pluck();
    const inGroup = this.db.prepare(`SELECT * FROM memory_journal WHERE group_id = ? AND undone_by IS NULL AND undoes IS NULL`);
    while (queue.length) {
      const e = queue.shift()!;
      const items = new Set([e.item, ...(linksOf.all(e.id) as string[])]);
      const more: Row[] = [];
      for (const item of items) more.push(...(laterOnItem.all(item, e.scope, e.id) as Row[]), ...(laterLinked.all(item, e.scope, e.id) as Row[]));
      if (e.groupId) more.push(...(inGroup.all(e.groupId) as Row[]));
      for (const r of more) {
        if (involved.has(r.id)) continue;
        const dep = toEntry(r);
        involved.set(dep.id, dep);
        queue.push(dep);
      }
    }
    const all = [...involved.values()].sort((a, b) => b.id - a.id);
    const missing = all.find((e) => !this.undoers.has(e.action));
    let blocked: string | null = null;
    for (const e of missing ? [] : all) if ((blocked = this.blocks.get(e.action)?.(e, all) ?? null)) break;
    return {
      entry,
      alsoUndoes: all.filter((e) => e.id !== entry.id),
      possible: !missing && !blocked,
      why: missing ? `"${missing.summary}" cannot be undone (${missing.action})` : blocked,
    };
  }

  /**
   * Undoes `id` and everything its plan names, newest first. When the plan involves more than the entry
   * itself, `confirm` must be true (the caller showed the plan). Returns the plan and the new entries.
   */
  undo(id: number, opts: { confirm?: boolean } = {}): { plan: UndoPlan; done: boolean; entries: JournalEntry[] } {
    const plan = this.plan(id);
    if (!plan.possible) throw new MonadError('CONFLICT', plan.why ?? 'This change cannot be undone');
    if (plan.alsoUndoes.length && !opts.confirm) return { plan, done: false, entries: [] };
    const order = [...plan.alsoUndoes, plan.entry].sort((a, b) => b.id - a.id);
    const made: JournalEntry[] = [];
    const stop = this.onAppend((e) => made.push(e));
    try {
      this.inGroup(() => {
        for (const e of order) {
          const before = made.length;
          this.undoing = e.id;
          try {
            this.undoers.get(e.action)!(e);
          } finally {
            this.undoing = null;
          }
          // An undoer with nothing to append (the state was already as before) still marks the entry
          // undone, by itself, so it is not offered again.
          if (made.length === before) this.markUndone.run(e.id, e.id);
        }
      });
    } finally {
      stop();
    }
    return { plan, done: true, entries: made };
  }

  /**
   * Drops entries older than `days` (retention setting; default keep forever). Only history is dropped:
   * the layers hold the current state, so it stays exact; closed fact versions older than that go too.
   */
  compact(days: number | null): { entries: number; versions: number } {
    if (days === null) return { entries: 0, versions: 0 };
    const cutoff = new Date(this.now().getTime() - days * 86_400_000).toISOString();
    return this.db.transaction(() => {
      this.db.prepare(`UPDATE memory_journal SET undoes = NULL WHERE undoes IN (SELECT id FROM memory_journal WHERE at < ?)`).run(cutoff);
      this.db.prepare(`UPDATE memory_journal SET undone_by = NULL WHERE undone_by IN (SELECT id FROM memory_journal WHERE at < ?)`).run(cutoff);
      this.db.prepare(`UPDATE fact_version SET journal_id = NULL WHERE journal_id IN (SELECT id FROM memory_journal WHERE at < ?)`).run(cutoff);
      this.db.prepare(`DELETE FROM memory_journal_link WHERE entry IN (SELECT id FROM memory_journal WHERE at < ?)`).run(cutoff);
      const versions = this.db.prepare(`DELETE FROM fact_version WHERE valid_to IS NOT NULL AND valid_to < ?`).run(cutoff).changes;
      const entries = this.db.prepare(`DELETE FROM memory_journal WHERE at < ?`).run(cutoff).changes;
      return { entries, versions };
    })();
  }
}
