// The AI SDK (`ai`) and the provider packages load at the first model call, not when a host starts. Their
// static imports cost ~0.15-0.2 CPU-s of every start (a `monad` command, `monad serve`, the app), and most
// starts never call a model: `monad search`, `status`, `facts`, and every test that spawns them.
// Code that only needs to recognise the SDK's errors uses ai-errors.ts, which loads nothing.

export type AiSdk = typeof import('ai');

let sdk: Promise<AiSdk> | undefined;

/** The `ai` module, imported once by whichever call needs it first. */
export function loadAiSdk(): Promise<AiSdk> {
  return (sdk ??= import('ai'));
}
