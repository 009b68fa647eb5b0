// Provider CRUD for the Settings screen: config holds the provider, the secret store holds its key (bound
// to the origin it was saved for, see provider-keys.ts), and only the last 4 characters of a key ever
// leave the engine. Also "test connection" and local Ollama detection.
import type { Provider } from '../../shared/config';
import type { LocalServerDetection, LocalServerKind, OllamaDetection, ProviderTestResult, ProviderView } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { ConfigStore } from '../config/store';
import { scrubSecrets, type SecretStore } from '../secrets/secret-store';
import { detectLocalServers, LOCAL_SERVER_URLS, startHintFor } from './local-servers';
import { refuseRedirects } from '../net/no-redirect-fetch';
import { baseUrlOf } from './provider-factory';
import { connectionFailureWords } from './provider-errors';
import { ProviderKeys } from './provider-keys';

export const OLLAMA_URL = 'http://127.0.0.1:11434';
const PROBE_TIMEOUT_MS = 8000;

export class ProviderService {
  readonly keys: ProviderKeys;

  constructor(
    private readonly config: ConfigStore,
    private readonly secrets: SecretStore,
    private readonly ollamaUrl: string = OLLAMA_URL,
    private readonly localUrls: Record<LocalServerKind, string> = { ...LOCAL_SERVER_URLS, ollama: ollamaUrl },
  ) {
    this.keys = new ProviderKeys(secrets);
  }

  list(): ProviderView[] {
    return this.config.get().models.providers.map((p) => this.view(p));
  }

  /**
   * Creates or replaces a provider. `apiKey`: a string stores it for the provider's origin, null deletes
   * it, undefined keeps it, unless the base URL now points at another origin, which drops it.
   */
  save(provider: Provider, apiKey: string | null | undefined): ProviderView {
    // Config first: if the save is refused (invalid config), the key store is left as it was.
    this.config.update((c) => {
      const i = c.models.providers.findIndex((p) => p.id === provider.id);
      if (i >= 0) c.models.providers[i] = provider;
      else c.models.providers.push(provider);
      return c;
    });
    this.keys.save(provider, apiKey);
    return this.view(provider);
  }

  delete(id: string): void {
    const p = this.config.get().models.providers.find((x) => x.id === id);
    if (!p) throw new MonadError('NOT_FOUND', `No provider with id ${id}`);
    this.config.update((c) => {
      c.models.providers = c.models.providers.filter((x) => x.id !== id);
      // Roles that pointed at it would resolve to nothing; clear them so the UI shows "not set".
      for (const role of ['chat', 'memory', 'embedding'] as const) {
        if (c.models.roles[role]?.provider === id) delete c.models.roles[role];
      }
      return c;
    });
    this.keys.delete(id);
  }

  /**
   * Lists the provider's models, or explains why it cannot. `provider` is the form as typed (maybe not
   * saved); `apiKey` is a key typed with it. Without a typed key, the stored key of the provider with that
   * id is sent only if the address is the origin that key was saved for.
   */
  async test(input: { id?: string; provider?: Provider; apiKey?: string; storedKey?: boolean }): Promise<ProviderTestResult> {
    const provider = input.provider ?? this.config.get().models.providers.find((p) => p.id === input.id);
    if (!provider) throw new MonadError('NOT_FOUND', `No provider with id ${input.id ?? '(none)'}`);
    const typed = input.apiKey?.trim() ? input.apiKey.trim() : null;
    const key = typed ?? (input.storedKey === false ? null : this.keys.keyFor(provider));
    let url: string;
    try {
      url = `${baseUrlOf(provider)}/models`;
    } catch (err) {
      return { ok: false, models: [], error: (err as Error).message };
    }
    const headers: Record<string, string> =
      provider.kind === 'anthropic'
        ? { ...(key ? { 'x-api-key': key } : {}), 'anthropic-version': '2023-06-01' }
        : key
          ? { authorization: `Bearer ${key}` }
          : {};
    try {
      // The key goes to this address only: a redirect is refused and named (net/no-redirect-fetch.ts).
      const res = await refuseRedirects({ name: provider.name })(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      const text = await res.text();
      // The provider may quote the key back ("Incorrect API key provided: sk-…"): mask it before it leaves.
      if (!res.ok) return { ok: false, models: [], error: scrubSecrets(`${provider.name} answered ${res.status}: ${errorMessage(text)}`, key ? [key, ...this.secrets.values()] : this.secrets.values()) };
      const body = JSON.parse(text) as { data?: { id: string }[]; models?: { name: string }[] };
      const models = (body.data?.map((m) => m.id) ?? body.models?.map((m) => m.name) ?? []).sort();
      return { ok: true, models, error: null };
    } catch (err) {
      if (err instanceof MonadError) return { ok: false, models: [], error: err.message };
      const e = err as Error & { cause?: { code?: string; message?: string } };
      // In words, never a bare socket code (issue 29 §3).
      const why = e.name === 'TimeoutError' ? 'no answer in time' : (connectionFailureWords(e) ?? e.cause?.message ?? e.message);
      // A local server's usual port: say how to start it (first run, issue 17).
      const hint = startHintFor(provider.baseURL);
      return { ok: false, models: [], error: `Could not reach ${provider.name} at ${url}: ${why}${hint ? `. ${hint}` : ''}` };
    }
  }

  /** First run: Ollama and LM Studio on their usual loopback ports (see local-servers.ts). */
  detectLocal(): Promise<LocalServerDetection[]> {
    return detectLocalServers(this.localUrls);
  }

  async detectOllama(): Promise<OllamaDetection> {
    try {
      // No key goes with it, but a probe of a fixed local address has no reason to be sent elsewhere.
      const res = await refuseRedirects({ name: 'Ollama' })(`${this.ollamaUrl}/api/tags`, { signal: AbortSignal.timeout(1500) });
      if (!res.ok) return { available: false, baseURL: `${this.ollamaUrl}/v1`, models: [] };
      const body = (await res.json()) as { models?: { name: string }[] };
      return { available: true, baseURL: `${this.ollamaUrl}/v1`, models: (body.models ?? []).map((m) => m.name) };
    } catch {
      return { available: false, baseURL: `${this.ollamaUrl}/v1`, models: [] };
    }
  }

  private view(p: Provider): ProviderView {
    return { ...p, ...this.keys.status(p) };
  }
}

function errorMessage(text: string): string {
  try {
    const b = JSON.parse(text) as { error?: { message?: string } | string };
    return (typeof b.error === 'string' ? b.error : b.error?.message) ?? text.slice(0, 200);
  } catch {
    return text.slice(0, 200);
  }
}
