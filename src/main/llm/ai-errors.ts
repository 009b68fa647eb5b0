// Recognises the AI SDK's errors without importing the SDK (ai-sdk.ts loads it at the first model call,
// while these checks also run in code that may see other errors first). The SDK marks each of its errors
// with the global symbol `vercel.ai.error.<name>`, and its own `X.isInstance(err)` reads exactly that
// mark, so errors from any copy of the SDK count. tests/unit/ai-errors.test.ts holds this to the SDK's
// own isInstance for every name below.
import type { APICallError, InvalidResponseDataError, JSONParseError, NoObjectGeneratedError, RetryError, TypeValidationError } from 'ai';

interface AiErrors {
  AI_APICallError: APICallError;
  AI_InvalidResponseDataError: InvalidResponseDataError;
  AI_JSONParseError: JSONParseError;
  AI_NoObjectGeneratedError: NoObjectGeneratedError;
  AI_RetryError: RetryError;
  AI_TypeValidationError: TypeValidationError;
}

export type AiErrorName = keyof AiErrors;

export function isAiError<N extends AiErrorName>(err: unknown, name: N): err is AiErrors[N] {
  if (typeof err !== 'object' || err === null) return false;
  return (err as Record<symbol, unknown>)[Symbol.for(`vercel.ai.error.${name}`)] === true;
}
