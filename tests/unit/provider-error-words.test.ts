// Provider errors in words (issue 29 §3): each class of failure says what happened, names the provider
// and its address, and says what to do; a bare socket code never stands on its own.
import { APICallError, InvalidResponseDataError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { toProviderError } from '../../src/main/llm/provider-errors';

const ollama = { providerName: 'Ollama', model: 'llama3.2', baseURL: 'http://127.0.0.1:11434/v1' };
const lmstudio = { providerName: 'My local box', model: 'qwen', baseURL: 'http://127.0.0.1:1234/v1' };
const remote = { providerName: 'Acme AI', model: 'acme-1', baseURL: 'https://api.acme.example/v1' };

/** What the AI SDK throws when fetch fails before any answer: an APICallError caused by the socket error. */
function connectionError(code: string, url = 'http://127.0.0.1:11434/v1/chat/completions'): APICallError {
  const socket = Object.assign(new Error(`connect ${code} 127.0.0.1:11434`), { code });
  const fetchFailed = new TypeError('fetch failed', { cause: socket });
  return new APICallError({ message: `Cannot connect to API: ${socket.message}`, url, requestBodyValues: {}, cause: fetchFailed, isRetryable: true });
}

function status(code: number, body = ''): APICallError {
  return new APICallError({ message: 'Bad', url: 'https://api.acme.example/v1/chat/completions', requestBodyValues: {}, statusCode: code, responseBody: body });
}

describe('provider errors in words', () => {
  it('a refused connection names the server, its address and how to start it', () => {
    expect(toProviderError(connectionError('ECONNREFUSED'), ollama).message).toBe(
      'Could not reach Ollama at 127.0.0.1:11434: nothing is answering there. Is Ollama running? Start it with `ollama serve`.',
    );
    expect(toProviderError(connectionError('ECONNREFUSED'), lmstudio).message).toMatch(/^Could not reach My local box at 127\.0\.0\.1:1234: .*LM Studio.*start its local server/);
    expect(toProviderError(connectionError('ECONNREFUSED'), remote).message).toMatch(/^Could not reach Acme AI at api\.acme\.example: .*check the address in Settings → Models/);
  });

  it('the same after the client retried (RetryError wraps the last attempt)', () => {
    const retried = new RetryError({ message: 'Failed after 2 attempts', reason: 'maxRetriesExceeded', errors: [connectionError('ECONNREFUSED'), connectionError('ECONNREFUSED')] });
    expect(toProviderError(retried, ollama).message).toMatch(/^Could not reach Ollama at 127\.0\.0\.1:11434/);
  });

  it('an unknown host, a timeout and a dropped connection each say what happened and what to do', () => {
    expect(toProviderError(connectionError('ENOTFOUND'), remote).message).toBe(
      'Could not find api.acme.example, the address of Acme AI. Check the address in Settings → Models, and that this computer is online.',
    );
    expect(toProviderError(connectionError('UND_ERR_CONNECT_TIMEOUT'), remote).message).toMatch(/^Acme AI at api\.acme\.example did not answer in time\. Check that it is running/);
    const cut = new TypeError('terminated', { cause: Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' }) });
    expect(toProviderError(cut, ollama).message).toMatch(/^The connection to Ollama at 127\.0\.0\.1:11434 dropped before the reply was finished\. Retry/);
    const noFinish = new InvalidResponseDataError({ data: undefined, message: 'Response stream ended without a finish reason.' });
    expect(toProviderError(noFinish, ollama).message).toMatch(/^Ollama at 127\.0\.0\.1:11434 stopped sending before the reply was finished\. Retry/);
  });

  it('HTTP statuses name the provider and its address and say what to do', () => {
    expect(toProviderError(status(401), remote).message).toBe('Acme AI at api.acme.example rejected the API key (401). Check the key in Settings → Models.');
    expect(toProviderError(status(404), remote).message).toMatch(/^Acme AI at api\.acme\.example has no model "acme-1" \(404\)\. Pick another model/);
    expect(toProviderError(status(429), remote).message).toMatch(/rate-limiting requests \(429\)\. Wait a moment and retry\.$/);
    expect(toProviderError(status(502, '{"error":{"message":"upstream down"}}'), remote).message).toBe(
      'Acme AI (acme-1) at api.acme.example answered with an error (502): a problem on its side: upstream down. Retry in a moment; if it keeps failing, check the server.',
    );
  });

  it('no message is a bare code: every one is a sentence with the provider in it', () => {
    for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH']) {
      const message = toProviderError(connectionError(code), ollama).message;
      expect(message).toContain('Ollama');
      expect(message).not.toContain(code);
      expect(message).toMatch(/\.$/);
    }
  });
});
