// First run: the model picked for the person once their first provider lists models. Embedding and
// speech models cannot chat; among the rest, the first in the provider's (sorted) list is as good a
// default as any, and the person can change it in Settings → Models or per chat in the header.
const NOT_FOR_CHAT = /embed|whisper|tts|dall-e|moderation|rerank|bge-|nomic-embed/i;

export function pickChatModel(models: string[]): string | null {
  return models.find((m) => !NOT_FOR_CHAT.test(m)) ?? null;
}
