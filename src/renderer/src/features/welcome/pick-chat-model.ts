// First run: the model picked for the person once their first provider lists models. Embedding and
// speech models cannot chat (shared/model-kinds.ts); among the rest, the first in the provider's (sorted)
// list is as good a default as any, and the person can change it in Settings → Models or per chat in the header.
import { chatModelsOf } from '../../../../shared/model-kinds';

export function pickChatModel(models: string[]): string | null {
  return chatModelsOf(models)[0] ?? null;
}
