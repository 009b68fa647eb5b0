// The memory tasks a model runs, named in words for the person (issue 18). Shared by the engine (notices,
// error messages), the CLI and the renderer.

export const MEMORY_TASKS = ['extract-graph', 'consolidate-facts', 'infer-laws', 'check-contradictions', 'judge-fact'] as const;
export type MemoryTaskName = (typeof MEMORY_TASKS)[number];

const LABELS: Record<MemoryTaskName, string> = {
  'extract-graph': 'Building the knowledge graph from chats',
  'consolidate-facts': 'Merging duplicate facts',
  'infer-laws': 'Learning rules from facts',
  'check-contradictions': 'Checking rules against facts',
  'judge-fact': 'Checking a fact before it is saved',
};

/** The task's name in words; an unknown name (a newer engine) is shown as it is. */
export function taskLabel(task: string): string {
  return (LABELS as Record<string, string>)[task] ?? task;
}

/** After this many failures in a row of one task, the person gets a notice (issue 18 §4). */
export const FAILURE_STREAK_NOTICE = 3;

/** One failed memory-task call, as memory status shows it. */
export interface TaskFailureView {
  task: string;
  /** The task in words. */
  label: string;
  /** null: not run for a particular agent. */
  agentId: string | null;
  provider: string;
  model: string;
  reason: string;
  at: string;
  /** What the model sent, when it answered at all (cut to a few thousand characters). */
  rawReply: string | null;
}

export interface TaskStreakView {
  agentId: string | null;
  task: string;
  label: string;
  /** Failures in a row since the last success. */
  failures: number;
  lastOkAt: string | null;
  lastFailureAt: string | null;
  /** Over every usable reply so far: bad items left out, items over the task's limit left out, replies that needed a second try. */
  itemsDropped: number;
  itemsCut: number;
  repaired: number;
}

/** One line of a model self-test ("Check memory tasks"). */
export interface ModelCheckItem {
  /** A memory task name, or "tool-calling" for the chat model's tool check. */
  task: string;
  label: string;
  ok: boolean;
  ms: number;
  /** Items the reader left out (bad items) and cut (over the task's limit). */
  dropped: number;
  cut: number;
  /** The first reply could not be read; the repair attempt could. */
  repaired: boolean;
  /** Asked with structured output (false: the server refused it, or the check is about tools). */
  structured: boolean;
  /** Why it failed, in words. */
  error: string | null;
  /** The model's raw reply on failure (and on a repaired pass), cut. */
  rawReply: string | null;
}

export interface ModelCheckReport {
  providerId: string;
  providerName: string;
  model: string;
  checkedAt: string;
  passed: number;
  total: number;
  items: ModelCheckItem[];
}
