// Which scopes the Memory tab lists, and how each is named for a person. Pure: the store and the view
// both use it, and it needs nothing but plain data.
import type { Agent } from '../../../../shared/config';
import type { FactScopeSummary, Session } from '../../../../shared/domain';

export type ScopeGroup = 'shared' | 'agent' | 'project' | 'other';

export interface ScopeEntry {
  scope: string;
  group: ScopeGroup;
  label: string;
  /** One line under the label: what the scope is for, or where it lives. */
  detail: string;
  count: number;
  updated: string | null;
  /** From the lenient parser of a hand-edited file: shown prominently, never hidden. */
  warnings: string[];
}

export const GROUP_TITLES: Record<ScopeGroup, string> = {
  shared: 'Shared',
  agent: 'This agent',
  project: 'Projects',
  other: 'Other scopes',
};

/**
 * global and the selected agent's scope always; a project scope for each workspace the agent's sessions
 * use; then every other scope that has a file on disk (other agents, session scopes, old projects).
 */
export function scopeEntries(input: {
  agentId: string | null;
  agents: Agent[];
  sessions: Session[];
  /** Every session the renderer knows of (all agents), to name project and session scopes. */
  allSessions: Session[];
  summaries: FactScopeSummary[];
  /** A scope to list even if nothing else names it (the selected one, e.g. opened from a link). */
  ensure?: string;
}): ScopeEntry[] {
  const byScope = new Map(input.summaries.map((s) => [s.scope, s]));
  const out: ScopeEntry[] = [];
  const seen = new Set<string>();
  const push = (scope: string, group: ScopeGroup) => {
    if (seen.has(scope)) return;
    seen.add(scope);
    const summary = byScope.get(scope);
    const { label, detail } = describeScope(scope, input.agents, input.allSessions, input.agentId);
    out.push({ scope, group, label, detail, count: summary?.count ?? 0, updated: summary?.updated ?? null, warnings: summary?.warnings ?? [] });
  };

  push('global', 'shared');
  if (input.agentId) push(`agent:${input.agentId}`, 'agent');
  for (const s of input.sessions) if (s.projectKey) push(`project:${s.projectKey}`, 'project');
  for (const s of input.summaries) push(s.scope, 'other');
  if (input.ensure) push(input.ensure, 'other');
  return out;
}

export function describeScope(scope: string, agents: Agent[], sessions: Session[], selectedAgentId: string | null = null): { label: string; detail: string } {
  if (scope === 'global') return { label: 'Global', detail: 'About you · every agent reads it' };
  const [kind, key = ''] = splitScope(scope);
  switch (kind) {
    case 'agent': {
      const agent = agents.find((a) => a.id === key);
      if (!agent) return { label: key, detail: `Agent “${key}” (not configured)` };
      return { label: agent.name, detail: key === selectedAgentId ? 'Private notes of this agent' : 'Private notes of another agent' };
    }
    case 'project': {
      const workspace = sessions.find((s) => s.projectKey === key)?.workspace;
      return workspace ? { label: baseName(workspace), detail: workspace } : { label: `Project ${key.slice(0, 8)}`, detail: 'A workspace with no session here' };
    }
    case 'session': {
      const session = sessions.find((s) => s.id === key);
      return { label: session?.title ?? `Session ${key.slice(0, 8)}`, detail: 'This session only · dropped when it ends' };
    }
    default:
      return { label: scope, detail: '' };
  }
}

/** The scope's file under the home folder, as MemoryDir names it ("agent:default" → memory/agent-default.md). */
export function scopeFilePath(scope: string): string {
  const [kind, key] = splitScope(scope);
  return key === undefined ? `memory/${kind}.md` : `memory/${kind}-${key}.md`;
}

function splitScope(scope: string): [string, string?] {
  const i = scope.indexOf(':');
  return i < 0 ? [scope] : [scope.slice(0, i), scope.slice(i + 1)];
}

function baseName(path: string): string {
  const parts = path.split(/[\\/]/).filter(Boolean);
  return parts.at(-1) ?? path;
}

/** Where `query` occurs in `text` (case-insensitive), for highlighting. */
export function matchRanges(text: string, query: string): [number, number][] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const hay = text.toLowerCase();
  const out: [number, number][] = [];
  let from = 0;
  for (;;) {
    const i = hay.indexOf(q, from);
    if (i < 0) return out;
    out.push([i, i + q.length]);
    from = i + q.length;
  }
}

export function factMatches(fact: { id: string; text: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  // An id (or its start) pasted into search finds its fact too.
  if (/^[0-9a-f]{4,12}$/.test(q) && fact.id.startsWith(q)) return true;
  return fact.text.toLowerCase().includes(q);
}
