// "Forget everything about X" (issue 15 §4): the preview, then the ticked items forgotten through each
// layer's own correction call, all in one history group, so the whole action is one entry in Memory →
// History and one undo. The forget service itself changes nothing directly: every change is the
// layer's, journaled by the layer.
import { randomUUID } from 'node:crypto';
import type { ForgetItem, ForgetOutcome, ForgetPreview, ForgetTarget } from '../../../shared/forget';
import type { JournalActor, JournalSource } from '../../../shared/journal';
import type { MemoryJournal } from '../journal/journal';
import { ForgetFinder, type ForgetFinderDeps } from './forget-finder';

/** Who asked, and from where: passed on to every layer call, so each journal entry says so. */
export interface ChangeBy {
  actor: JournalActor;
  source?: JournalSource;
}

/**
 * The layers' correction calls, one per kind of item. Each performs the change and appends its own
 * journal entry (with the inverse its layer registered); the group makes them one undo.
 */
export interface ForgetSinks {
  forgetFact(scope: string, id: string, by: ChangeBy): void;
  retractRelation(id: number, reason: string, by: ChangeBy): void;
  deleteEntity(id: number, by: ChangeBy): void;
  suppressLaw(id: number, reason: string, by: ChangeBy): void;
  /** Asynchronous (mem0's stores are); appends its entry into `groupId` once the memory is gone. */
  forgetMem0(id: string, by: ChangeBy, groupId: string): Promise<void>;
}

export interface ForgetServiceDeps extends ForgetFinderDeps {
  journal: MemoryJournal;
  sinks: ForgetSinks;
}

/**
 * Order matters: relations before their entities (deleting an entity takes its relations with it, and
 * those the person unticked must not go unasked), then facts, then laws (whose cascade reacts to the
 * facts and relations going), then mem0 (asynchronous, last).
 */
const APPLY_ORDER: ForgetItem['kind'][] = ['relation', 'entity', 'fact', 'law', 'mem0'];

export class ForgetService {
  readonly finder: ForgetFinder;

  constructor(private readonly d: ForgetServiceDeps) {
    this.finder = new ForgetFinder(d);
  }

  preview(target: ForgetTarget): Promise<ForgetPreview> {
    return this.finder.preview(target);
  }

  /**
   * Forgets the items of a fresh preview whose keys the person left ticked. A key not in the preview any
   * more (already forgotten, changed since) is reported, never acted on: nothing outside what was shown
   * is ever forgotten.
   */
  async apply(target: ForgetTarget, keys: readonly string[], by: ChangeBy): Promise<ForgetOutcome> {
    const preview = await this.finder.preview(target);
    const wanted = new Set(keys);
    const chosen = preview.items.filter((i) => wanted.has(i.key));
    const listed = new Set(preview.items.map((i) => i.key));
    const failed: ForgetOutcome['failed'] = [...wanted].filter((k) => !listed.has(k)).map((key) => ({ key, message: 'Not in the preview any more: already forgotten, or changed since it was shown' }));
    const forgotten: string[] = [];
    const reason = target.kind === 'session' ? `Forgot what rested only on the chat “${preview.subject}”` : `Forgot everything about “${preview.subject}”`;
    const withReason: ChangeBy = { actor: by.actor, source: { ...by.source, detail: reason } };
    const groupId = randomUUID();
    const ordered = APPLY_ORDER.flatMap((kind) => chosen.filter((i) => i.kind === kind));

    const attempt = (item: ForgetItem, run: () => void) => {
      try {
        run();
        forgotten.push(item.key);
      } catch (err) {
        failed.push({ key: item.key, message: (err as Error).message });
      }
    };
    const run = (item: ForgetItem) => {
      const ref = parseKey(item.key);
      switch (ref.kind) {
        case 'relation':
          return attempt(item, () => this.d.sinks.retractRelation(ref.id, reason, withReason));
        case 'entity':
          return attempt(item, () => this.d.sinks.deleteEntity(ref.id, withReason));
        case 'fact':
          return attempt(item, () => this.d.sinks.forgetFact(ref.scope, ref.id, withReason));
        case 'law':
          return attempt(item, () => this.d.sinks.suppressLaw(ref.id, reason, withReason));
        case 'mem0':
          return;
      }
    };
    // What lives in db/memory.sqlite (relations, entities, laws) changes in one transaction per kind:
    // one commit instead of one per item (thousands of relations are seconds otherwise). Each layer's
    // own transaction nests inside as a savepoint, so an item that fails is undone alone and reported.
    // Facts live in Markdown files, which a database rollback could not take back: they go one by one.
    const inDb = (kind: ForgetItem['kind']) => this.d.memoryDb.transaction(() => ordered.filter((i) => i.kind === kind).forEach(run))();
    this.d.journal.inGroup(() => {
      inDb('relation');
      inDb('entity');
      ordered.filter((i) => i.kind === 'fact').forEach(run);
      inDb('law');
    }, groupId);
    for (const item of ordered.filter((i) => i.kind === 'mem0')) {
      try {
        await this.d.sinks.forgetMem0(item.key.slice('mem0:'.length), withReason, groupId);
        forgotten.push(item.key);
      } catch (err) {
        failed.push({ key: item.key, message: (err as Error).message });
      }
    }
    const entryId = (this.d.memoryDb.prepare(`SELECT min(id) FROM memory_journal WHERE group_id = ?`).pluck().get(groupId) as number | null) ?? null;
    return { groupId: entryId === null ? null : groupId, entryId, forgotten, failed };
  }
}

type KeyRef = { kind: 'fact'; scope: string; id: string } | { kind: 'entity' | 'relation' | 'law'; id: number } | { kind: 'mem0'; id: string };

/** "fact:agent:default:0123456789ab" → scope + id; the scope itself may hold one colon. */
export function parseKey(key: string): KeyRef {
  const kind = key.slice(0, key.indexOf(':'));
  const rest = key.slice(kind.length + 1);
  switch (kind) {
    case 'fact': {
      const cut = rest.lastIndexOf(':');
      return { kind: 'fact', scope: rest.slice(0, cut), id: rest.slice(cut + 1) };
    }
    case 'entity':
    case 'relation':
    case 'law':
      return { kind, id: Number(rest) };
    default:
      return { kind: 'mem0', id: rest };
  }
}

