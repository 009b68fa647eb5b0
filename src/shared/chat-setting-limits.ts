// The bounds of a chat's own settings (chat-settings.ts has the schemas that check them). A module of its
// own, with no zod, so the chat's settings fields (on the renderer's first screen) can show the bounds
// without loading the schema library.

/** A chat's instructions: a paragraph or a page, not a document (attachments are for documents). */
export const CHAT_PROMPT_MAX = 4000;
/**
 * The largest output limit a person may ask for. The longest outputs of 2026's models are ~128k tokens;
 * a provider refuses more than its model takes with an error that says so, so the cap only catches typos.
 */
export const MAX_OUTPUT_TOKENS_CAP = 262_144;
/**
 * The smallest context length: below ~1k tokens the system prompt and the memory block alone would not
 * fit, and every turn would go out with no history at all.
 */
export const MIN_CONTEXT_TOKENS = 1024;
export const MAX_CONTEXT_TOKENS = 10_000_000;
