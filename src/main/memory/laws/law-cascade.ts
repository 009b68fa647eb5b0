// The cascade into L3, driven by the journal: when a fact a law rests on is forgotten or edited, or a
// relation it rests on is retracted or edited, or an entity behind such a relation is deleted or merged,
// every law citing it leaves recall at once, with the reason, until it is re-derived. The other layers
// only journal their own changes; they need not know that laws exist.
//
// The suppressions are consequences of the change that caused them: they join its group, so undoing the
// forget brings the laws back with the fact, as one undo. A change that restores what a law was derived
// from (the undo of an edit made after the law was derived) takes nothing out of recall.
import type { Database } from 'better-sqlite3';
import type { JournalEntry } from '../../../shared/journal';
import type { MemoryJournal } from '../journal/journal';
import type { LawCorrections } from './law-corrections';
import type { LawRow, LawStore } from './law-store';
import { BRANCH_BACK_DETAIL, BRANCH_SET_ASIDE_DETAIL } from '../graph/branch-relations';
import { lawItem, type By } from './law-writer';

export const CASCADE_TRIGGERS: ReadonlySet<string> = new Set(['fact.forgotten', 'fact.edited', 'relation.retracted', 'relation.edited', 'entity.deleted', 'entity.merged']);

export interface LawCascadeDeps {
  memoryDb: Database;
  store: LawStore;
  corrections: LawCorrections;
  journal: MemoryJournal;
  log: (msg: string, err?: unknown) => void;
  /** Runs work after the current synchronous change has finished (tests may run it at once). */
  later?: (fn: () => void) => void;
}

export class LawCascade {
  constructor(private readonly d: LawCascadeDeps) {}

  /** The journal listener. Never throws into the layer that appended the entry. */
  handle(entry: JournalEntry): void {
    if (entry.action === 'relation.restored' && entry.actor === 'system' && entry.source?.detail === BRANCH_BACK_DETAIL) {
      this.attemptBack(entry);
      return;
    }
    if (entry.layer === 'laws' || !CASCADE_TRIGGERS.has(entry.action)) return;
    this.attempt(entry);
    // An entity's relations may be re-pointed or retracted after its entry is appended, in the same
    // transaction: look again once that change is complete.
    if (entry.action.startsWith('entity.')) (this.d.later ?? queueMicrotask)(() => this.attempt(entry));
  }

  private attempt(entry: JournalEntry): void {
    try {
      this.run(entry);
    } catch (err) {
      // The change itself stands; a law left in recall still leaves it once its grounding is seen gone
      // (explain.ts), so this is logged rather than failing the person's forget.
      this.d.log(`[laws] could not take the laws resting on ${entry.item} out of recall`, err);
    }
  }

  /**
   * A relation that left with a chat branch set aside is back with it: the laws the cascade took out for
   * that alone come back into recall, in the same group. A law whose last change is anything else (the
   * person's, a re-derivation, another suppression) is left as it is.
   */
  private attemptBack(entry: JournalEntry): void {
    try {
      const ref = `edge:${entry.item.slice(entry.item.indexOf(':') + 1)}`;
      const laws = this.d.store.citing([ref], null).filter((l) => {
        const last = this.d.journal.itemHistory(lawItem(l.id)).at(-1);
        return l.suppressed?.ref === ref && last?.action === 'law.suppressed' && last.actor === 'system' && last.source?.detail === BRANCH_SET_ASIDE_DETAIL && last.undoneBy === null;
      });
      if (!laws.length) return;
      const by: By = { actor: 'system', source: entry.source ?? undefined };
      this.d.journal.consequenceOf(entry, () => {
        for (const l of laws) this.d.corrections.unsuppressWithBranch(l.id, ref, by);
      });
    } catch (err) {
      this.d.log(`[laws] could not bring back the laws resting on ${entry.item}`, err);
    }
  }

  private run(entry: JournalEntry): void {
    const { refs, scope } = this.refsOf(entry);
    const laws = this.d.store.citing(refs, scope).filter((l) => !l.suppressed && !this.restores(entry, l));
    if (!laws.length) return;
    const by: By = { actor: entry.actor, source: entry.source ?? undefined };
    const reason = reasonFor(entry);
    this.d.journal.consequenceOf(entry, () => {
      for (const l of laws) this.d.corrections.suppress(l.id, reason, by, { ref: l.support.find((r) => refs.includes(r)) ?? null });
    });
  }

  /** The refs ("fact:<id>", "edge:<id>") an entry touches, and the scope a fact ref is read in. */
  refsOf(entry: JournalEntry): { refs: string[]; scope: string | null } {
    const [kind, rawId] = splitItem(entry.item);
    if (entry.action.startsWith('fact.')) {
      // A fact's id is a hash of its text, so an edit may change it: the ids before and after both count.
      const ids = new Set([rawId, str(field(entry.before, 'id')), str(field(entry.after, 'id'))].filter((x): x is string => !!x));
      return { refs: [...ids].map((id) => `fact:${id}`), scope: entry.scope };
    }
    if (entry.action.startsWith('relation.')) {
      const ids = new Set([num(rawId), num(field(entry.before, 'id'))].filter((x): x is number => x !== null));
      return { refs: [...ids].map((id) => `edge:${id}`), scope: null };
    }
    // An entity: every relation it takes part in (rows are kept when entities are deleted or merged),
    // and any relation the entry's snapshots list.
    const entities = new Set<number>();
    if (kind === 'entity' && num(rawId) !== null) entities.add(num(rawId)!);
    for (const snap of [entry.before, entry.after]) for (const id of entityIdsIn(snap)) entities.add(id);
    const edges = new Set<number>();
    for (const snap of [entry.before, entry.after]) for (const id of edgeIdsIn(snap)) edges.add(id);
    if (entities.size) {
      const list = [...entities];
      const marks = list.map(() => '?').join(',');
      const rows = this.d.memoryDb.prepare(`SELECT id FROM graph_edge WHERE src IN (${marks}) OR dst IN (${marks})`).pluck().all(...list, ...list) as number[];
      for (const id of rows) edges.add(id);
    }
    return { refs: [...edges].map((id) => `edge:${id}`), scope: null };
  }

  /**
   * True when `entry` undoes a change made after `law` was derived: it puts back what the law rests on,
   * so the law stays. (The undo of an edit made before the law was derived changes its grounding.)
   */
  private restores(entry: JournalEntry, law: LawRow): boolean {
    if (entry.undoes === null) return false;
    const undone = this.d.journal.get(entry.undoes);
    if (!undone) return false;
    const born = this.d.journal.itemHistory(lawItem(law.id))[0];
    return born ? undone.id > born.id : undone.at >= law.derivedAt;
  }
}

/** The reason a law card shows, in words. */
export function reasonFor(entry: JournalEntry): string {
  const was = text(entry.before);
  const now = text(entry.after);
  const why = entry.source?.detail ? ` (${entry.source.detail})` : '';
  switch (entry.action) {
    case 'fact.forgotten':
      return `A fact it rests on was forgotten${was ? `: “${was}”` : ''}.`;
    case 'fact.edited':
      return `A fact it rests on was edited${was && now ? `: “${was}” → “${now}”` : was ? `: “${was}”` : ''}.`;
    case 'relation.retracted':
      return `A relation it rests on was marked wrong${was ? `: ${was}` : ''}${why}.`;
    case 'relation.edited':
      return `A relation it rests on was edited${was ? `: ${was}` : ''}.`;
    case 'entity.deleted':
      return `An entity it rests on was deleted${was ? `: ${was}` : ''}.`;
    case 'entity.merged':
      return `An entity it rests on was merged into another${was && now && was !== now ? `: ${was} → ${now}` : was ? `: ${was}` : ''}.`;
    default:
      return `Something it rests on changed: ${entry.summary}`;
  }
}

function splitItem(item: string): [string, string] {
  const i = item.indexOf(':');
  return i < 0 ? [item, ''] : [item.slice(0, i), item.slice(i + 1)];
}

function field(snapshot: unknown, key: string): unknown {
  return snapshot && typeof snapshot === 'object' ? (snapshot as Record<string, unknown>)[key] : undefined;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v ? v : null;
}

function num(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The readable text of a snapshot: a fact's text, a relation's sentence, an entity's name. */
function text(snapshot: unknown): string | null {
  for (const key of ['text', 'statement', 'name', 'relation']) {
    const v = field(snapshot, key);
    if (typeof v === 'string' && v.trim()) {
      const t = v.replace(/\s+/g, ' ').trim();
      return t.length > 160 ? `${t.slice(0, 159)}…` : t;
    }
  }
  return null;
}

/** Entity ids a graph snapshot names: its own id and those of a merge's two sides. */
function entityIdsIn(snapshot: unknown): number[] {
  const out: number[] = [];
  for (const key of ['id', 'keepId', 'dropId', 'keep', 'drop', 'into', 'mergedInto', 'from', 'to']) {
    const v = field(snapshot, key);
    const direct = num(v);
    if (direct !== null) out.push(direct);
    const nested = num(field(v, 'id'));
    if (nested !== null) out.push(nested);
  }
  return out;
}

/** Relation ids a graph snapshot lists (its `edges` / `relations`, as ids or as objects with one). */
function edgeIdsIn(snapshot: unknown): number[] {
  const out: number[] = [];
  for (const key of ['edges', 'relations']) {
    const v = field(snapshot, key);
    if (!Array.isArray(v)) continue;
    for (const e of v) {
      const id = num(e) ?? num(field(e, 'id'));
      if (id !== null) out.push(id);
    }
  }
  return out;
}
