// The contract's channels for reviewing memory: the history and undo, "forget everything about X", import
// and export with the identity files an import leaves for review, the Inbox and recall freshness.
import { z } from 'zod';
import type { ImportReport, PendingIdentityView, RecallRebuild } from './domain';
import { forgetKeySchema, forgetTargetSchema, MAX_FORGET_KEYS, type ForgetOutcome, type ForgetPreview } from './forget';
import type { HistoryPage, JournalActor, JournalLayer, UndoResult } from './journal';
import type { InboxDecision, InboxList, PendingWrite, RecallFreshness } from './inbox';
import { channel, empty, scope, sessionId } from './contract-base';

/** An Inbox item: chat:12, merge:3, graph:5, law:7, or held:<scope>:<fact id>. */
const inboxId = z.string().regex(/^((chat|merge|graph|law|link):[1-9]\d{0,15}|held:(global|(agent|project):[A-Za-z0-9][A-Za-z0-9_-]{0,99}):[0-9a-f]{12})$/, 'an Inbox item id');
const journalLayer = z.enum(['facts', 'identity', 'graph', 'laws'] satisfies JournalLayer[]);
const journalActor = z.enum(['person', 'agent', 'consolidation', 'extraction', 'inference', 'import', 'mcp', 'system'] satisfies JournalActor[]);
/** An ISO date (2026-12-01) or date-time; compared with entries' UTC times after parsing. */
const isoMoment = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:?\d\d)?)?$/, 'an ISO date or date-time')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'not a real date');

export const reviewChannels = {
  // The one history of memory (issue 15): every change in every layer, newest first, keyset-paged.
  'history.list': channel<HistoryPage>()(
    z
      .object({
        layer: journalLayer.optional(),
        scope: scope.optional(),
        actor: journalActor.optional(),
        /** One item's history: "fact:<id>", "entity:<id>", "relation:<id>", "law:<id>", "identity:<path>", "mem0:<id>". */
        item: z.string().min(3).max(300).optional(),
        /** Only entries at or after this moment (an ISO date or date-time). */
        since: isoMoment.optional(),
        /** The `next` cursor of the previous page. */
        before: z.string().regex(/^[1-9]\d{0,15}$/, 'a history cursor').optional(),
        limit: z.number().int().min(1).max(500).optional(),
      })
      .strict(),
  ),
  /**
   * Undoes one entry. When that changes more than the entry (later changes to the same item, the rest of
   * its group), nothing is done without `confirm`: the answer is the plan, to show the person first.
   */
  'history.undo': channel<UndoResult>()(z.object({ id: z.number().int().positive(), confirm: z.boolean().optional() }).strict()),

  // "Forget everything about X" (issue 15 §4): a preview of every item concerned, then the ticked ones
  // forgotten as one history group.
  'forget.preview': channel<ForgetPreview>()(z.object({ target: forgetTargetSchema }).strict()),
  'forget.apply': channel<ForgetOutcome>()(z.object({ target: forgetTargetSchema, keys: z.array(forgetKeySchema).min(1).max(MAX_FORGET_KEYS) }).strict()),

  // Import / export of everything (the UI's Import and Export buttons).
  'transfer.export': channel<{ filename: string; text: string }>()(empty),
  'transfer.import': channel<ImportReport>()(
    z.object({ text: z.string().min(1).max(512 * 1024 * 1024), /** The file's name, for the report. */ name: z.string().max(255).optional() }).strict(),
  ),
  // Identity files an import brought: never written until the person reviews the diff and accepts it.
  'identity.pending': channel<PendingIdentityView[]>()(empty),
  'identity.accept': channel<{ path: string; pending: PendingIdentityView[] }>()(
    z
      .object({
        id: z.string().regex(/^[0-9a-f]{24}$/, 'a pending identity id'),
        /** The mtime of the file on disk when the diff was shown (null: absent); refused if it changed since. */
        expectedMtimeMs: z.number().nullable().optional(),
      })
      .strict(),
  ),
  'identity.dismiss': channel<{ pending: PendingIdentityView[] }>()(z.object({ id: z.string().regex(/^[0-9a-f]{24}$/, 'a pending identity id') }).strict()),

  // Inbox (issue 16 §3–§5): everything waiting for the person (chat proposals under "Ask me first",
  // merges of their facts, graph/law changes against what they asserted, held inferred facts).
  'inbox.list': channel<InboxList>()(empty),
  /** Approves items; `text` (only with one id) is the edited text to write instead (edit, then approve). */
  'inbox.approve': channel<{ decisions: InboxDecision[]; count: number }>()(
    z.object({ ids: z.array(inboxId).min(1).max(500), text: z.string().trim().min(1).max(4000).optional() }).strict().refine((v) => v.text === undefined || v.ids.length === 1, 'an edited text goes with exactly one id'),
  ),
  'inbox.reject': channel<{ decisions: InboxDecision[]; count: number }>()(z.object({ ids: z.array(inboxId).min(1).max(500) }).strict()),
  /** The memory writes a user message's turn proposed instead of saving (the reply's receipt: "Proposed …"). */
  'inbox.forMessage': channel<PendingWrite[]>()(z.object({ messageId: z.string().min(1).max(64) }).strict()),
  /** Freshness (issue 16 §4): whether memory changed since this session's recall block was frozen. */
  'recall.freshness': channel<RecallFreshness>()(z.object({ sessionId }).strict()),
  /** The notice was shown for memory as it is now: not again until memory changes again. */
  'recall.noticeSeen': channel<RecallFreshness>()(z.object({ sessionId }).strict()),
  /** "Use it now": rebuilds this session's frozen recall block (the next request misses the prompt cache). */
  'recall.useNow': channel<RecallRebuild>()(z.object({ sessionId }).strict()),
} as const;
