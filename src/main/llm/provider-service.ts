// Provider CRUD for the Settings screen: config holds the provider, the secret store holds its key,
// and only masked keys ever leave the engine. Also "test connection" and local Ollama detection.
import type { Provider } from '../../shared/config';
import type { OllamaDetection, ProviderTestResult, ProviderView } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { ConfigStore } from '../config/store';
import { maskSecret, scrubSecrets, type SecretStore } from '../secrets/secret-store';
import { baseUrlOf } from './provider-factory';

export const OLLAMA_URL = 'http://127.0.0.1:11434';
const PROBE_TIMEOUT_MS = 8000;

export class ProviderService {
  constructor(
    private readonly config: ConfigStore,
    private readonly secrets: SecretStore,
    private readonly ollamaUrl: string = OLLAMA_URL,
  ) {}

  list(): ProviderView[] {
    return this.config.get().models.providers.map((p) => this.view(p));
  }

  /** Creates or replaces a provider. `apiKey`: a string stores it, null deletes it, undefined keeps it. */
  save(provider: Provider, apiKey: string | null | undefined): ProviderView {
    const keyRef = provider.keyRef ?? `provider:${provider.id}`;
    if (apiKey === null) this.secrets.delete(keyRef);
    else if (apiKey !== undefined && apiKey.trim() !== '') this.secrets.set(keyRef, apiKey.trim());
    const stored: Provider = { ...provider, keyRef };
    this.config.update((c) => {
      const i = c.models.providers.findIndex((p) => p.id === provider.id);
      if (i >= 0) c.models.providers[i] = stored;
      else c.models.providers.push(stored);
      return c;
    });
    return this.view(stored);
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
    if (p.keyRef) this.secrets.delete(p.keyRef);
  }

  /** Lists the provider's models, or explains why it cannot. */
  async test(input: { id?: string; provider?: Provider; apiKey?: string }): Promise<ProviderTestResult> {
    const provider = input.provider ?? this.config.get().models.providers.find((p) => p.id === input.id);
    if (!provider) throw new MonadError('NOT_FOUND', `No provider with id ${input.id ?? '(none)'}`);
    const key = input.apiKey ?? (provider.keyRef ? this.secrets.get(provider.keyRef) : null);
    let url: string;
    try {
      url = `${baseUrlOf(provider)}/models`;
    } catch (err) {
      return { ok: false, models: [], error: (err as Error).message };
    }
    const headers: Record<string, string> =
      provider.kind === 'anthropic'
        ? { 'x-api-key': key ?? '', 'anthropic-version': '2023-06-01' }
        : key
          ? { authorization: `Bearer ${key}` }
          : {};
    try {
      const res = await fetch(url, { headers, signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
      const text = await res.text();
      // The provider may quote the key back ("Incorrect API key provided: sk-…"): mask it before it leaves.
      if (!res.ok) return { ok: false, models: [], error: scrubSecrets(`${provider.name} answered ${res.status}: ${errorMessage(text)}`, key ? [key, ...this.secrets.values()] : this.secrets.values()) };
      const body = JSON.parse(text) as { data?: { id: string }[]; models?: { name: string }[] };
      const models = (body.data?.map((m) => m.id) ?? body.models?.map((m) => m.name) ?? []).sort();
      return { ok: true, models, error: null };
    } catch (err) {
      const e = err as Error & { cause?: { code?: string } };
      const why = e.name === 'TimeoutError' ? 'no answer in time' : (e.cause?.code ?? e.message);
      return { ok: false, models: [], error: `Could not reach ${provider.name} at ${url}: ${why}` };
    }
  }

  async detectOllama(): Promise<OllamaDetection> {
    try {
      const res = await fetch(`${this.ollamaUrl}/api/tags`, { signal: AbortSignal.timeout(1500) });
      if (!res.ok) return { available: false, baseURL: `${this.ollamaUrl}/v1`, models: [] };
      const body = (await res.json()) as { models?: { name: string }[] };
      return { available: true, baseURL: `${this.ollamaUrl}/v1`, models: (body.models ?? []).map((m) => m.name) };
    } catch {
      return { available: false, baseURL: `${this.ollamaUrl}/v1`, models: [] };
    }
  }

  private view(p: Provider): ProviderView {
    let key: string | null = null;
    try {
      key = p.keyRef ? this.secrets.get(p.keyRef) : null;
    } catch {
      key = null; // stored in a form this host cannot read: shown as missing, so the person re-enters it
    }
    return { ...p, hasKey: key !== null, maskedKey: key ? maskSecret(key) : null };
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
