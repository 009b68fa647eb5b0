// The contract's channels for the memory layers the person sees and corrects: L1 facts, identity files,
// the L2 graph and its corrections, L3 laws and theirs. Joined into `contract` in contract.ts.
import { z } from 'zod';
import { idSchema } from './config';
import type { CoreFileView, Fact, FactProposal, FactScopeSummary, FactView, FactWriteResult, GraphCorrectionResult, GraphEdgeDetail, GraphNodeDetail, GraphProposal, GraphView, LawDeriveResult, LawProposal, LawView, RecallSnapshot } from './domain';
import { channel, empty, scope, sessionId } from './contract-base';

const factIdSchema = z.string().regex(/^[0-9a-f]{12}$/, 'a 12-hex fact id');
const factText = z.string().min(1).max(4000);
const coreFile = z.enum(['user', 'soul', 'agents', 'workspace']);
const lawId = z.number().int().positive();
const graphId = z.number().int().positive();
const entityName = z.string().trim().min(1).max(200);
const entityRef = z.union([graphId, entityName]);
const relationName = z.string().trim().min(1).max(80);
/** A date ("2026-03-01") or an ISO instant; the engine parses it. */
const dateText = z.string().trim().min(4).max(40);

export const memoryChannels = {
  // L1 facts. Every write goes through the sanitizer and reports what happened.
  'facts.scopes': channel<FactScopeSummary[]>()(empty),
  /**
   * A scope's facts, each with its source (who wrote it, from where). With `at` (an ISO time): the facts
   * as they were then, read from their kept versions ("what did Monad know on <date>"); read-only.
   */
  'facts.list': channel<{ scope: string; facts: FactView[]; warnings: string[]; updated: string | null; at: string | null }>()(
    z.object({ scope, at: z.string().datetime({ offset: true }).optional() }).strict(),
  ),
  /** The moments a scope's facts changed, oldest first (the most recent 2,000): the stops of the Memory tab's date control. */
  'facts.changes': channel<{ scope: string; changes: string[] }>()(z.object({ scope }).strict()),
  /**
   * Changes a model proposed to facts the person asserted (consolidation does not make them on its own),
   * open ones, oldest first; of one scope or all. Apply makes the change as the person's; dismiss drops it.
   */
  'facts.proposals': channel<FactProposal[]>()(z.object({ scope: scope.optional() }).strict()),
  'facts.applyProposal': channel<{ applied: FactProposal }>()(z.object({ id: z.number().int().positive() }).strict()),
  'facts.dismissProposal': channel<{ dismissed: FactProposal }>()(z.object({ id: z.number().int().positive() }).strict()),
  'facts.add': channel<FactWriteResult>()(z.object({ scope, text: factText }).strict()),
  'facts.edit': channel<FactWriteResult>()(z.object({ scope, id: factIdSchema, text: factText }).strict()),
  'facts.forget': channel<{ forgotten: Fact }>()(z.object({ scope, id: factIdSchema }).strict()),
  /** "What the model saw": the frozen recall block of a session. */
  'facts.recall': channel<RecallSnapshot>()(z.object({ sessionId }).strict()),

  // Identity files (static core), edited by the person.
  'core.read': channel<CoreFileView>()(z.object({ file: coreFile, agentId: idSchema.optional(), sessionId: sessionId.optional() }).strict()),
  'core.write': channel<CoreFileView>()(
    z
      .object({
        file: coreFile,
        agentId: idSchema.optional(),
        sessionId: sessionId.optional(),
        content: z.string().max(256 * 1024),
        /** The mtime the editor loaded; the save is refused if the file changed since. null = expected absent. */
        expectedMtimeMs: z.number().nullable().optional(),
        /**
         * The person saw the warnings (a stored key, something shaped like a secret, an instruction-shaped
         * line) and saves anyway. Without it such a save is refused with CONFIRM_REQUIRED, whose details
         * list the warnings (shared/identity-warnings.ts).
         */
        confirm: z.boolean().optional(),
      })
      .strict(),
  ),

  // L2 knowledge graph (read-only views).
  'graph.scopes': channel<{ scope: string; nodes: number; edges: number }[]>()(empty),
  'graph.snapshot': channel<GraphView>()(z.object({ scope }).strict()),
  'graph.node': channel<GraphNodeDetail>()(z.object({ id: z.number().int().positive() }).strict()),
  'graph.edge': channel<GraphEdgeDetail>()(z.object({ id: z.number().int().positive() }).strict()),

  // L2 corrections by the person. Each is journaled (one history entry, or one group) and can be undone;
  // the result carries the first entry's id. What the person asserts outranks what a model extracted.
  'graph.entity.rename': channel<GraphCorrectionResult>()(z.object({ id: graphId, name: entityName }).strict()),
  /** Folds `dropId` into `keepId` (duplicates such as "Sam" / "Samuel"). */
  'graph.entity.merge': channel<GraphCorrectionResult>()(z.object({ keepId: graphId, dropId: graphId }).strict()),
  /** Deletes an entity and marks its relations wrong with it. */
  'graph.entity.delete': channel<GraphCorrectionResult>()(z.object({ id: graphId }).strict()),
  /** "This is wrong": the relation leaves the graph (kept for undo); what it had closed is re-opened. */
  'graph.relation.retract': channel<GraphCorrectionResult>()(z.object({ id: graphId, reason: z.string().max(500).optional() }).strict()),
  /** Corrects the wording, the start, or the end (null: it still holds). */
  'graph.relation.edit': channel<GraphCorrectionResult>()(
    z.object({ id: graphId, relation: relationName.optional(), validFrom: dateText.optional(), validTo: dateText.nullable().optional() }).strict(),
  ),
  /** A relation by hand; ends are entity ids or names (a new name becomes a new entity). */
  'graph.relation.add': channel<GraphCorrectionResult>()(
    z.object({ scope, src: entityRef, dst: entityRef, relation: relationName, validFrom: dateText.optional(), supersede: z.boolean().optional() }).strict(),
  ),
  /** Changes a model wanted to make against what the person asserted, waiting for the person. */
  'graph.proposals': channel<GraphProposal[]>()(z.object({ scope: scope.optional() }).strict()),
  'graph.proposals.decide': channel<{ proposal: GraphProposal; result: GraphCorrectionResult | null }>()(z.object({ id: graphId, accept: z.boolean() }).strict()),

  // L3 laws, with their grounding down to source messages.
  'laws.list': channel<LawView[]>()(z.object({ scopes: z.array(scope).max(200).optional() }).strict()),
  /** Re-derive one scope's laws now (ignores the unchanged-input fingerprint). */
  'laws.derive': channel<LawDeriveResult>()(z.object({ scope }).strict()),
  'laws.check': channel<{ scope: string; checked: number; flagged: { lawId: number; factId: string; why: string; statement: string; factText: string }[] }[]>()(
    z.object({ scopes: z.array(scope).min(1).max(200) }).strict(),
  ),
  // The person's corrections of laws (issue 15), each journaled and undoable from the history.
  /** Laws the person rejected: kept as exclusions that inference is given and never re-derives. */
  'laws.rejected': channel<LawView[]>()(z.object({ scopes: z.array(scope).max(200).optional() }).strict()),
  /** "Don't infer this again": out of recall at once, in every scope where the same law was learned. */
  'laws.reject': channel<LawView>()(z.object({ id: lawId, reason: z.string().max(500).optional() }).strict()),
  'laws.unreject': channel<LawView>()(z.object({ id: lawId }).strict()),
  /** Restates a law in the person's words (sanitized like a fact); re-derivation keeps it from then on. */
  'laws.edit': channel<LawView>()(z.object({ id: lawId, statement: z.string().trim().min(1).max(500) }).strict()),
  /** A pinned law is kept through re-derivation, does not decay, and stays in recall. */
  'laws.pin': channel<LawView>()(z.object({ id: lawId, pinned: z.boolean() }).strict()),
  /** Brings a law taken out of recall (what it rests on changed) back in, as the person's call. */
  'laws.unsuppress': channel<LawView>()(z.object({ id: lawId }).strict()),
  /** Changes models proposed to laws the person asserted, waiting for the person. */
  'laws.proposals': channel<LawProposal[]>()(z.object({ scopes: z.array(scope).max(200).optional() }).strict()),
  'laws.decide': channel<{ law: LawView | null }>()(z.object({ id: z.number().int().positive(), accept: z.boolean() }).strict()),
} as const;
