// What one chat turn sends besides its tools (issue 29 §2): the system prompt with the chat's own
// instructions, the history cut to the chat's context length, and the call settings (temperature,
// maximum output tokens), each resolved chat → agent → the model's own default and kept for the receipt.
import type { ModelMessage } from 'ai';
import { effectiveChatSettings, type TurnSettings } from '../../shared/chat-settings';
import type { Agent } from '../../shared/config';
import type { Message, Session } from '../../shared/domain';
import { roughTokens } from '../../shared/receipt';
import { historyFor, type UserContentOf } from './history';
import { buildSystemPrompt } from './system-prompt';

export interface TurnRequest {
  system: string;
  messages: ModelMessage[];
  /** Passed to the AI SDK call; a setting at the model's default is left out, so the provider's default holds. */
  call: { temperature?: number; maxOutputTokens?: number };
  /** For the receipt: every value and where it came from, and how much history went. */
  settings: TurnSettings;
}

export const CHAT_PROMPT_HEADING = 'Instructions the person gave for this chat:';

/**
 * The order of the system prompt is what keeps a provider's prompt cache: the agent's framing, the
 * spotlighting rule, then the hooks' blocks (identity files, the frozen memory block) never change within
 * a session, so they come first and form a byte-identical prefix turn after turn. The chat's own
 * instructions come after all of them: editing them mid-chat changes only the tail, and the cached
 * prefix (the large memory block above all) still holds.
 */
/** `userContent`: the content of a user message that carries files (its words, then the files quoted). */
export function turnRequest(agent: Agent, session: Session, blocks: string[], stored: Message[], userContent?: UserContentOf): TurnRequest {
  const eff = effectiveChatSettings(session.settings, agent.chat);
  const base = buildSystemPrompt(agent, blocks);
  const system = eff.systemPrompt.value ? `${base}\n\n${CHAT_PROMPT_HEADING}\n${eff.systemPrompt.value}` : base;
  // The context length holds the system prompt, the history and the reply: history gets what is left.
  const budget = eff.contextLength.value === null ? null : Math.max(0, eff.contextLength.value - roughTokens(system) - (eff.maxOutputTokens.value ?? 0));
  const history = historyFor(stored, budget, userContent);
  const call: TurnRequest['call'] = {};
  if (eff.temperature.value !== null) call.temperature = eff.temperature.value;
  if (eff.maxOutputTokens.value !== null) call.maxOutputTokens = eff.maxOutputTokens.value;
  return { system, messages: history.messages, call, settings: { ...eff, history: { sent: history.sent, dropped: history.dropped } } };
}
