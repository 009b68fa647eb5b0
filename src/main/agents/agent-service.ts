// Agents live in config.json under agent.agents[]; this is the one place that edits that list.
import { applyChatSettingsPatch } from '../../shared/chat-settings';
import { agentSchema, isValidId, WINDOWS_RESERVED_NAME, type Agent, type AgentPatch } from '../../shared/config';
import type { ParsedInput } from '../../shared/contract';
import { deepMerge } from '../config/merge';
import { MonadError } from '../../shared/errors';
import type { ConfigStore } from '../config/store';

export function slugifyAgentId(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  if (isValidId(slug)) return slug;
  return WINDOWS_RESERVED_NAME.test(slug) ? `${slug}-agent` : 'agent';
}

export class AgentService {
  constructor(private readonly config: ConfigStore) {}

  list(): Agent[] {
    return this.config.get().agent.agents;
  }

  get(id: string): Agent {
    const agent = this.list().find((a) => a.id === id);
    if (!agent) throw new MonadError('NOT_FOUND', `No agent with id ${id}`);
    return agent;
  }

  create(input: ParsedInput<'agents.create'>): Agent {
    let created: Agent | null = null;
    this.config.update((c) => {
      const taken = new Set(c.agent.agents.map((a) => a.id));
      if (input.id && taken.has(input.id)) throw new MonadError('CONFLICT', `An agent with id ${input.id} already exists`);
      let id = input.id ?? slugifyAgentId(input.name);
      for (let n = 2; taken.has(id); n++) id = `${slugifyAgentId(input.name).slice(0, 44)}-${n}`;
      created = agentSchema.parse({ ...input, id });
      c.agent.agents.push(created);
      return c;
    });
    return created!;
  }

  update(id: string, patch: AgentPatch): Agent {
    this.get(id);
    // Chat defaults: null on a field removes it, whether or not the agent had any (deepMerge would keep the null).
    const { chat, ...rest } = patch;
    const chatOf = (a: Agent): Partial<Agent> => {
      if (!chat) return {};
      const next = applyChatSettingsPatch(a.chat, chat);
      return { chat: Object.keys(next).length ? next : undefined };
    };
    this.config.update((c) => {
      c.agent.agents = c.agent.agents.map((a) => (a.id === id ? agentSchema.parse({ ...deepMerge(a, rest), ...chatOf(a), id }) : a));
      return c;
    });
    return this.get(id);
  }

  /** Removes the agent from config. The caller deletes its sessions. The last agent cannot go. */
  delete(id: string): void {
    this.get(id);
    if (this.list().length === 1) throw new MonadError('CONFLICT', 'The last agent cannot be deleted; create another first');
    this.config.update((c) => {
      c.agent.agents = c.agent.agents.filter((a) => a.id !== id);
      return c;
    });
  }
}
