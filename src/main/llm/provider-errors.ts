// Turns whatever a provider call threw into one clear, coded MonadError. Messages name the provider and
// model and say what to do; they never include request headers, so keys cannot leak through them.
import { APICallError, JSONParseError, NoObjectGeneratedError, RetryError, TypeValidationError } from 'ai';
import { MonadError } from '../../shared/errors';

export interface ProviderErrorContext {
  providerName: string;
  model: string;
}

export function isAbortError(err: unknown): boolean {
  return (
    (err instanceof Error && (err.name === 'AbortError' || err.name === 'ResponseAborted')) ||
    (typeof DOMException !== 'undefined' && err instanceof DOMException && err.name === 'AbortError')
  );
}

export function toProviderError(err: unknown, ctx: ProviderErrorContext): MonadError {
  if (err instanceof MonadError) return err;
  if (RetryError.isInstance(err)) return toProviderError(err.lastError, ctx);
  const where = `${ctx.providerName} (${ctx.model})`;
  if (isAbortError(err)) return new MonadError('CANCELLED', 'Stopped.');
  if (APICallError.isInstance(err)) {
    const status = err.statusCode;
    const detail = providerMessage(err.responseBody);
    const details = { status, provider: ctx.providerName, model: ctx.model };
    switch (status) {
      case 401:
      case 403:
        return new MonadError('PROVIDER_ERROR', `${ctx.providerName} rejected the API key (${status}). Check the key in Settings → Models.`, details);
      case 404:
        return new MonadError('PROVIDER_ERROR', `${ctx.providerName} has no model "${ctx.model}" (404)${detail ? `: ${detail}` : ''}. Pick another model in Settings → Models.`, details);
      case 429:
        return new MonadError('PROVIDER_ERROR', `${where} is rate-limiting requests (429)${detail ? `: ${detail}` : ''}. Wait a moment and retry.`, details);
      default:
        if (status === undefined) {
          return new MonadError('PROVIDER_ERROR', `Could not reach ${where}: ${err.message}`, details);
        }
        return new MonadError('PROVIDER_ERROR', `${where} answered with an error (${status})${detail ? `: ${detail}` : ''}.`, details);
    }
  }
  if (err instanceof Error && /timed? ?out|timeout/i.test(err.message + err.name)) {
    return new MonadError('PROVIDER_ERROR', `${where} did not answer in time. Retry, or check that the server is running.`, { provider: ctx.providerName });
  }
  if (JSONParseError.isInstance(err) || TypeValidationError.isInstance(err) || NoObjectGeneratedError.isInstance(err)) {
    return new MonadError('PROVIDER_ERROR', `${where} sent a reply that could not be read (${err.name}).`, { provider: ctx.providerName });
  }
  const cause = (err as { cause?: { code?: string } })?.cause;
  if (cause?.code === 'ECONNREFUSED' || cause?.code === 'ENOTFOUND') {
    return new MonadError('PROVIDER_ERROR', `Could not connect to ${where} (${cause.code}). Is the server running and the base URL right?`, { provider: ctx.providerName });
  }
  const message = err instanceof Error ? err.message : String(err);
  return new MonadError('PROVIDER_ERROR', `${where} failed: ${message.slice(0, 300)}`, { provider: ctx.providerName });
}

/** The human part of a provider's error body (OpenAI `{error:{message}}`, Anthropic `{error:{message}}`). */
function providerMessage(body: string | undefined): string | null {
  if (!body) return null;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: string } | string; message?: string };
    const m = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    return m ? String(m).slice(0, 300).replace(/[.\s]+$/, '') : null;
  } catch {
    return body.slice(0, 200);
  }
}
