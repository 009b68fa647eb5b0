// Consolidation runs and the memory status built on them: progress, what a run changed, each agent's schedule.
import type { TaskFailureView, TaskStreakView } from './memory-tasks';

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
  /** Another device of this home runs the scheduled consolidation (its name; issue 30 §3): none here. */
  scheduledOn?: string | null;
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
