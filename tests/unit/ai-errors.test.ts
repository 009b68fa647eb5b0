// ai-errors.ts recognises the AI SDK's errors by the mark the SDK puts on them, without loading the SDK:
// it must agree with the SDK's own isInstance on real errors of every kind it names, and never take
// another error (or one of another kind) for one.
import { describe, expect, it } from 'vitest';
import { APICallError, InvalidResponseDataError, JSONParseError, NoObjectGeneratedError, RetryError, TypeValidationError } from 'ai';
import { isAiError, type AiErrorName } from '../../src/main/llm/ai-errors';

const apiCall = new APICallError({ message: 'Bad Request', url: 'http://127.0.0.1:9/v1/chat/completions', requestBodyValues: {}, statusCode: 400 });
const samples: Record<AiErrorName, { error: unknown; isInstance: (e: unknown) => boolean }> = {
  AI_APICallError: { error: apiCall, isInstance: APICallError.isInstance },
  AI_InvalidResponseDataError: { error: new InvalidResponseDataError({ data: undefined, message: 'no finish reason' }), isInstance: InvalidResponseDataError.isInstance },
  AI_JSONParseError: { error: new JSONParseError({ text: '{', cause: new SyntaxError('end') }), isInstance: JSONParseError.isInstance },
  AI_NoObjectGeneratedError: {
    error: new NoObjectGeneratedError({ text: 'x', response: { id: 'r', timestamp: new Date(0), modelId: 'm' }, usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 } as never, finishReason: 'stop' }),
    isInstance: NoObjectGeneratedError.isInstance,
  },
  AI_RetryError: { error: new RetryError({ message: 'gave up', reason: 'maxRetriesExceeded', errors: [apiCall] }), isInstance: RetryError.isInstance },
  AI_TypeValidationError: { error: new TypeValidationError({ value: 1, cause: new Error('not a string') }), isInstance: TypeValidationError.isInstance },
};
const names = Object.keys(samples) as AiErrorName[];

describe('isAiError', () => {
  it.each(names)('agrees with the SDK on %s, and on every other kind', (name) => {
    for (const other of names) {
      const { error } = samples[other];
      expect(isAiError(error, name), `${other} taken as ${name}`).toBe(samples[name].isInstance(error));
      expect(isAiError(error, name)).toBe(name === other);
    }
  });

  it('takes no plain error, look-alike name or non-object for one', () => {
    const lookalike = Object.assign(new Error('x'), { name: 'AI_APICallError', statusCode: 400 });
    for (const v of [lookalike, new Error('AI_APICallError'), null, undefined, 'AI_APICallError', 42, {}]) {
      expect(isAiError(v, 'AI_APICallError')).toBe(false);
    }
  });
});
