// The graph and laws of a `monad-export` archive (documented in docs/import-export.md), as zod schemas
// for the importer and as the types the exporter writes (export-graph.ts).
//
// Version 2 carries the person's corrections with them (issue 27 §1), so an import keeps what they
// decided, not only what was learned:
//   graph.nodes    every entity, deleted and merged ones too (`removed`), with who asserted it and the
//                  messages it was extracted from: a deleted entity is not re-created by a later mention,
//                  and a merged one resolves to the entity it was merged into;
//   graph.edges    every relation, with `retracted` (marked wrong, by whom, why), `mergedInto` (folded
//                  into its duplicate by a merge) and `supersededBy`: a relation marked wrong is never
//                  current after import and extraction does not bring it back;
//   graph.aliases  names that resolve to an entity after a rename or a merge ("Sam" → "Samuel");
//   graph.proposals changes a model wanted to make against what the person asserted (bring back a relation
//                  they marked wrong or an entity they deleted, close one they added), pending or decided:
//                  a dismissed one is not proposed again;
//   laws           active and rejected laws with the person's state: rejected (with the reason), edited,
//                  pinned, out of recall, and the changes proposed to each (law.proposals). Rejected laws
//                  are the exclusions inference is given.
// Every v2 field is optional, so a version-1 archive (none of them) reads with the same schemas; the
// graph's `aliases` array marks a version-2 graph (isGraphV2).
import { z } from 'zod';
import { JOURNAL_ACTORS } from '../../shared/journal';
import { dateSchema, messageIdSchema, scopeSchema, sessionIdSchema } from './formats-fields';

const rowId = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * A note Monad wrote itself (why a law left recall, a proposal's summary): it can quote two facts of up
 * to 2,000 characters each, or name many relations, so its bound is well above what Monad writes; an
 * archive Monad exported must always import.
 */
const note = z.string().max(20_000);
/** A law statement: a sentence, but a person may edit one at length. */
const statementText = z.string().max(10_000);

/** Who removed or retracted something: one of the journal's actors (extraction gates on 'person'). */
const actorSchema = z.enum(JOURNAL_ACTORS as [string, ...string[]]);

/** A source message of a relation or an entity: used only when the file holds that message. */
const supportSchema = z.array(messageIdSchema).max(10_000);

const nodeSchema = z.object({
  id: rowId,
  scope: scopeSchema,
  name: z.string().max(1000),
  type: z.string().max(200),
  summary: z.string().max(10_000),
  createdAt: dateSchema,
  updatedAt: dateSchema,
  // v2
  assertedBy: z.enum(['model', 'person']).default('model'),
  /** Deleted (mergedInto null) or merged into another entity of the file. */
  removed: z.object({ at: dateSchema, by: actorSchema, mergedInto: rowId.nullable() }).nullable().default(null),
  support: supportSchema.default([]),
  /**
   * A current entity whose name leads to another entity of its scope: brought back (an undo) after a new
   * entity took its name. Written only when true.
   */
  nameFreed: z.literal(true).optional(),
});

const edgeSchema = z.object({
  id: rowId,
  scope: scopeSchema,
  src: rowId,
  dst: rowId,
  relation: z.string().max(1000),
  provClass: z.enum(['user', 'assistant', 'inferred']),
  validFrom: dateSchema,
  validTo: dateSchema.nullable(),
  createdAt: dateSchema,
  updatedAt: dateSchema,
  support: supportSchema,
  // v2
  assertedBy: z.enum(['model', 'person']).default('model'),
  retracted: z.object({ at: dateSchema, by: actorSchema, reason: note.nullable() }).nullable().default(null),
  supersededBy: rowId.nullable().default(null),
  mergedInto: rowId.nullable().default(null),
});

/** A proposed change to the graph (graph_proposal): the relation it would add, and what it names. */
const graphProposalSchema = z.object({
  id: rowId,
  scope: scopeSchema,
  kind: z.enum(['relation.add', 'relation.supersede']),
  status: z.enum(['pending', 'accepted', 'dismissed']),
  src: z.string().max(1000),
  srcId: rowId,
  dst: z.string().max(1000),
  dstId: rowId,
  relation: z.string().max(1000),
  provClass: z.enum(['user', 'assistant', 'inferred']),
  validFrom: dateSchema,
  supersede: z.boolean(),
  support: supportSchema,
  retracted: rowId.nullable(),
  ended: rowId.nullable(),
  deleted: rowId.nullable(),
  closes: z.array(rowId).max(1000),
  summary: note,
  reason: note,
  actor: actorSchema,
  createdAt: dateSchema,
  updatedAt: dateSchema,
  decidedAt: dateSchema.nullable(),
});
export type ArchiveGraphProposal = z.output<typeof graphProposalSchema>;

export const archiveGraphSchema = z.object({
  nodes: z.array(nodeSchema).max(1_000_000).default([]),
  edges: z.array(edgeSchema).max(1_000_000).default([]),
  cursors: z.array(z.object({ sessionId: sessionIdSchema, lastMessageId: messageIdSchema })).max(1_000_000).default([]),
  /** v2: a name (as the file normalised it) that resolves to an entity of the same scope. */
  aliases: z.array(z.object({ scope: scopeSchema, name: z.string().max(1000), node: rowId })).max(1_000_000).optional(),
  /** v2 */
  proposals: z.array(graphProposalSchema).max(100_000).default([]),
});
export type ArchiveGraph = z.output<typeof archiveGraphSchema>;
export type ArchiveNode = ArchiveGraph['nodes'][number];
export type ArchiveEdge = ArchiveGraph['edges'][number];

/** A version-2 graph says so by carrying `aliases` (empty or not); a version-1 graph never has it. */
export function isGraphV2(raw: unknown): boolean {
  return typeof raw === 'object' && raw !== null && Array.isArray((raw as { aliases?: unknown }).aliases);
}

const citation = z.string().regex(/^(fact|edge):[A-Za-z0-9]{1,40}$/, 'fact:<id> or edge:<id>');

export const archiveLawsSchema = z
  .array(
    z.object({
      // v2: the law's id in the file's home, so History entries that name it can be remapped.
      id: rowId.optional(),
      scope: scopeSchema,
      statement: statementText,
      confidence: z.number().min(0).max(1),
      support: z.array(citation).max(1000),
      contradictedBy: z.string().max(200).nullable(),
      contradictedWhy: note.nullable(),
      derivedAt: dateSchema,
      fingerprint: z.string().max(200),
      // v2: the person's state. Absent (a version-1 archive): an active law as inference left it.
      origin: z.enum(['inference', 'person', 'import']).optional(),
      derivedStatement: statementText.nullable().default(null),
      supportText: z.record(citation, note).default({}),
      pinned: z.boolean().default(false),
      status: z.enum(['active', 'rejected']).default('active'),
      rejectedReason: note.nullable().default(null),
      rejectedAt: dateSchema.nullable().default(null),
      suppressed: z
        .object({ reason: note, ref: z.string().regex(/^(fact|edge|entity):[A-Za-z0-9]{1,40}$/).nullable(), at: dateSchema })
        .nullable()
        .default(null),
      editedAt: dateSchema.nullable().default(null),
      /** Changes a model proposed to this law (the person edited or pinned it), open or decided. */
      proposals: z
        .array(
          z.object({
            id: rowId,
            kind: z.enum(['edit', 'suppress']),
            statement: statementText,
            confidence: z.number().min(0).max(1).nullable(),
            support: z.array(citation).max(1000),
            reason: note,
            actor: actorSchema,
            proposedAt: dateSchema,
            status: z.enum(['open', 'accepted', 'dismissed']),
            decidedAt: dateSchema.nullable(),
          }),
        )
        .max(1000)
        .default([]),
    }),
  )
  .max(100_000);
export type ArchiveLaw = z.output<typeof archiveLawsSchema>[number];

/** What export-graph.ts writes: the schemas' input shape with every v2 field present. */
export interface ArchiveGraphOut {
  nodes: {
    id: number;
    scope: string;
    name: string;
    type: string;
    summary: string;
    createdAt: string;
    updatedAt: string;
    assertedBy: 'model' | 'person';
    removed: { at: string; by: string; mergedInto: number | null } | null;
    support: string[];
    nameFreed?: true;
  }[];
  edges: {
    id: number;
    scope: string;
    src: number;
    dst: number;
    relation: string;
    provClass: 'user' | 'assistant' | 'inferred';
    validFrom: string;
    validTo: string | null;
    createdAt: string;
    updatedAt: string;
    support: string[];
    assertedBy: 'model' | 'person';
    retracted: { at: string; by: string; reason: string | null } | null;
    supersededBy: number | null;
    mergedInto: number | null;
  }[];
  cursors: { sessionId: string; lastMessageId: string }[];
  aliases: { scope: string; name: string; node: number }[];
  proposals: z.input<typeof graphProposalSchema>[];
}

export interface ArchiveLawOut {
  id: number;
  scope: string;
  statement: string;
  confidence: number;
  support: string[];
  contradictedBy: string | null;
  contradictedWhy: string | null;
  derivedAt: string;
  fingerprint: string;
  origin: 'inference' | 'person' | 'import';
  derivedStatement: string | null;
  supportText: Record<string, string>;
  pinned: boolean;
  status: 'active' | 'rejected';
  rejectedReason: string | null;
  rejectedAt: string | null;
  suppressed: { reason: string; ref: string | null; at: string } | null;
  editedAt: string | null;
  proposals: NonNullable<z.input<typeof archiveLawsSchema>[number]['proposals']>;
}
