// Whether the chat can reach a model, read from the config the renderer already holds. The engine has
// the last word (chat.send answers NO_MODEL); this lets the chat say so before anyone types.
import type { Config } from '../../../../shared/config';

/** Why there is no chat model for this agent, or null when one is set. Unknown (no config yet) = null. */
export function chatModelProblem(config: Config | null, agentId: string): string | null {
  if (!config) return null;
  const agent = config.agent.agents.find((a) => a.id === agentId);
  const ref = agent?.models.chat ?? config.models.roles.chat;
  if (!ref) return 'No chat model is configured yet. Add a provider and choose a chat model to start chatting.';
  if (!config.models.providers.some((p) => p.id === ref.provider)) {
    return `The chat model points at provider “${ref.provider}”, which is not configured any more. Choose another chat model.`;
  }
  return null;
}
