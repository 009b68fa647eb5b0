// Switches that do what they say (issue 27 §4): turning graph memory or learned rules on sets the level
// and the schedule together, never lowers a level, and the words say what happens next and its cost.
import { describe, expect, it } from 'vitest';
import { everyText, nextStepText, turnOnPatch } from '../../src/renderer/src/features/memory-settings/next-step';

const agent = (level?: 1 | 2 | 3) => ({ memory: { autoConsolidate: false, intervalMinutes: 30, ...(level ? { level } : {}) } });

describe('turning a memory layer on', () => {
  it('sets the level and a background schedule, unless the person chose "only when I ask"', () => {
    expect(turnOnPatch(agent(), 'graph', 'background', 1)).toEqual({ level: 2, autoConsolidate: true });
    expect(turnOnPatch(agent(), 'rules', 'background', 1)).toEqual({ level: 3, autoConsolidate: true });
    expect(turnOnPatch(agent(), 'graph', 'manual', 1)).toEqual({ level: 2, autoConsolidate: false });
    // An agent already at level 3 keeps it when the graph is turned on.
    expect(turnOnPatch(agent(3), 'graph', 'background', 1)).toEqual({ level: 3, autoConsolidate: true });
    expect(turnOnPatch(agent(), 'graph', 'background', 3)).toEqual({ level: 3, autoConsolidate: true });
  });

  it('says what will happen next, how often, and what it costs', () => {
    expect(nextStepText('Scout', 2, true, 30)).toBe(
      'Every 30 minutes, Scout reads its new chats and adds the people, places and relations in them to its knowledge graph (about one model call per 12,000 characters of new chat). Messages you set aside by editing and resending are not read.',
    );
    expect(nextStepText('Scout', 3, true, 60)).toMatch(/^Every hour, Scout .* infers learned rules .*plus a few to infer rules/);
    expect(nextStepText('Scout', 2, false, 30)).toBe(
      'Manual only: Scout reads its new chats and adds the people, places and relations in them to its knowledge graph only when you press “Consolidate now”; nothing runs by itself.',
    );
    expect([everyText(1), everyText(120), everyText(1440), everyText(2880)]).toEqual(['every minute', 'every 2 hours', 'every day', 'every 2 days']);
  });
});
