// Which model serves which role, for which agent. The one function every LLM caller goes through.
//   chat:      agent.models.chat → models.roles.chat
//   memory:    agent.memory.model → agent.models.memory → models.roles.memory → (chat resolution)
//   embedding: models.roles.embedding
import type { Config, ModelRef, Provider } from '../../shared/config';
import { MonadError } from '../../shared/errors';

export type ModelRole = 'chat' | 'memory' | 'embedding';

export interface ResolvedModel {
  role: ModelRole;
  provider: Provider;
  model: string;
  /** Where the choice came from, for status screens ("agent override", "global role", …). */
  source: 'agent' | 'global' | 'chat-default' | 'session';
}

export function resolveModelRef(config: Config, role: ModelRole, agentId?: string): { ref: ModelRef; source: ResolvedModel['source'] } | null {
  const agent = agentId ? config.agent.agents.find((a) => a.id === agentId) : undefined;
  const roles = config.models.roles;
  switch (role) {
    case 'chat':
      if (agent?.models.chat) return { ref: agent.models.chat, source: 'agent' };
      return roles.chat ? { ref: roles.chat, source: 'global' } : null;
    case 'memory': {
      const own = agent?.memory.model ?? agent?.models.memory;
      if (own) return { ref: own, source: 'agent' };
      if (roles.memory) return { ref: roles.memory, source: 'global' };
      const chat = resolveModelRef(config, 'chat', agentId);
      return chat ? { ref: chat.ref, source: 'chat-default' } : null;
    }
    case 'embedding':
      return roles.embedding ? { ref: roles.embedding, source: 'global' } : null;
  }
}

/** Resolves a role to a configured provider + model, or null when none is set. */
export function resolveModel(config: Config, role: ModelRole, agentId?: string): ResolvedModel | null {
  const found = resolveModelRef(config, role, agentId);
  if (!found) return null;
  const provider = config.models.providers.find((p) => p.id === found.ref.provider);
  if (!provider) return null;
  return { role, provider, model: found.ref.model, source: found.source };
}

/**
 * A chat's own model (the chat header's picker) wins over the agent's, while its provider is still
 * configured; once the provider is removed the chat quietly goes back to the agent's model.
 */
export function requireModel(config: Config, role: ModelRole, agentId?: string, override?: ModelRef | null): ResolvedModel {
  if (override && role === 'chat') {
    const provider = config.models.providers.find((p) => p.id === override.provider);
    if (provider) return { role, provider, model: override.model, source: 'session' };
  }
  const resolved = resolveModel(config, role, agentId);
  if (resolved) return resolved;
  const found = resolveModelRef(config, role, agentId);
  if (found) {
    throw new MonadError('NO_MODEL', `The ${role} model points at provider "${found.ref.provider}", which is not configured. Fix it in Settings → Models.`);
  }
  throw new MonadError('NO_MODEL', `No ${role} model is configured. Add a provider and choose a ${role} model in Settings → Models.`);
}
