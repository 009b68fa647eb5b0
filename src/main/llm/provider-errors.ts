// Turns whatever a provider call threw into one clear, coded MonadError. Messages name the provider, its
// address and model, say what happened in words and what to do; never a bare code (ECONNREFUSED, 502)
// on its own. They never include request headers, so keys cannot leak through them.
import { MonadError } from '../../shared/errors';
import { isAiError } from './ai-errors';
import { START_HINT, startHintFor } from './local-servers';

export interface ProviderErrorContext {
  providerName: string;
  model: string;
  /** The provider's base URL: its host and port are named in the message ("Ollama at 127.0.0.1:11434"). */
  baseURL?: string | null;
}

export function isAbortError(err: unknown): boolean {
  return (
    (err instanceof Error && (err.name === 'AbortError' || err.name === 'ResponseAborted')) ||
    (typeof DOMException !== 'undefined' && err instanceof DOMException && err.name === 'AbortError')
  );
}

/** Socket-level codes (Node and undici) grouped by what the person should do about them. */
const REFUSED = new Set(['ECONNREFUSED']);
const NOT_FOUND = new Set(['ENOTFOUND', 'EAI_AGAIN']);
const NO_ROUTE = new Set(['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);
const DROPPED = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

export function toProviderError(err: unknown, ctx: ProviderErrorContext): MonadError {
  if (err instanceof MonadError) return err;
  if (isAiError(err, 'AI_RetryError')) return toProviderError(err.lastError, ctx);
  const name = ctx.providerName;
  const at = hostOf(ctx.baseURL);
  const where = `${name} (${ctx.model})${at ? ` at ${at}` : ''}`;
  const details = { provider: name, model: ctx.model, ...(at ? { address: at } : {}) };
  if (isAbortError(err)) return new MonadError('CANCELLED', 'Stopped.');

  // Connection-level failures first: the AI SDK wraps them in an APICallError without a status.
  const code = socketCode(err);
  const target = at ? `${name} at ${at}` : name;
  if (code && REFUSED.has(code)) {
    return new MonadError('PROVIDER_ERROR', `Could not reach ${target}: nothing is answering there. ${startHint(ctx)}`, { ...details, cause: code });
  }
  if (code && NOT_FOUND.has(code)) {
    return new MonadError('PROVIDER_ERROR', `Could not find ${at ?? name}, the address of ${name}. Check the address in Settings → Models, and that this computer is online.`, { ...details, cause: code });
  }
  if (code && NO_ROUTE.has(code)) {
    return new MonadError('PROVIDER_ERROR', `${target} did not answer in time. Check that it is running and reachable from this computer, then retry.`, { ...details, cause: code });
  }
  if (code && DROPPED.has(code)) {
    return new MonadError('PROVIDER_ERROR', `The connection to ${target} dropped before the reply was finished. Retry; if it keeps happening, check the server.`, { ...details, cause: code });
  }
  if (isStreamCutOff(err)) {
    return new MonadError('PROVIDER_ERROR', `${target} stopped sending before the reply was finished. Retry; if it keeps happening, check the server.`, details);
  }

  if (isAiError(err, 'AI_APICallError')) {
    const status = err.statusCode;
    const detail = providerMessage(err.responseBody);
    const withStatus = { ...details, status };
    const said = detail ? `: ${detail}` : '';
    if (status === undefined) {
      return new MonadError('PROVIDER_ERROR', `Could not reach ${target}. Check that it is running and the address in Settings → Models is right, then retry.`, withStatus);
    }
    if (status === 401 || status === 403) {
      return new MonadError('PROVIDER_ERROR', `${target} rejected the API key (${status})${said}. Check the key in Settings → Models.`, withStatus);
    }
    if (status === 404) {
      return new MonadError('PROVIDER_ERROR', `${target} has no model "${ctx.model}" (404)${said}. Pick another model in Settings → Models, or check the address.`, withStatus);
    }
    if (status === 429) {
      return new MonadError('PROVIDER_ERROR', `${where} is rate-limiting requests (429)${said}. Wait a moment and retry.`, withStatus);
    }
    if (status >= 500) {
      return new MonadError('PROVIDER_ERROR', `${where} answered with an error (${status}): a problem on its side${said}. Retry in a moment; if it keeps failing, check the server.`, withStatus);
    }
    return new MonadError('PROVIDER_ERROR', `${where} answered with an error (${status})${said}.`, withStatus);
  }
  if (err instanceof Error && /timed? ?out|timeout/i.test(err.message + err.name)) {
    return new MonadError('PROVIDER_ERROR', `${where} did not answer in time. Retry, or check that the server is running.`, details);
  }
  if (isAiError(err, 'AI_JSONParseError') || isAiError(err, 'AI_TypeValidationError') || isAiError(err, 'AI_NoObjectGeneratedError')) {
    return new MonadError('PROVIDER_ERROR', `${where} sent a reply that could not be read (${err.name}).`, details);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new MonadError('PROVIDER_ERROR', `${where} failed: ${message.slice(0, 300)}`, details);
}

/** A socket failure in words ("nothing is answering there"), or null when `err` carries no known socket code. */
export function connectionFailureWords(err: unknown): string | null {
  const code = socketCode(err);
  if (!code) return null;
  if (REFUSED.has(code)) return 'nothing is answering there';
  if (NOT_FOUND.has(code)) return 'that address was not found';
  if (NO_ROUTE.has(code)) return 'no answer in time';
  if (DROPPED.has(code)) return 'the connection dropped';
  return null;
}

/** "127.0.0.1:11434" or "api.openai.com": what a person recognises of a base URL. */
function hostOf(baseURL: string | null | undefined): string | null {
  if (!baseURL) return null;
  try {
    return new URL(baseURL).host || null;
  } catch {
    return null;
  }
}

/** How to start the server that refused: by its usual port (local-servers.ts), else by its name. */
function startHint(ctx: ProviderErrorContext): string {
  const byPort = startHintFor(ctx.baseURL ?? undefined);
  if (byPort) return byPort;
  if (/ollama/i.test(ctx.providerName)) return START_HINT.ollama;
  if (/lm ?studio/i.test(ctx.providerName)) return START_HINT.lmstudio;
  return 'Is the server running? Start it, or check the address in Settings → Models.';
}

/** The first socket error code along the cause chain (fetch → undici → the socket), if any. */
function socketCode(err: unknown): string | null {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^(E[A-Z_]+|UND_ERR_[A-Z_]+)$/.test(code)) return code;
    // undici reports a body cut by the other side as TypeError("terminated") caused by a SocketError.
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** A stream that ended without saying it was finished (OpenAI-compatible servers, Anthropic). */
function isStreamCutOff(err: unknown): boolean {
  if (isAiError(err, 'AI_InvalidResponseDataError') && /without a finish reason/i.test(err.message)) return true;
  return err instanceof TypeError && err.message === 'terminated';
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
