// Which listed models can chat (issue 29 §2). Providers list every model they serve (OpenAI's /v1/models,
// Ollama's /api/tags) with no word on what each does, so a chat picker fed the raw list offered embedding
// models, which fail on the first message. Models that only embed, rerank, transcribe, speak, draw or
// moderate are recognised by the names their makers give them; a name we do not recognise stays listed
// (a chat model wrongly hidden is worse than an odd one shown, and any name can still be typed in Settings).
const NOT_FOR_CHAT: readonly RegExp[] = [
  /embed/i, // text-embedding-3-small, nomic-embed-text, mxbai-embed-large, snowflake-arctic-embed, granite-embedding, jina-embeddings
  /(^|[/:_-])bge[-_:]|(^|[/:_-])bge$/i, // bge-m3, BAAI/bge-large-en
  /(^|[/:_-])gte[-_:]/i, // gte-base, Alibaba-NLP/gte-Qwen2
  /minilm/i, // all-minilm, paraphrase-MiniLM
  /(^|[/:_-])e5[-_:]/i, // multilingual-e5-large, intfloat/e5-mistral
  /paraphrase-|sentence-t5/i,
  /rerank/i,
  /whisper|(^|[/:_-])tts([-_:]|$)|transcribe/i, // speech in and out
  /dall-e|(^|[/:_-])gpt-image|stable-diffusion|(^|[/:_-])flux[-_.]/i, // images out
  /moderation/i,
];

/** True unless the name says the model is for something other than chat (embeddings, speech, images …). */
export function isChatModel(name: string): boolean {
  return !NOT_FOR_CHAT.some((re) => re.test(name));
}

/** The models of a list that can chat, in the list's order. */
export function chatModelsOf(models: readonly string[]): string[] {
  return models.filter(isChatModel);
}
