// The parts of a monad-export v2 archive about the person's own memory work (documented in
// docs/import-export.md): facts with their ids, sources, origins and earlier versions; the history of
// memory (the journal), item by item; and the Inbox's decisions. Read with the same care as the rest of
// the file: every field bounded, ids in the alphabet this home uses, dates in the sane range.
import { z } from 'zod';
import type { FactSource } from '../../shared/domain';
import { JOURNAL_ACTORS, JOURNAL_LAYERS, type JournalActor } from '../../shared/journal';
import { dateSchema, messageIdSchema, scopeSchema, sessionIdSchema } from './formats-fields';
import { OversizeString } from './json-stream';

/** A fact id is the first 12 hex digits of a hash of its normalised text (facts/fact-id.ts). */
export const factIdSchema = z.string().regex(/^[0-9a-f]{12}$/, 'a fact id (12 hex digits)');

const text = (max: number) => z.string().max(max);
const actorSchema = z.enum(JOURNAL_ACTORS as [JournalActor, ...JournalActor[]]);
const viaSchema = z.enum(['app', 'cli', 'api', 'mcp', 'hand-edit', 'import', 'sync']);
/** A run id, a detail: short free texts. */
const shortText = text(1000);

/** A fact's source as FactSource says it (shared/domain.ts). */
export const archiveFactSourceSchema = z.object({
  actor: actorSchema,
  via: viaSchema.nullable(),
  sessionId: sessionIdSchema.nullable(),
  messageId: messageIdSchema.nullable(),
  runId: shortText.nullable(),
  detail: shortText.nullable(),
  event: z.enum(['recorded', 'edited', 'merged', 'unknown']),
  at: dateSchema.nullable(),
  replaces: z.array(factIdSchema).max(1000),
});
export type ArchiveFactSource = z.output<typeof archiveFactSourceSchema>;

/** One row of fact_origin (memory migration 5): how one write of the fact came in. */
export const archiveFactOriginSchema = z.object({
  origin: z.enum(['typed', 'pasted', 'forwarded', 'imported', 'person', 'agent', 'consolidated']),
  event: z.enum(['recorded', 'duplicate', 'updated']),
  previousId: factIdSchema.nullable(),
  sessionId: sessionIdSchema.nullable(),
  messageId: messageIdSchema.nullable(),
  detail: shortText.nullable(),
  recordedAt: dateSchema,
});
export type ArchiveFactOrigin = z.output<typeof archiveFactOriginSchema>;

const factTextSchema = z.union([z.string(), z.instanceof(OversizeString)]);

/** A current fact: its id in the file's home, its text, since when it reads so, who wrote it and how it came in. */
export const archiveFactV2Schema = z.object({
  id: factIdSchema,
  text: factTextSchema,
  since: dateSchema,
  source: archiveFactSourceSchema,
  origins: z.array(archiveFactOriginSchema).max(10_000).default([]),
});
export type ArchiveFactV2 = z.output<typeof archiveFactV2Schema>;

/** A text a fact had before (a closed fact_version): what Monad knew between validFrom and validTo. */
export const archiveFactVersionSchema = z.object({
  id: factIdSchema,
  text: text(10_000),
  validFrom: dateSchema,
  validTo: dateSchema,
  source: archiveFactSourceSchema,
  /** The History entry that closed or opened it, by the file's journal id (remapped on import). */
  journalId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).nullable(),
});
export type ArchiveFactVersion = z.output<typeof archiveFactVersionSchema>;

export const archiveFactScopeV2Schema = z.object({
  facts: z.array(archiveFactV2Schema).max(100_000),
  versions: z.array(archiveFactVersionSchema).max(1_000_000).default([]),
});
export const archiveFactsV2Schema = z.record(z.string().max(200), archiveFactScopeV2Schema);
export type ArchiveFactsV2 = z.output<typeof archiveFactsV2Schema>;

const journalId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** `fact:<id>`, `relation:<id>`, `entity:<id>`, `law:<id>`, `identity:<path>`… */
const itemSchema = z.string().regex(/^[a-z][a-z0-9_-]{0,30}:[^\s]{1,300}$/, 'an item ("fact:<id>", "relation:<id>"…)');

/** One History entry (memory_journal, with its memory_journal_link items as `also`). */
export const archiveJournalEntrySchema = z.object({
  id: journalId,
  at: dateSchema,
  layer: z.enum(JOURNAL_LAYERS as [string, ...string[]]),
  action: z.string().regex(/^[a-z0-9]+(\.[a-z0-9_-]+)+$/, 'an action ("fact.forgotten"…)').max(100),
  scope: scopeSchema.nullable(),
  item: itemSchema,
  also: z.array(itemSchema).max(10_000).default([]),
  actor: actorSchema,
  source: z
    .object({
      sessionId: sessionIdSchema.optional(),
      messageId: messageIdSchema.optional(),
      runId: shortText.optional(),
      via: viaSchema.optional(),
      detail: shortText.optional(),
    })
    .nullable(),
  before: z.unknown(),
  after: z.unknown(),
  summary: z.union([text(10_000), z.instanceof(OversizeString)]),
  groupId: text(100).nullable(),
  undoes: journalId.nullable(),
  undoneBy: journalId.nullable(),
});
export type ArchiveJournalEntry = z.output<typeof archiveJournalEntrySchema>;

/** One pending cross-layer proposal (memory migration 15), ids as in the file's home. */
function archiveLinkSchema() {
  return z.object({
    kind: z.enum(['fact.forget', 'fact.edit', 'relation.retract', 'relation.edit']),
    scope: scopeSchema,
    /** "fact:<id>" (read in `scope`) or "edge:<id>". */
    target: z.string().regex(/^(fact:[0-9a-f]{12}|edge:\d{1,15})$/, 'a fact or relation id ("fact:<12 hex>" or "edge:<n>")'),
    targetText: text(10_000),
    text: text(10_000),
    relation: text(500).nullable(),
    /** The History entry of the correction it follows from, by its id in the file. */
    causeEntry: z.number().int().positive().nullable(),
    cause: text(10_000),
    basis: z.enum(['source', 'words']),
    sessionId: sessionIdSchema.nullable(),
    messageId: messageIdSchema.nullable(),
    proposedAt: dateSchema,
  });
}
export type ArchiveLink = z.output<ReturnType<typeof archiveLinkSchema>>;

/** What the person said no to in the Inbox (inbox_rejection): the same proposal is never made again. */
export const archiveInboxSchema = z.object({
  rejections: z
    .array(
      z.object({
        // 'link': a correction carried to another layer (cross-layer/link-store.ts), rejected.
        kind: z.enum(['record', 'update', 'delete', 'merge', 'graph', 'law', 'held', 'link']),
        scope: scopeSchema,
        text: text(10_000),
        rejectedAt: dateSchema,
      }),
    )
    .max(1_000_000)
    .default([]),
  /** Proposals still waiting in the file's home: counted and reported, never imported (see import-inbox.ts). */
  pending: z.array(z.unknown()).max(1_000_000).default([]),
  /**
   * Cross-layer proposals still waiting (correction_link): a correction in one layer proposing the
   * matching change in another. Imported as pending, their target remapped (import-links.ts).
   */
  links: z.array(archiveLinkSchema()).max(1_000_000).default([]),
});
export type ArchiveInbox = z.output<typeof archiveInboxSchema>;

/** The v2 sections as export.ts writes them. */
export interface ArchiveMemoryV2 {
  facts: Record<string, { facts: ExportedFact[]; versions: ExportedFactVersion[] }>;
  journal: ExportedJournalEntry[];
  inbox: { rejections: { kind: string; scope: string; text: string; rejectedAt: string }[]; pending: ExportedPendingProposal[]; links: ArchiveLink[] };
}

export interface ExportedFact {
  id: string;
  text: string;
  since: string;
  source: FactSource;
  origins: ArchiveFactOrigin[];
}
export type ExportedFactVersion = Omit<ArchiveFactVersion, 'source'> & { source: FactSource };
export interface ExportedJournalEntry {
  id: number;
  at: string;
  layer: string;
  action: string;
  scope: string | null;
  item: string;
  also: string[];
  actor: string;
  source: Record<string, string> | null;
  before: unknown;
  after: unknown;
  summary: string;
  groupId: string | null;
  undoes: number | null;
  undoneBy: number | null;
}
export interface ExportedPendingProposal {
  /** null for a consolidation merge (it belongs to a scope, not an agent). */
  agentId: string | null;
  scope: string;
  action: string;
  text: string;
  proposedAt: string;
}
