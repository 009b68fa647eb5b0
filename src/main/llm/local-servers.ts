// First run (issue 17): which local model servers answer on their usual loopback ports. Ollama serves
// its own /api/tags and an OpenAI-compatible API under /v1; LM Studio serves the OpenAI-compatible API
// only. Each probe is short and independent, so a missing server costs one refused connection.
import type { LocalServerDetection, LocalServerKind } from '../../shared/domain';
import { refuseRedirects } from '../net/no-redirect-fetch';

export const LOCAL_SERVER_URLS: Record<LocalServerKind, string> = {
  ollama: 'http://127.0.0.1:11434',
  lmstudio: 'http://127.0.0.1:1234',
};

/**
 * MONAD_OLLAMA_URL / MONAD_LMSTUDIO_URL: a server on another address (and the e2e tests' stand-ins).
 * Read by the host entry points, never at import time.
 */
export function localServersFromEnv(env: NodeJS.ProcessEnv): Partial<Record<LocalServerKind, string>> {
  const out: Partial<Record<LocalServerKind, string>> = {};
  if (env.MONAD_OLLAMA_URL) out.ollama = env.MONAD_OLLAMA_URL.replace(/\/+$/, '');
  if (env.MONAD_LMSTUDIO_URL) out.lmstudio = env.MONAD_LMSTUDIO_URL.replace(/\/+$/, '');
  return out;
}

/** A local server that is up answers at once; a slow answer is as good as none for a welcome screen. */
const PROBE_TIMEOUT_MS = 1500;

const NAMES: Record<LocalServerKind, string> = { ollama: 'Ollama', lmstudio: 'LM Studio' };

/** How to start each server, said where it is not reachable. */
export const START_HINT: Record<LocalServerKind, string> = {
  ollama: 'Is Ollama running? Start it with `ollama serve`.',
  lmstudio: 'Is LM Studio running? Open it and start its local server (Developer → Start server).',
};

export async function detectLocalServer(kind: LocalServerKind, origin: string): Promise<LocalServerDetection> {
  const base = { kind, name: NAMES[kind], baseURL: `${origin}/v1` };
  try {
    const get = refuseRedirects({ name: NAMES[kind] });
    const models = kind === 'ollama' ? await ollamaModels(get, origin) : await openAiModels(get, origin);
    return { ...base, available: true, models, hint: null };
  } catch {
    return { ...base, available: false, models: [], hint: START_HINT[kind] };
  }
}

export function detectLocalServers(urls: Record<LocalServerKind, string> = LOCAL_SERVER_URLS): Promise<LocalServerDetection[]> {
  return Promise.all((Object.keys(urls) as LocalServerKind[]).map((k) => detectLocalServer(k, urls[k])));
}

/**
 * The start hint for a provider that could not be reached, when its address is a known local server's
 * usual port (the provider form and test button add it to their error).
 */
export function startHintFor(baseURL: string | undefined): string | null {
  if (!baseURL) return null;
  let url: URL;
  try {
    url = new URL(baseURL);
  } catch {
    return null;
  }
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) return null;
  for (const kind of Object.keys(LOCAL_SERVER_URLS) as LocalServerKind[]) {
    if (new URL(LOCAL_SERVER_URLS[kind]).port === url.port) return START_HINT[kind];
  }
  return null;
}

/** `get` refuses redirects: a probe of a fixed loopback address is answered there or not at all. */
async function getJson(get: typeof fetch, url: string): Promise<unknown> {
  const res = await get(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  return res.json();
}

async function ollamaModels(get: typeof fetch, origin: string): Promise<string[]> {
  const body = (await getJson(get, `${origin}/api/tags`)) as { models?: { name?: unknown }[] };
  return names((body.models ?? []).map((m) => m.name));
}

async function openAiModels(get: typeof fetch, origin: string): Promise<string[]> {
  const body = (await getJson(get, `${origin}/v1/models`)) as { data?: { id?: unknown }[] };
  return names((body.data ?? []).map((m) => m.id));
}

function names(values: unknown[]): string[] {
  return values.filter((v): v is string => typeof v === 'string' && v.length > 0).sort();
}
