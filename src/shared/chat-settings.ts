// Per-chat settings (issue 29 §2): a chat's own instructions on top of the agent's, and the request's
// temperature, maximum output tokens and context length. The agent holds defaults for the same four
// (agent.chat in config); a chat's value wins, then the agent's, then the model's own default (nothing
// is sent). One schema for the contract, the session row and the agent config; the receipt of each reply
// records the values that went out and where each came from.
import { z } from 'zod';

import { CHAT_PROMPT_MAX, MAX_CONTEXT_TOKENS, MAX_OUTPUT_TOKENS_CAP, MIN_CONTEXT_TOKENS } from './chat-setting-limits';
export { CHAT_PROMPT_MAX, MAX_CONTEXT_TOKENS, MAX_OUTPUT_TOKENS_CAP, MIN_CONTEXT_TOKENS };

const systemPrompt = z.string().trim().min(1).max(CHAT_PROMPT_MAX, `at most ${CHAT_PROMPT_MAX} characters`);
const temperature = z.number().min(0, 'between 0 and 2').max(2, 'between 0 and 2');
const maxOutputTokens = z.number().int().min(1, 'at least 1').max(MAX_OUTPUT_TOKENS_CAP, `at most ${MAX_OUTPUT_TOKENS_CAP.toLocaleString('en')}`);
const contextLength = z.number().int().min(MIN_CONTEXT_TOKENS, `at least ${MIN_CONTEXT_TOKENS}`).max(MAX_CONTEXT_TOKENS, `at most ${MAX_CONTEXT_TOKENS.toLocaleString('en')}`);

/** The stored settings of a chat or of an agent: a field left out is not set there. */
export const chatSettingsSchema = z
  .object({
    systemPrompt: systemPrompt.optional(),
    temperature: temperature.optional(),
    maxOutputTokens: maxOutputTokens.optional(),
    contextLength: contextLength.optional(),
  })
  .strict();
export type ChatSettings = z.infer<typeof chatSettingsSchema>;

/**
 * An edit: fields left out stay as they are; `null` goes back to the default (the agent's, for a chat).
 * An empty prompt is the same as null: clearing the field clears the setting.
 */
export const chatSettingsPatchSchema = z
  .object({
    systemPrompt: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), systemPrompt.nullable()).optional(),
    temperature: temperature.nullable().optional(),
    maxOutputTokens: maxOutputTokens.nullable().optional(),
    contextLength: contextLength.nullable().optional(),
  })
  .strict();
export type ChatSettingsPatch = z.infer<typeof chatSettingsPatchSchema>;

export const CHAT_SETTING_KEYS = ['systemPrompt', 'temperature', 'maxOutputTokens', 'contextLength'] as const;
export type ChatSettingKey = (typeof CHAT_SETTING_KEYS)[number];

/** Where a value of a turn came from: the chat, the agent's default, or nowhere (the model's own default). */
export const settingSourceSchema = z.enum(['chat', 'agent', 'default']);
export type SettingSource = z.infer<typeof settingSourceSchema>;

const sourced = <T extends z.ZodType>(value: T) => z.object({ value: value.nullable(), source: settingSourceSchema }).strict();

/** The settings a turn went out with, as its receipt keeps them ("What the model saw"). */
export const turnSettingsSchema = z
  .object({
    systemPrompt: sourced(z.string().max(CHAT_PROMPT_MAX)),
    temperature: sourced(temperature),
    maxOutputTokens: sourced(maxOutputTokens),
    contextLength: sourced(contextLength),
    /** Messages of the chat sent as history, and the older ones left out to fit the context length. */
    history: z.object({ sent: z.number().int().min(0), dropped: z.number().int().min(0) }).strict(),
  })
  .strict();
export type TurnSettings = z.infer<typeof turnSettingsSchema>;
export type EffectiveChatSettings = Omit<TurnSettings, 'history'>;

/** The value of each setting for a chat of this agent, and where it came from. */
export function effectiveChatSettings(chat: ChatSettings | undefined, agent: ChatSettings | undefined): EffectiveChatSettings {
  const pick = <K extends ChatSettingKey>(key: K): { value: NonNullable<ChatSettings[K]> | null; source: SettingSource } => {
    const own = chat?.[key];
    if (own !== undefined) return { value: own as NonNullable<ChatSettings[K]>, source: 'chat' };
    const def = agent?.[key];
    if (def !== undefined) return { value: def as NonNullable<ChatSettings[K]>, source: 'agent' };
    return { value: null, source: 'default' };
  };
  return { systemPrompt: pick('systemPrompt'), temperature: pick('temperature'), maxOutputTokens: pick('maxOutputTokens'), contextLength: pick('contextLength') };
}

/** Applies an edit to stored settings: null removes a field, a value sets it, a field left out stays. */
export function applyChatSettingsPatch(current: ChatSettings | undefined, patch: ChatSettingsPatch): ChatSettings {
  const next: Record<string, unknown> = { ...(current ?? {}) };
  for (const key of CHAT_SETTING_KEYS) {
    const v = patch[key];
    if (v === undefined) continue;
    if (v === null) delete next[key];
    else next[key] = v;
  }
  return chatSettingsSchema.parse(next);
}
