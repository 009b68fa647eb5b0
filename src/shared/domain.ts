// Domain records as they cross the contract. Plain data only.
import type { JournalActor, JournalSource } from './journal';
import type { TaskFailureView, TaskStreakView } from './memory-tasks';
import type { ReplyMemory } from './receipt';

export type Role = 'user' | 'assistant' | 'system' | 'tool';

export interface Session {
  id: string;
  agentId: string;
  title: string;
  /** Real path of the workspace folder, when the session has one. */
  workspace: string | null;
  /** Stable hash of the workspace's real path: the project scope key. */
  projectKey: string | null;
  incognito: boolean;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
  /** This chat's own chat model, overriding the agent's (null: the agent's). */
  chatModel?: { provider: string; model: string } | null;
}

export interface ToolCall {
  id: string;
  name: string;
  args: unknown;
}

export interface TokenUsage {
  input: number;
  output: number;
}

/**
 * How a user message's text reached the composer: typed by the person, pasted (largely) from elsewhere,
 * or a forwarded message (email/chat headers). Text that came from elsewhere may carry someone else's
 * words, so facts recorded from it are marked as such in recall.
 */
export type MessageOrigin = 'typed' | 'pasted' | 'forwarded';

/**
 * Where a fact came from when it was written: a turn whose user message was typed, pasted or forwarded
 * (the agent's memory tool), an import, the person's own hand (Memory tab, CLI), the agent with no user
 * message to attribute, or a consolidation merge.
 */
export type FactOriginKind = 'typed' | 'pasted' | 'forwarded' | 'imported' | 'person' | 'agent' | 'consolidated';

export interface Message {
  id: string;
  sessionId: string;
  role: Role;
  content: string;
  /** For user messages: how the text was entered (null for other roles and older messages). */
  origin: MessageOrigin | null;
  toolCalls: ToolCall[] | null;
  /** For role 'tool': which call this answers. */
  toolCallId: string | null;
  usage: TokenUsage | null;
  /** Set when the turn that produced this message ended in an error. */
  error: string | null;
  createdAt: string;
  /** Receipts (issue 16): on the reply that ends a turn, what memory it used and the changes it made. */
  memory?: ReplyMemory | null;
  /** A user message that was edited and resent: all its versions (first first) and which one this is. */
  branch?: { index: number; ids: string[] };
}

export interface Page<T> {
  items: T[];
  /** Pass back as `before` to get the next (older) page; null when there is none. */
  nextCursor: string | null;
}

export interface HealthItem {
  ok: boolean;
  path: string;
  error: string | null;
}

export interface AppStatus {
  app: { name: string; version: string };
  versions: { node: string; electron: string | null; chrome: string | null; sqlite: string };
  host: 'electron' | 'server' | 'cli';
  home: string;
  config: HealthItem & { lastGoodAt: string | null };
  db: HealthItem & { schemaVersion: number };
  secrets: { kind: 'safeStorage' | 'file'; encrypted: boolean; warning: string | null };
  /** Things the person must be told about this run: a damaged database restored, a restore applied or pending. */
  notices: Notice[];
}

export interface Notice {
  level: 'info' | 'warning' | 'error';
  code:
    | 'db-restored'
    | 'db-reset'
    | 'restore-applied'
    | 'restore-failed'
    | 'restore-pending'
    | 'backup-failed'
    /** Files or folders in the home were readable by other accounts and have been made owner-only. */
    | 'home-permissions-tightened'
    /** A memory task failed several times in a row (issue 18 §4): the notice offers the model self-test. */
    | 'memory-task-failing';
  message: string;
  at: string;
}

/** One backup set under <home>/backups/<name>/: both databases, copied with SQLite's online backup API. */
export interface BackupInfo {
  name: string;
  createdAt: string;
  reason: 'daily' | 'manual' | 'before-restore';
  files: { file: 'app.sqlite' | 'memory.sqlite'; bytes: number; schemaVersion: number }[];
  /** The facts, identity files and settings carried beside the databases; absent in sets made before issue 27. */
  homeFiles?: { count: number; bytes: number };
}

export interface RestoreStaged {
  name: string;
  /** Always true: a restore is applied when Monad next starts, before any database is opened. */
  restartRequired: true;
  message: string;
}

export type Scope = `global` | `agent:${string}` | `project:${string}` | `session:${string}` | `org:${string}`;

export interface ChatTurnResult {
  turnId: string;
  /** Every message this turn persisted (the user message first, unless regenerating). */
  messages: Message[];
}

export interface CommandResult {
  /** Markdown shown in the chat (or printed by the CLI). */
  output: string;
  /** Structured data for the CLI's --json. */
  data?: unknown;
}

export interface ProviderView {
  id: string;
  kind: 'openai' | 'anthropic' | 'openai-compatible';
  name: string;
  baseURL?: string;
  models: string[];
  /** A key is saved and will be sent to this provider's current address. */
  hasKey: boolean;
  /** "…Ab12": the last 4 characters of a usable key, never more of it. */
  maskedKey: string | null;
  /**
   * A key is saved for another address than the one the provider points at now (config.json edited by
   * hand): it is not sent; entering the key again binds it to the new address.
   */
  keyForOtherOrigin: boolean;
}

export interface ProviderTestResult {
  ok: boolean;
  models: string[];
  error: string | null;
}

export interface OllamaDetection {
  available: boolean;
  baseURL: string;
  models: string[];
}

/** First run: a local model server found (or not) on its usual loopback port. */
export type LocalServerKind = 'ollama' | 'lmstudio';
export interface LocalServerDetection {
  kind: LocalServerKind;
  /** "Ollama", "LM Studio". */
  name: string;
  available: boolean;
  /** The OpenAI-compatible base URL to save as a provider. */
  baseURL: string;
  models: string[];
  /** When not available: how to start it. */
  hint: string | null;
}

/** An L1 fact: one bullet in its scope's Markdown file. */
export interface Fact {
  /** First 12 hex of sha256 over the normalised text. */
  id: string;
  scope: string;
  text: string;
}

/**
 * Where a fact's current text came from (issue 15): who wrote it and from where. Kept beside the Markdown,
 * keyed by fact id, so the file stays clean for people.
 */
export interface FactSource {
  /** person: the Memory tab, the CLI, or an edit of the file by hand; agent: the memory tool in a chat. */
  actor: JournalActor;
  /** How the person wrote it: 'app', 'cli', 'hand-edit' (a bullet added or changed in an editor), 'import'… */
  via: JournalSource['via'] | null;
  /** The chat and the message the agent's write is attributed to. */
  sessionId: string | null;
  messageId: string | null;
  /** The consolidation run that merged it. */
  runId: string | null;
  /** An import's file name and the like. */
  detail: string | null;
  /** recorded, edited, merged (by consolidation), or unknown: the fact predates kept sources. */
  event: 'recorded' | 'edited' | 'merged' | 'unknown';
  /** When the current text was written (for an unknown source: when Monad first saw it). */
  at: string | null;
  /**
   * The agent wrote it down, and the person's own typed message of that turn states it (issue 27 §3):
   * the words are the person's ("you said it"), the writing the agent's. Absent on older rows.
   */
  stated?: boolean;
  /** For an edit or a merge: the ids of the facts it replaced. */
  replaces: string[];
}

/** A fact with its source, as the Memory tab, the CLI and the history show it. */
export interface FactView extends Fact {
  source: FactSource;
  /** Where it came from at a glance (issue 16 §5, 27 §3): you said it / inferred / imported / consolidated / via an app; null when unknown. */
  originClass?: 'person' | 'inferred' | 'imported' | 'consolidated' | 'app' | null;
}

/**
 * A change a model wanted to make to facts the person asserted. What the person wrote outranks what a
 * model derived: consolidation does not merge such a fact away on its own; the merge waits here.
 */
export interface FactProposal {
  id: number;
  scope: string;
  kind: 'merge';
  /** The text the facts would become. */
  text: string;
  /** The facts it would replace, as they were when it was proposed. */
  from: { id: string; text: string }[];
  actor: JournalActor;
  source: JournalSource | null;
  proposedAt: string;
}

export interface FactScopeSummary {
  scope: string;
  count: number;
  chars: number;
  updated: string | null;
  warnings: string[];
}

export type FactWriteStatus = 'recorded' | 'duplicate' | 'updated' | 'rejected' | 'refused';

export interface FactWriteResult {
  status: FactWriteStatus;
  fact: Fact | null;
  /** Kinds of secrets that were redacted before saving. */
  redactions: string[];
  /** For rejected / refused: why, in words the model and the person can act on. */
  reason: string | null;
}

export type CoreFileKind = 'user' | 'soul' | 'agents' | 'workspace';

export interface CoreFileView {
  kind: CoreFileKind;
  path: string;
  exists: boolean;
  content: string;
  /** Pass back when saving: a save is refused if the file changed on disk since. */
  mtimeMs: number | null;
  error: string | null;
}

export interface RecallSnapshot {
  sessionId: string;
  /** The exact bytes injected into every turn of this session; null until its first turn. */
  block: string | null;
  builtAt: string | null;
  /** Times the person rebuilt this block mid-session with "Use it now" (issue 16 §4), oldest first. */
  rebuilds?: RecallRebuild[];
}

/** One "Use it now": when, which lines of the block it added and removed, and when the replaced block was built. */
export interface RecallRebuild {
  at: string;
  added: string[];
  removed: string[];
  previousBuiltAt: string | null;
}

/** Who asserted a relation: the user said it, the assistant said it, or it was inferred. */
export type ProvClass = 'user' | 'assistant' | 'inferred';

/**
 * Who stands behind an entity or relation: a model extracted it, or the person added, edited, confirmed
 * or accepted it. What the person asserts outranks what a model derived: extraction never overwrites,
 * closes or re-adds against it on its own, it proposes a change instead (GraphProposal).
 */
export type AssertedBy = 'model' | 'person';

export interface GraphNode {
  id: number;
  scope: string;
  name: string;
  type: string;
  summary: string;
  degree: number;
  assertedBy?: AssertedBy;
  /** When it was first learned (an entity without relations is drawn from then on). */
  since?: string;
  /** Set when the entity was deleted or merged into another (its row is kept so that can be undone). */
  removed?: { at: string; by: string; mergedInto: number | null } | null;
}

export interface GraphEdge {
  id: number;
  scope: string;
  src: number;
  dst: number;
  relation: string;
  provClass: ProvClass;
  validFrom: string;
  /** null = still true. */
  validTo: string | null;
  /** Message ids this relation was extracted from. */
  support: string[];
  assertedBy?: AssertedBy;
  /** "This is wrong" (by the person), or its source messages are gone (by the system). Kept for undo. */
  retracted?: { at: string; by: string; reason: string | null } | null;
  /** The relation whose start closed this one; retracting that one re-opens this one. */
  supersededBy?: number | null;
  /** Folded into this duplicate when two entities were merged. */
  mergedInto?: number | null;
  /** When Monad first stored it (a relation the person added has no messages behind it: this is its date). */
  addedAt?: string;
}

export interface GraphSnapshot {
  scope: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
  truncated: boolean;
}

/** An entity as the Graph tab draws it; its summary comes with `graph.node`. */
/** `since` only for an entity without relations (the others are drawn while a relation of theirs holds). */
export type GraphViewNode = Pick<GraphNode, 'id' | 'name' | 'type' | 'degree' | 'since'>;
/** A relation as the Graph tab draws it; its source messages come with `graph.edge`. */
export type GraphViewEdge = Omit<GraphEdge, 'scope' | 'support' | 'retracted' | 'supersededBy' | 'mergedInto' | 'addedAt'>;

/**
 * What the Graph tab loads for one scope: every entity and relation, with only what drawing, the time
 * control and search need — at 5,000 / 10,000 the full rows are several megabytes of JSON.
 */
export interface GraphView {
  scope: string;
  nodes: GraphViewNode[];
  edges: GraphViewEdge[];
  truncated: boolean;
}

export interface SourceMessage {
  id: string;
  sessionId: string;
  sessionTitle: string;
  role: Role;
  createdAt: string;
  excerpt: string;
}

export interface GraphNodeDetail {
  node: GraphNode;
  edges: GraphEdge[];
  neighbours: GraphNode[];
}

export interface GraphEdgeDetail {
  edge: GraphEdge;
  src: GraphNode;
  dst: GraphNode;
  sources: SourceMessage[];
}

/**
 * A change a model wanted to make against what the person asserted, waiting for the person: re-add a
 * relation they marked wrong, or close a relation they added in favour of a new value.
 */
export interface GraphProposal {
  id: number;
  scope: string;
  kind: 'relation.add' | 'relation.supersede';
  /** What would change, in words: 'Add “User lives in Porto”'. */
  summary: string;
  /** Why it waits: 'You marked “User lives in Porto” as wrong on 2026-03-01'. */
  reason: string;
  /** The relation it would add. */
  relation: { src: string; relation: string; dst: string; validFrom: string; provClass: ProvClass };
  /** Relations the person asserted that accepting would close. */
  closes: { id: number; text: string }[];
  /** The relation the person marked wrong that this would bring back. */
  retracted: { id: number; text: string } | null;
  sources: SourceMessage[];
  actor: string;
  createdAt: string;
  status: 'pending' | 'accepted' | 'dismissed';
  decidedAt: string | null;
}

/** What a correction of the graph did, with the first history entry it made (for Undo). */
export interface GraphCorrectionResult {
  journalId: number | null;
  node?: GraphNode;
  edge?: GraphEdge;
  /** Relations retracted along with it (an entity's relations when it is deleted). */
  retracted?: number[];
  /** Relations re-opened because the relation that had closed them was retracted. */
  reopened?: number[];
}

/** An L3 law with its grounding, as the Laws tab and /why show it. */
export interface LawView {
  id: number;
  scope: string;
  statement: string;
  /** As derived. */
  confidence: number;
  /** After half-life decay since derivation (computed at read time). */
  effectiveConfidence: number;
  derivedAt: string;
  ageDays: number;
  /** True when any of its refs no longer resolves (a fact forgotten, an edge retracted). */
  stale: boolean;
  /**
   * Injected as a "Learned rule": active, not suppressed, and — unless the person asserted it — resting on
   * grounding that still resolves, not contradicted, and above the decay floor.
   */
  eligible: boolean;
  contradictedBy: { ref: string; text: string | null; why: string | null } | null;
  /** `text` null: forgotten since; `wasText` is what it said when the law was derived (when known). */
  facts: { id: string; text: string | null; wasText?: string | null }[];
  relations: { id: number; text: string | null; validFrom: string | null; validTo: string | null; sources: SourceMessage[] }[];
  /** Kept by the person: never replaced by re-derivation, does not decay, not flagged by a model. */
  pinned: boolean;
  /** 'person' once the person edited its statement (then it outranks inference like a pinned law). */
  origin: 'inference' | 'person' | 'import';
  /** The statement as inferred, when the person edited it. */
  derivedStatement: string | null;
  editedAt: string | null;
  /** Rejected by the person: out of recall, and never inferred again in the same or a near-same form. */
  rejected: { reason: string | null; at: string } | null;
  /** Out of recall until re-derived, because what it rests on was forgotten, edited or retracted. */
  suppressed: { reason: string; ref: string | null; at: string } | null;
  /** Why it is not in recall, in words; empty when it is. */
  outOfRecall: string[];
  /** The same law learned in other scopes; recall carries the statement once. */
  alsoIn: { id: number; scope: string }[];
}

/**
 * A change a model wanted to make to a law the person asserted (edited or pinned). Models never make it
 * on their own: it waits here until the person accepts or dismisses it.
 */
export interface LawProposal {
  id: number;
  scope: string;
  /** 'edit': restate the law as `statement`; 'suppress': take it out of recall for `reason`. */
  kind: 'edit' | 'suppress';
  lawId: number;
  /** The law's statement now. */
  lawStatement: string;
  /** For 'edit', the proposed statement; for 'suppress', the law's own. */
  statement: string;
  reason: string;
  /** Who proposed it: 'inference', 'consolidation', 'extraction', 'agent'… */
  actor: string;
  proposedAt: string;
}

export type ConsolidationStage = 'facts' | 'graph' | 'laws';

export interface ConsolidationProgress {
  runId: string;
  agentId: string;
  stage: ConsolidationStage;
  scope: string;
  done: number;
  total: number;
}

/** What one consolidation run changed, per layer, and what it cost. */
export interface ConsolidationSummary {
  runId: string;
  agentId: string;
  level: 1 | 2 | 3;
  trigger: 'manual' | 'schedule' | 'command' | 'cli';
  startedAt: string;
  finishedAt: string;
  durationMs: number;
  ok: boolean;
  cancelled: boolean;
  error: string | null;
  facts: { scopes: number; skipped: number; merged: number; failed: number };
  graph: {
    passes: number;
    failures: number;
    nodesAdded: number;
    edgesAdded: number;
    edgesMerged: number;
    edgesClosed: number;
    edgesRetracted: number;
    nodesRemoved: number;
    /** Changes against what the person asserted, left for them in the Graph tab's proposed changes. */
    proposed?: number;
  } | null;
  laws: { scopes: number; skipped: number; derived: number; dropped: number; failed: number } | null;
  llmCalls: number;
  tokens: { input: number; output: number };
}

export interface AgentMemoryStatus {
  agentId: string;
  name: string;
  effectiveLevel: 1 | 2 | 3;
  autoConsolidate: boolean;
  intervalMinutes: number;
  running: boolean;
  lastRun: ConsolidationSummary | null;
  nextRunAt: string | null;
  lastError: string | null;
  memoryModel: string | null;
}

export interface MemoryStatus {
  backend: 'builtin' | 'mem0';
  agents: AgentMemoryStatus[];
  models: { chat: string | null; memory: string | null; embedding: string | null };
  decay: { halfLifeDays: number; floor: number };
  /** The most recent memory-task failures, newest first (issue 18 §4). */
  taskFailures?: TaskFailureView[];
  /** Tasks failing right now: one or more failures since their last success. */
  failingTasks?: TaskStreakView[];
  /** Every agent and task that has run, with what reading the replies left out (issue 18 §1). */
  memoryTasks?: TaskStreakView[];
}

export interface ImportReport {
  /** mcp-memory: the graph file of the reference MCP memory server (memory.jsonl). */
  format: 'transcript' | 'export' | 'chatgpt' | 'mcp-memory';
  agents: { added: number };
  sessions: { added: number; skipped: number };
  messages: { added: number; skipped: number };
  facts: { added: number; skipped: number };
  /** Identity files are never written by an import: they wait for the person's review (identity.pending). */
  identity: { pending: number; unchanged: number };
  graph: { nodes: number; edges: number };
  /**
   * Laws; of the skipped, `sameAsHere` active ones were the same law as one already here, whose pin or edit
   * the file brought to it (`stateApplied`) or which kept the person's own here (`stateKept`).
   */
  laws: { added: number; skipped: number; sameAsHere?: number; stateApplied?: number; stateKept?: number };
  /** v2 archives: History entries brought in (skipped: already here) and Inbox rejections remembered. */
  history?: { added: number; skipped: number };
  /** `links`: cross-layer proposals still waiting in the file's home, brought in as pending Inbox items. */
  inbox?: { rejections: number; links?: number };
  /** Secrets redacted and invisible characters stripped from the imported texts, in total. */
  cleaned: { redactions: number; strippedChars: number };
  /** Images in imported chats (ChatGPT): not brought in; each left a placeholder in its message. */
  imagesNotImported?: number;
  /**
   * Items not imported because of what they hold (instruction-shaped text, an oversize message, a
   * relation to an entity that was refused), each with where in the file it came from. Only the first
   * few hundred are listed (a hostile file could hold millions); `refusedTotal` counts them all.
   */
  refused: ImportRefusal[];
  refusedTotal: number;
  /** What the import deliberately did not bring (providers with keys, schedules, workspace folders…). */
  leftOut: string[];
  /** The pending identity files this import produced (review them with identity.pending / accept / dismiss). */
  pendingIdentity: string[];
  warnings: string[];
}

export interface ImportRefusal {
  /** Where in the file: "sessions[2].messages[5]", "laws[0].statement", "facts.global[3]"… */
  where: string;
  /** What kind of item: "law", "graph entity", "message"… */
  what: string;
  reason: string;
  /** The start of the cleaned text, so the person recognises it (never a secret: redacted first). */
  excerpt: string;
}

/** One line of the diff between the identity file on disk and the one an import brought. */
export interface IdentityDiffLine {
  op: 'same' | 'add' | 'remove';
  text: string;
  /** Only on imported lines (same/add): why the person should look twice. */
  flags: ('instruction' | 'secret')[];
  /** For an instruction-shaped line: the sanitizer's reason. */
  reason: string | null;
}

/** An identity file from an import, waiting for the person to accept or dismiss it. */
export interface PendingIdentityView {
  id: string;
  file: 'user' | 'soul' | 'agents';
  agentId: string | null;
  /** Relative to the home: core/USER.md, agents/<id>/SOUL.md… */
  path: string;
  importedAt: string;
  /** Where it came from, e.g. "Monad export of 2026-01-04". */
  source: string;
  /** The text that accepting writes: invisible characters stripped, secrets redacted. */
  incoming: string;
  current: { exists: boolean; content: string; mtimeMs: number | null };
  diff: IdentityDiffLine[];
  flagged: { instruction: number; secret: number };
  /** Characters removed and secrets redacted when the imported text was cleaned. */
  cleaned: { redactions: number; strippedChars: number };
}

// The mem0 backend and its managed qdrant (issue 8).

/** Where the managed qdrant is: the phases the UI and `monad status` show. */
export type QdrantPhase = 'not-needed' | 'stopped' | 'downloading' | 'starting' | 'ready' | 'failed';

export interface QdrantStatus {
  phase: QdrantPhase;
  version: string;
  /** Download progress, while downloading. */
  progress: { received: number; total: number | null } | null;
  url: string | null;
  port: number | null;
  pid: number | null;
  restarts: number;
  /** Something worth saying that is not an error (e.g. "port 6317 was taken; using 6318"). */
  note: string | null;
  /** Why it failed, when it did. */
  error: string | null;
  logFile: string;
}

/** The mem0 backend as a whole: `fallback` = qdrant could not boot, mem0 runs on its local SQLite store. */
export type Mem0Phase = 'not-needed' | 'downloading' | 'starting' | 'ready' | 'failed' | 'fallback';

export interface Mem0Status {
  backend: 'builtin' | 'mem0';
  phase: Mem0Phase;
  /** One line for people: what is happening and why. */
  message: string;
  store: { kind: 'qdrant' | 'remote' | 'local'; location: string } | null;
  qdrant: QdrantStatus;
  models: { memory: string | null; embedding: string | null };
  /** Turns waiting to be observed (extraction runs in the background). */
  pendingObservations: number;
  lastError: string | null;
}

export interface Mem0Entry {
  id: string;
  text: string;
  createdAt: string | null;
  updatedAt: string | null;
  agentId: string | null;
  userId: string | null;
  /** Everything else mem0 keeps with the memory (session id, attribution, …), as display strings. */
  metadata: Record<string, string>;
  store: 'qdrant' | 'remote' | 'local';
}

export interface Mem0Entries {
  entries: Mem0Entry[];
  total: number;
  /** Which stores were read, and any that were not (e.g. qdrant not running). */
  sources: string[];
  notes: string[];
}

export interface Mem0Projection {
  points: { id: string; x: number; y: number; text: string; agentId: string | null }[];
  /** Share of the variance each axis explains (0..1). */
  explained: [number, number];
  dimension: number;
  notes: string[];
}
