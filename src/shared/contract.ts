// The one contract between the renderer and the engine. Every channel: its name, its zod input schema,
// and its output type. Both hosts (Electron IPC, the headless HTTP server) bind exactly these channels;
// the renderer calls them through one typed `invoke`. Adding a channel = one entry here + one handler.
import { canonicalScope } from './scope-key';
import type { CapturedChange } from './captured-change';
import { z } from 'zod';
import type { AgentInput, Agent, Config } from './config';
import { agentPatchSchema, agentSchema, idSchema, modelRefSchema, providerSchema } from './config';
import type {
  AppStatus,
  BackupInfo,
  ChatTurnResult,
  CommandResult,
  CoreFileView,
  Fact,
  FactProposal,
  FactScopeSummary,
  FactView,
  FactWriteResult,
  Message,
  LocalServerDetection,
  OllamaDetection,
  Page,
  ProviderTestResult,
  ProviderView,
  GraphCorrectionResult,
  GraphEdgeDetail,
  GraphNodeDetail,
  GraphProposal,
  GraphView,
  ConsolidationProgress,
  ConsolidationSummary,
  ImportReport,
  PendingIdentityView,
  LawProposal,
  LawView,
  MemoryStatus,
  Mem0Entries,
  Mem0Projection,
  Mem0Status,
  RecallSnapshot,
  RestoreStaged,
  Session,
} from './domain';
import type { WireError } from './errors';
import { forgetKeySchema, forgetTargetSchema, MAX_FORGET_KEYS, type ForgetOutcome, type ForgetPreview } from './forget';
import type { HistoryPage, JournalActor, JournalLayer, UndoResult } from './journal';
import type { LiveDeltaEvent, LiveToolEvent, LiveTurn } from './live-turn';
import type { ReceiptView } from './receipt';
import type { EmbeddingStatus, SearchResults } from './search';
import { mcpDecisionSchema, mcpSecretsInputSchema, mcpServerSchema, mcpToolApprovalSchema, type McpCallView, type McpServerView, type McpTestResult } from './mcp';
import type { ModelCheckReport } from './memory-tasks';
import type { InboxDecision, InboxList, PendingWrite, RecallFreshness } from './inbox';
import type { RecallRebuild } from './domain';
import { MCP_KEYLESS_POLICIES, mcpAppId, mcpClientPatchSchema, mcpNewAppSchema, mcpPendingId, type McpAppView, type McpKeylessPolicy, type McpAppsView, type McpHttpStatus, type McpIssuedKey, type McpSetupInfo } from './mcp';

/** Declares a channel: `channel<Output>()(inputSchema)`. The schema is real; the output is a type marker. */
function channel<O>() {
  return <I extends z.ZodType>(input: I) => ({ input, output: undefined as unknown as O });
}

const empty = z.object({}).strict();
/**
 * global | agent:<id> | project:<key> | session:<id>; the engine re-validates and maps it to a file. Taken
 * in lower case (scope-key.ts): `project:A` and `project:a` are one scope, as they are one file on macOS.
 */
export const scope = z
  .string()
  .min(1)
  .max(120)
  .regex(/^(global|(agent|project|session):[A-Za-z0-9][A-Za-z0-9_-]{0,99})$/, 'not a scope')
  .transform(canonicalScope);
const factIdSchema = z.string().regex(/^[0-9a-f]{12}$/, 'a 12-hex fact id');
const factText = z.string().min(1).max(4000);
const coreFile = z.enum(['user', 'soul', 'agents', 'workspace']);
const lawId = z.number().int().positive();
/** An Inbox item: chat:12, merge:3, graph:5, law:7, or held:<scope>:<fact id>. */
const inboxId = z.string().regex(/^((chat|merge|graph|law|link):[1-9]\d{0,15}|held:(global|(agent|project):[A-Za-z0-9][A-Za-z0-9_-]{0,99}):[0-9a-f]{12})$/, 'an Inbox item id');
export const sessionId = z.string().min(1).max(64);
export const title = z.string().trim().min(1).max(200);
const graphId = z.number().int().positive();
const entityName = z.string().trim().min(1).max(200);
const entityRef = z.union([graphId, entityName]);
const relationName = z.string().trim().min(1).max(80);
/** A date ("2026-03-01") or an ISO instant; the engine parses it. */
const dateText = z.string().trim().min(4).max(40);
const journalLayer = z.enum(['facts', 'identity', 'graph', 'laws'] satisfies JournalLayer[]);
const journalActor = z.enum(['person', 'agent', 'consolidation', 'extraction', 'inference', 'import', 'mcp', 'system'] satisfies JournalActor[]);
/** An ISO date (2026-12-01) or date-time; compared with entries' UTC times after parsing. */
const isoMoment = z
  .string()
  .max(40)
  .regex(/^\d{4}-\d\d-\d\d([T ]\d\d:\d\d(:\d\d(\.\d{1,3})?)?(Z|[+-]\d\d:?\d\d)?)?$/, 'an ISO date or date-time')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'not a real date');

/** A deep-partial patch of the config; the merged result is validated against the full schema. */
export const configPatchSchema = z.record(z.string(), z.unknown());

const agentCreate = agentSchema.partial({ id: true, description: true, models: true, memory: true }).strict();

export const contract = {
  'app.status': channel<AppStatus>()(empty),

  'config.get': channel<Config>()(empty),
  'config.update': channel<Config>()(z.object({ patch: configPatchSchema }).strict()),

  'agents.list': channel<Agent[]>()(empty),
  'agents.create': channel<Agent>()(agentCreate),
  'agents.update': channel<Agent>()(z.object({ id: idSchema, patch: agentPatchSchema }).strict()),
  'agents.delete': channel<{ deletedSessions: number }>()(z.object({ id: idSchema }).strict()),

  'sessions.list': channel<Session[]>()(z.object({ agentId: idSchema.optional() }).strict()),
  'sessions.create': channel<Session>()(
    z
      .object({
        agentId: idSchema,
        title: title.optional(),
        workspace: z.string().min(1).max(4096).optional(),
        incognito: z.boolean().optional(),
      })
      .strict(),
  ),
  'sessions.rename': channel<Session>()(z.object({ id: sessionId, title }).strict()),
  /** Session options: the workspace folder (null removes it) and incognito. Fields left out stay as they are. */
  'sessions.update': channel<Session>()(
    z
      .object({
        id: sessionId,
        workspace: z.string().trim().min(1).max(4096).nullable().optional(),
        incognito: z.boolean().optional(),
      })
      .strict(),
  ),
  /**
   * Deletes a chat. `forget`: keys from `forget.preview` of this chat (what rests only on it) that the
   * person left ticked; they are forgotten first, as one history group (one undo).
   */
  'sessions.delete': channel<{ id: string; forget: ForgetOutcome | null }>()(
    z.object({ id: sessionId, forget: z.array(forgetKeySchema).max(MAX_FORGET_KEYS).optional() }).strict(),
  ),

  'messages.list': channel<Page<Message>>()(
    z
      .object({
        sessionId,
        /** Opaque cursor from a previous page. */
        before: z.string().max(200).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      })
      .strict(),
  ),

  // Chat. `chat.send` resolves when the turn ends; tokens arrive meanwhile as `chat.delta` events.
  // `pasted`: the composer saw most of the text arrive by paste; stored with the message, and facts the
  // agent records in that turn are marked as coming from pasted text.
  // `replacing` (shell: edit & resend): the id of a sent user message this text is a new version of.
  'chat.send': channel<ChatTurnResult>()(
    z.object({ sessionId, text: z.string().trim().min(1).max(200_000), pasted: z.boolean().optional(), replacing: z.string().min(1).max(64).optional() }).strict(),
  ),
  'chat.cancel': channel<{ cancelled: boolean }>()(z.object({ sessionId }).strict()),
  /** The session's turn running now (what a window that opens mid-turn must show), or null. */
  'chat.live': channel<LiveTurn | null>()(z.object({ sessionId }).strict()),
  /** Re-runs the last user message: hides the replies after it (soft delete) and asks again. */
  'chat.regenerate': channel<ChatTurnResult>()(z.object({ sessionId }).strict()),
  /** Slash commands (`/help`, …), the same ones the CLI offers. */
  'chat.command': channel<CommandResult>()(
    z.object({ text: z.string().trim().min(1).max(10_000), sessionId: sessionId.optional(), agentId: idSchema.optional() }).strict(),
  ),

  // Model providers. Keys go in; only their last 4 characters come out. Where a key is stored is derived
  // by the engine (no key reference is accepted here: `.strict()` refuses one), and a stored key is sent
  // only to the origin it was saved for.
  'providers.list': channel<ProviderView[]>()(empty),
  'providers.save': channel<ProviderView>()(
    z.object({ provider: providerSchema.strict(), apiKey: z.string().max(1000).nullable().optional() }).strict(),
  ),
  'providers.delete': channel<{ id: string }>()(z.object({ id: idSchema }).strict()),
  'providers.test': channel<ProviderTestResult>()(
    z
      .object({
        id: idSchema.optional(),
        provider: providerSchema.strict().optional(),
        /** A key typed in the form, sent to the address typed with it. */
        apiKey: z.string().max(1000).optional(),
        /** false: do not use the saved key (the form is about to remove it). */
        storedKey: z.boolean().optional(),
      })
      .strict(),
  ),
  'providers.detectOllama': channel<OllamaDetection>()(empty),

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
  'laws.derive': channel<{
    scope: string;
    derived: number;
    dropped: number;
    rejected: number;
    /** Proposed laws left out because the person rejected them (or the same in other words). */
    excluded: number;
    /** Proposed laws that restated one the person edited or pinned (kept as the person has it). */
    kept: number;
    /** Proposed laws stating the opposite of one the person asserted: put to the person. */
    proposed: number;
  }>()(z.object({ scope }).strict()),
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

  // The consolidation pipeline and memory status.
  'memory.status': channel<MemoryStatus>()(empty),
  /** Runs the pipeline for one agent (or every agent) and resolves with the summary; progress arrives as events. */
  'consolidate.run': channel<ConsolidationSummary[]>()(
    z.object({ agentId: idSchema.optional(), level: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional() }).strict(),
  ),
  'consolidate.cancel': channel<{ cancelled: boolean }>()(z.object({ agentId: idSchema }).strict()),
  'consolidate.history': channel<ConsolidationSummary[]>()(z.object({ agentId: idSchema.optional(), limit: z.number().int().min(1).max(50).optional() }).strict()),

  // The mem0 backend: status (incl. the managed qdrant) and the explorer. Reads never start qdrant.
  'mem0.status': channel<Mem0Status>()(empty),
  'mem0.entries': channel<Mem0Entries>()(
    z.object({ query: z.string().max(500).optional(), agentId: idSchema.optional(), limit: z.number().int().min(1).max(1000).optional() }).strict(),
  ),
  'mem0.delete': channel<{ id: string }>()(z.object({ id: z.string().min(1).max(100) }).strict()),
  'mem0.projection': channel<Mem0Projection>()(z.object({ agentId: idSchema.optional() }).strict()),

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

  // Search over past messages, facts and graph entities (issue 9). With agentId: that agent's sessions
  // and its scopes only; scopes overrides the fact/graph scopes searched.
  'search.query': channel<SearchResults>()(
    z
      .object({
        query: z.string().trim().min(1).max(1000),
        agentId: idSchema.optional(),
        sessionId: sessionId.optional(),
        scopes: z.array(scope).max(50).optional(),
        k: z.number().int().min(1).max(100).optional(),
      })
      .strict(),
  ),
  // Hybrid search (issue 20): whether messages are also searched by meaning, and how the embedding goes.
  'search.status': channel<EmbeddingStatus>()(empty),

  // Backups of both databases (daily, automatic). Restore is staged and applied at the next start.
  'backups.list': channel<BackupInfo[]>()(empty),
  'backups.restore': channel<RestoreStaged>()(z.object({ name: z.string().regex(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z(-\d{1,3})?$/, 'a backup name') }).strict()),

  // MCP servers' tools in the chat (issue 19 §2): Settings → Tools, and the person's decision on each call.
  // Secret values go in (a string sets, null removes, left out keeps); only masks come out.
  'mcp.servers.list': channel<McpServerView[]>()(empty),
  'mcp.servers.save': channel<McpServerView>()(z.object({ server: mcpServerSchema, secrets: mcpSecretsInputSchema.optional() }).strict()),
  'mcp.servers.delete': channel<{ id: string }>()(z.object({ id: idSchema }).strict()),
  /** Starts the server (a saved one by id, or a draft from the form with the secrets typed in it) and lists its tools. */
  'mcp.servers.test': channel<McpTestResult>()(
    z.object({ id: idSchema.optional(), server: mcpServerSchema.optional(), secrets: mcpSecretsInputSchema.optional() }).strict(),
  ),
  /**
   * Approves (or withdraws the approval of) a tool whose text reads like instructions to the assistant, for
   * the exact text the person read (its digest); answers with the server's tools as Test lists them.
   */
  'mcp.tools.approve': channel<McpTestResult>()(mcpToolApprovalSchema),
  /** How each MCP tool call of a chat went (waiting, allowed, denied, flagged result). */
  'mcp.calls': channel<McpCallView[]>()(z.object({ sessionId }).strict()),
  /** "Allow once" / "Always in this chat" / "Deny" for a call waiting in a running turn. */
  'mcp.decide': channel<{ decided: true }>()(z.object({ sessionId, callId: z.string().min(1).max(200), decision: mcpDecisionSchema }).strict()),
  // Model self-test, "Check memory tasks" (issue 18 §3): each memory task on a small built-in sample,
  // pass / fail / time, the raw reply and the reason on failure. Without a provider and model: the
  // memory model (and the chat model's tool calling). The last report per model is kept.
  'models.check': channel<ModelCheckReport>()(
    z.object({ providerId: idSchema.optional(), model: z.string().trim().min(1).max(200).optional(), tools: z.boolean().optional() }).strict(),
  ),
  'models.checks': channel<ModelCheckReport[]>()(empty),
  // Receipts (issue 16): what memory went into a reply and what it changed; null for a reply without one.
  'chat.receipt': channel<ReceiptView | null>()(z.object({ messageId: z.string().min(1).max(200) }).strict()),
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
  // MCP server (issue 19): the apps that use Monad's memory over MCP, their permissions, and how to connect one.
  // Each app holds its own key (issue 26 §1); everything below names an app by its credential id.
  'mcp.clients.list': channel<McpAppsView>()(empty),
  /** A new app with its own key: the key comes back once, for the snippet, and is never shown again. */
  'mcp.clients.add': channel<McpIssuedKey>()(mcpNewAppSchema),
  /** A keyless app the person approves: it gets a key of its own (shown once) and leaves the pending list. */
  'mcp.clients.approve': channel<McpIssuedKey>()(z.object({ pendingId: mcpPendingId, app: mcpNewAppSchema }).strict()),
  /** Forgets a keyless app's request (listed again if it connects again). */
  'mcp.clients.dismiss': channel<{ removed: boolean }>()(z.object({ pendingId: mcpPendingId }).strict()),
  /** A new key for an app: the old one is refused at once and its open sessions end. */
  'mcp.clients.regenerate': channel<McpIssuedKey>()(z.object({ id: mcpAppId }).strict()),
  /** Label, agent, scopes, access, revoked. Revoking ends the app's open sessions at once. */
  'mcp.clients.update': channel<McpAppView>()(z.object({ id: mcpAppId, patch: mcpClientPatchSchema }).strict()),
  'mcp.clients.remove': channel<{ removed: boolean }>()(z.object({ id: mcpAppId }).strict()),
  /** Whether apps without a key of their own may read ('read', listed for approval) or are refused ('refuse'). */
  'mcp.clients.keyless': channel<{ keyless: McpKeylessPolicy }>()(z.object({ keyless: z.enum(MCP_KEYLESS_POLICIES) }).strict()),
  'mcp.setup': channel<McpSetupInfo>()(empty),
  /** The desktop app's MCP listener: whether it listens, where, and why not (waits for a change in progress). */
  'mcp.http.status': channel<McpHttpStatus>()(empty),
  /** The persistent shared token itself: with it an app without a key of its own may only read (and is listed for approval). */
  'mcp.http.token': channel<{ token: string }>()(empty),
  /** A new persistent token; the old one is refused from the next request on. */
  'mcp.http.regenerate': channel<{ token: string }>()(empty),
  // Shell (issue 17): another version of an edited message, a chat's own model, local servers on first run.
  /** Shows another version of an edited message (and the replies it had); nothing is sent. */
  'chat.switchBranch': channel<{ sessionId: string }>()(z.object({ sessionId, messageId: z.string().min(1).max(64) }).strict()),
  /** This chat's own chat model; null goes back to the agent's. */
  'sessions.setModel': channel<Session>()(z.object({ id: sessionId, model: modelRefSchema.strict().nullable() }).strict()),
  /** Ollama and LM Studio on their usual loopback ports. */
  'providers.detectLocal': channel<LocalServerDetection[]>()(empty),
} as const;

export type Contract = typeof contract;
export type ChannelName = keyof Contract;
export type ChannelInput<K extends ChannelName> = z.input<Contract[K]['input']>;
export type ParsedInput<K extends ChannelName> = z.output<Contract[K]['input']>;
export type ChannelOutput<K extends ChannelName> = Contract[K]['output'];

export const CHANNELS = Object.keys(contract) as ChannelName[];

export function isChannelName(name: string): name is ChannelName {
  return Object.prototype.hasOwnProperty.call(contract, name);
}

/** Push events from the engine to the renderer (chat tokens, progress, status changes). */
export interface EventMap {
  'config.changed': { config: Config; error: string | null };
  'status.changed': AppStatus;
  'sessions.changed': { agentId: string };
  'chat.turn': { sessionId: string; turnId: string; phase: 'started' | 'done' | 'error' | 'cancelled'; error?: WireError };
  /** Appended text of the assistant message being streamed. */
  'chat.delta': LiveDeltaEvent & { sessionId: string };
  /** A tool call started or finished inside a turn. */
  'chat.tool': LiveToolEvent & { sessionId: string };
  /** A message was persisted. */
  'chat.message': { sessionId: string; message: Message };
  'consolidate.progress': ConsolidationProgress;
  'consolidate.done': ConsolidationSummary;
  /** The mem0 backend's status changed (qdrant phase, download progress, queued observations). */
  'mem0.status': Mem0Status;
  /** An MCP tool server's settings or status changed (issue 19 §2). */
  'mcp.servers': { id: string };
  /** An MCP tool call changed state: waiting for the person, running, done, denied, flagged. */
  'mcp.call': McpCallView;
  /** Tool servers that could not be reached for a turn, which went on without their tools. */
  'mcp.unavailable': { sessionId: string; servers: { name: string; error: string }[] };
  // ── guards (issue 18 §2): memory changes a turn made without the model's tools ──
  /** What a turn's explicit statements ("remember that …") changed in memory, for the reply's lines. */
  'chat.memory': { sessionId: string; turnId: string; changes: CapturedChange[] };
  // Inbox (issue 16 §3–§4)
  /** What waits in the Inbox changed; the new count (the shell's badge). */
  'inbox.changed': { count: number };
  /** Memory changed in some layer (coalesced): chats check whether their frozen recall block is stale. */
  'memory.changed': { at: string };
}
export type EventName = keyof EventMap;
// The plain name list is EVENT_NAME_LIST in channel-names.ts (zod-free, for the sandboxed preload), checked
// against EventMap there; it is not re-exported here, which would make the two files a circle (issue 28 §2).

export type { AgentInput };
