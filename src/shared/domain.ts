// Domain records as they cross the contract. Plain data only.

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

export interface Message {
  id: string;
  sessionId: string;
  role: Role;
  content: string;
  toolCalls: ToolCall[] | null;
  /** For role 'tool': which call this answers. */
  toolCallId: string | null;
  usage: TokenUsage | null;
  /** Set when the turn that produced this message ended in an error. */
  error: string | null;
  createdAt: string;
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
  keyRef?: string;
  models: string[];
  hasKey: boolean;
  /** e.g. "sk-…Ab12"; never the key. */
  maskedKey: string | null;
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

/** An L1 fact: one bullet in its scope's Markdown file. */
export interface Fact {
  /** First 12 hex of sha256 over the normalised text. */
  id: string;
  scope: string;
  text: string;
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
}

/** Who asserted a relation: the user said it, the assistant said it, or it was inferred. */
export type ProvClass = 'user' | 'assistant' | 'inferred';

export interface GraphNode {
  id: number;
  scope: string;
  name: string;
  type: string;
  summary: string;
  degree: number;
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
}

export interface GraphSnapshot {
  scope: string;
  nodes: GraphNode[];
  edges: GraphEdge[];
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
  /** Not contradicted and above the decay floor: injected as a "Learned rule". */
  eligible: boolean;
  contradictedBy: { ref: string; text: string | null; why: string | null } | null;
  facts: { id: string; text: string | null }[];
  relations: { id: number; text: string | null; validFrom: string | null; validTo: string | null; sources: SourceMessage[] }[];
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
  graph: { passes: number; failures: number; nodesAdded: number; edgesAdded: number; edgesMerged: number; edgesClosed: number; edgesRetracted: number; nodesRemoved: number } | null;
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
}
