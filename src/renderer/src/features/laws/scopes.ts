// Which scopes the Laws tab offers, how each is named, and small formatting helpers. Pure: plain data in,
// plain data out, so the view and its tests need nothing else.
import type { Agent } from '../../../../shared/config';
import type { LawView, Session } from '../../../../shared/domain';

export type LawScopeGroup = 'shared' | 'agent' | 'project' | 'other';

export interface LawScopeEntry {
  scope: string;
  group: LawScopeGroup;
  label: string;
  detail: string;
  count: number;
  /** Laws in this scope that are suppressed (contradicted). */
  contradicted: number;
  stale: number;
}

export const LAW_GROUP_TITLES: Record<LawScopeGroup, string> = {
  shared: 'Shared',
  agent: 'This agent',
  project: 'Projects',
  other: 'Other scopes',
};

/**
 * global, the selected agent's scope and its project scopes always (laws are derived for exactly these
 * when that agent consolidates), then any other scope that holds laws (other agents, old projects).
 */
export function lawScopeEntries(input: { agentId: string | null; agents: Agent[]; sessions: Session[]; allSessions: Session[]; laws: LawView[]; ensure?: string }): LawScopeEntry[] {
  const out: LawScopeEntry[] = [];
  const seen = new Set<string>();
  const push = (scope: string, group: LawScopeGroup) => {
    if (seen.has(scope)) return;
    seen.add(scope);
    const inScope = input.laws.filter((l) => l.scope === scope);
    const { label, detail } = describeLawScope(scope, input.agents, input.allSessions, input.agentId);
    out.push({
      scope,
      group,
      label,
      detail,
      count: inScope.length,
      contradicted: inScope.filter((l) => l.contradictedBy).length,
      stale: inScope.filter((l) => l.stale).length,
    });
  };
  push('global', 'shared');
  if (input.agentId) push(`agent:${input.agentId}`, 'agent');
  for (const s of input.sessions) if (s.projectKey) push(`project:${s.projectKey}`, 'project');
  for (const l of input.laws) push(l.scope, 'other');
  if (input.ensure && input.ensure !== 'all') push(input.ensure, 'other');
  return out;
}

/** A scope as a person names it, with one line on what its laws are about. */
export function describeLawScope(scope: string, agents: Agent[], sessions: Session[], selectedAgentId: string | null = null): { label: string; detail: string } {
  if (scope === 'global') return { label: 'Global', detail: 'About you · used by every agent' };
  const i = scope.indexOf(':');
  const kind = i < 0 ? scope : scope.slice(0, i);
  const key = i < 0 ? '' : scope.slice(i + 1);
  switch (kind) {
    case 'agent': {
      const agent = agents.find((a) => a.id === key);
      if (!agent) return { label: key, detail: `Agent “${key}” (not configured)` };
      return { label: agent.name, detail: key === selectedAgentId ? 'Learned by this agent' : 'Learned by another agent' };
    }
    case 'project': {
      const workspace = sessions.find((s) => s.projectKey === key)?.workspace;
      if (!workspace) return { label: `Project ${key.slice(0, 8)}`, detail: 'A workspace with no session here' };
      return { label: workspace.split(/[\\/]/).filter(Boolean).at(-1) ?? workspace, detail: workspace };
    }
    case 'session': {
      const session = sessions.find((s) => s.id === key);
      return { label: session?.title ?? `Session ${key.slice(0, 8)}`, detail: 'This session only' };
    }
    default:
      return { label: scope, detail: '' };
  }
}

/** The scopes the "All" view covers: the agent's own (global, agent, projects) and any other with laws. */
export function scopesOfChoice(choice: string, entries: LawScopeEntry[]): string[] {
  if (choice !== 'all') return [choice];
  return entries.filter((e) => e.group !== 'other' || e.count > 0).map((e) => e.scope);
}

/** "0.72" — the same two decimals the recall block and /why print. */
export function confidenceText(n: number): string {
  return n.toFixed(2);
}

/** How long ago a law was derived, in words. */
export function ageText(days: number): string {
  if (days < 1) return 'today';
  if (days < 2) return 'yesterday';
  if (days < 60) return `${Math.floor(days)} days ago`;
  if (days < 730) return `${Math.round(days / 30.44)} months ago`;
  return `${(days / 365.25).toFixed(1)} years ago`;
}

/** The date part of an ISO time, as a person reads it ("12 Mar 2026"). */
export function dateText(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}
