// "Turn on graph memory" / "Turn on learned rules" (issue 27 §4): a switch that does what it says. It
// asks when the layer should run — in the background on the agent's schedule (the default), or only
// when the person asks — shows what each costs in model calls, then sets the level and the schedule
// together and says in words what will happen next.
import { useId, useState } from 'react';
import type { Agent } from '../../../../shared/config';
import { useAgents } from '../agents/store';
import { useSettings } from '../settings/store';
import { toast } from '../toasts/store';
import { callsText, everyText, LAYER_LEVEL, nextStepText, turnOnPatch, type Layer, type Schedule } from './next-step';
import { useMemorySettings } from './store';
import '../../styles/turn-on.css';

const TITLE: Record<Layer, string> = { graph: 'Turn on graph memory', rules: 'Turn on learned rules' };
const DONE: Record<Layer, string> = { graph: 'Graph memory is on', rules: 'Learned rules are on' };

export function TurnOnMemory({ agent, layer, primary = true, testId }: { agent: Agent; layer: Layer; primary?: boolean; testId?: string }) {
  const globalLevel = useSettings((s) => s.config?.memory.level ?? 1);
  const [asking, setAsking] = useState(false);
  const [schedule, setSchedule] = useState<Schedule>('background');
  const [busy, setBusy] = useState(false);
  const name = useId();
  const level = LAYER_LEVEL[layer];
  const every = everyText(agent.memory.intervalMinutes);

  async function apply() {
    setBusy(true);
    const patch = turnOnPatch(agent, layer, schedule, globalLevel);
    const error = await useMemorySettings.getState().updateAgent(agent.id, patch);
    setBusy(false);
    if (error) {
      toast.error(`Could not ${TITLE[layer].toLowerCase()}`, error);
      return;
    }
    setAsking(false);
    toast.success(DONE[layer], nextStepText(agent.name, patch.level, patch.autoConsolidate, agent.memory.intervalMinutes));
  }

  if (!asking) {
    return (
      <button type="button" className={`button${primary ? ' button-primary' : ''}`} data-testid={testId ?? `turn-on-${layer}`} onClick={() => setAsking(true)}>
        {TITLE[layer]}
      </button>
    );
  }
  return (
    <fieldset className="turn-on-memory" data-testid={`turn-on-${layer}-ask`}>
      <legend>When should {agent.name} do it?</legend>
      <label className="turn-on-choice">
        <input type="radio" name={name} value="background" checked={schedule === 'background'} onChange={() => setSchedule('background')} data-testid="turn-on-background" />
        <span>
          <strong>{capital(every)}, in the background</strong>
          <span className="turn-on-cost">{capital(callsText(level))} each run; none when there is nothing new.</span>
        </span>
      </label>
      <label className="turn-on-choice">
        <input type="radio" name={name} value="manual" checked={schedule === 'manual'} onChange={() => setSchedule('manual')} data-testid="turn-on-manual" />
        <span>
          <strong>Only when I ask</strong>
          <span className="turn-on-cost">No model calls until you run it yourself (“Consolidate now” in Settings → Memory).</span>
        </span>
      </label>
      <div className="turn-on-actions">
        <button type="button" className="button button-primary" data-testid={`turn-on-${layer}-confirm`} disabled={busy} onClick={() => void apply()}>
          {TITLE[layer]}
        </button>
        <button type="button" className="button" disabled={busy} onClick={() => setAsking(false)}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The offer for the agent selected in the sidebar, while its level is below the layer's (the Laws tab's empty state). */
export function TurnOnForSelected({ layer, primary }: { layer: Layer; primary?: boolean }) {
  const agent = useAgents((s) => s.agents.find((a) => a.id === s.selectedId));
  const globalLevel = useSettings((s) => s.config?.memory.level ?? 1);
  if (!agent || (agent.memory.level ?? globalLevel) >= LAYER_LEVEL[layer]) return null;
  return <TurnOnMemory agent={agent} layer={layer} primary={primary} />;
}
