// Whether the chat can reach a model, read from the config the renderer already holds. The engine has
// the last word (chat.send answers NO_MODEL); this lets the chat say so before anyone types.
import type { Config, ModelRef } from '../../../../shared/config';

/**
 * Why there is no chat model for this chat, or null when one is set. Unknown (no config yet) = null. The
 * order is the engine's (llm/roles.ts requireModel): the chat's own model while its provider is still
 * configured, then the agent's, then the global role.
 */
export function chatModelProblem(config: Config | null, agentId: string, chatModel?: ModelRef | null): string | null {
  if (!config) return null;
  const configured = (ref: ModelRef) => config.models.providers.some((p) => p.id === ref.provider);
  if (chatModel && configured(chatModel)) return null;
  const agent = config.agent.agents.find((a) => a.id === agentId);
  const ref = agent?.models.chat ?? config.models.roles.chat;
  if (!ref) return 'No chat model is configured yet. Add a provider and choose a chat model to start chatting.';
  if (!configured(ref)) {
    return `The chat model points at provider “${ref.provider}”, which is not configured any more. Choose another chat model.`;
  }
  return null;
}
