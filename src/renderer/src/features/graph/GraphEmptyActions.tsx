// The Graph's empty state (issue 17) offers what the Laws' does: turn graph memory on for this agent
// (memory level 2, with a schedule: issue 27 §4) and build the graph now from its chats, instead of
// pointing at a setting.
import { useState } from 'react';
import { useAgents } from '../agents/store';
import { useMemorySettings } from '../memory-settings/store';
import { useSettings } from '../settings/store';
import { TurnOnMemory } from '../memory-settings/TurnOnMemory';
import { useGraph } from './store';

/** The agent a scope belongs to: its own for agent:<id>, else the agent selected in the sidebar. */
function agentOf(scope: string | null, selected: string | null): string | null {
  return scope?.startsWith('agent:') ? scope.slice('agent:'.length) : selected;
}

export function GraphEmptyActions({ scope }: { scope: string | null }) {
  const selected = useAgents((s) => s.selectedId);
  const agentId = agentOf(scope, selected);
  const agent = useAgents((s) => s.agents.find((a) => a.id === agentId));
  const globalLevel = useSettings((s) => s.config?.memory.level ?? 1);
  const running = useMemorySettings((s) => (agentId ? (s.runs[agentId]?.starting ?? false) || (s.runs[agentId]?.progress ?? null) !== null : false));
  const [busy, setBusy] = useState(false);
  if (!agentId || !agent) return null;
  const level = agent.memory.level ?? globalLevel;
  const on = level >= 2;

  async function build() {
    setBusy(true);
    const summary = await useMemorySettings.getState().consolidate(agentId!, Math.max(2, level) as 2 | 3);
    setBusy(false);
    if (summary?.ok) await useGraph.getState().reload();
  }

  return (
    <div className="graph-empty-actions">
      {on ? null : <TurnOnMemory agent={agent} layer="graph" testId="graph-turn-on" />}
      <button type="button" className={`button${on ? ' button-primary' : ''}`} data-testid="graph-build-now" disabled={busy || running} onClick={() => void build()}>
        {busy || running ? 'Building…' : 'Build it now'}
      </button>
    </div>
  );
}
