// Model providers as Settings and first run show them: saved providers, a connection test, local servers found.

export interface ProviderView {
  id: string;
  kind: 'openai' | 'anthropic' | 'openai-compatible';
  name: string;
  baseURL?: string;
  models: string[];
  /** A key is saved and will be sent to this provider's current address. */
  hasKey: boolean;
  /** "…Ab12": the last 4 characters of a usable key, never more of it. */
  maskedKey: string | null;
  /**
   * A key is saved for another address than the one the provider points at now (config.json edited by
   * hand): it is not sent; entering the key again binds it to the new address.
   */
  keyForOtherOrigin: boolean;
}

export interface ProviderTestResult {
  ok: boolean;
  models: string[];
  error: string | null;
}

export interface OllamaDetection {
  available: boolean;
  baseURL: string;
  models: string[];
}

/** First run: a local model server found (or not) on its usual loopback port. */
export type LocalServerKind = 'ollama' | 'lmstudio';
export interface LocalServerDetection {
  kind: LocalServerKind;
  /** "Ollama", "LM Studio". */
  name: string;
  available: boolean;
  /** The OpenAI-compatible base URL to save as a provider. */
  baseURL: string;
  models: string[];
  /** When not available: how to start it. */
  hint: string | null;
}
