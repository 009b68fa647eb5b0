// The agent's "Memory model" picker (issue 29 §2): what it offers and which model it picks when the
// provider changes. Providers list embedding, speech and image models beside chat models; a memory model
// must answer prompts, so only chat models are offered, and the first of them is the default.
import { chatModelsOf, isChatModel } from '../../../../shared/model-kinds';

/** The models offered for a provider: its chat models, in its order. */
export function memoryModelChoices(providerModels: readonly string[]): string[] {
  return chatModelsOf(providerModels);
}

/**
 * The model shown after the provider select changes to `providerModels` (null: back to the memory role).
 * The model typed stays when the new provider lists it; otherwise its first chat model; a provider that
 * lists none keeps what was typed unless that is not a chat model.
 */
export function memoryModelAfterProviderChange(providerModels: readonly string[] | null, typed: string): string {
  if (providerModels === null) return '';
  const choices = memoryModelChoices(providerModels);
  if (choices.includes(typed)) return typed;
  if (choices[0]) return choices[0];
  return isChatModel(typed) ? typed : '';
}
