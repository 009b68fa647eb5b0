// Provider API keys: where each one is stored and where it may be sent.
//   - Where it is stored is derived from the provider's id (`provider:<id>`), never taken from input: no
//     request, config edit or import can point a provider at another provider's key.
//   - Where it may be sent is the origin (scheme + host + port) it was saved for. A key is presented only
//     to that origin, so pointing a provider somewhere else (a new base URL, a hand edit of config.json,
//     an import) can never carry the key along; saving a new base URL without the key drops it.
import type { Provider } from '../../shared/config';
import { maskSecret, type SecretStore } from '../secrets/secret-store';
import { baseUrlOf } from './provider-factory';

export function keyRefOf(providerId: string): string {
  return `provider:${providerId}`;
}

/** The secret-store name of the remote vector store's key (memory.mem0.vectorStore). */
export const VECTOR_STORE_KEY_REF = 'mem0:vector-store';

/** "https://api.openai.com" for "https://api.openai.com/v1/"; null when there is no usable URL. */
export function originOfUrl(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
    return u.origin;
  } catch {
    return null;
  }
}

export function originOf(provider: Provider): string | null {
  try {
    return originOfUrl(baseUrlOf(provider));
  } catch {
    return null; // an OpenAI-compatible provider without a base URL goes nowhere
  }
}

export interface ProviderKeyStatus {
  /** A key is saved and may be used at the provider's current address. */
  hasKey: boolean;
  /** "…Ab12" of a usable key; nothing else of a key ever leaves the engine. */
  maskedKey: string | null;
  /** A key is saved for another address than the provider's current one: it will not be sent. */
  keyForOtherOrigin: boolean;
}

export class ProviderKeys {
  constructor(private readonly secrets: SecretStore) {}

  /** The key to present to `provider` now: null when none is saved, or when it was saved for another origin. */
  keyFor(provider: Provider): string | null {
    return this.boundKey(keyRefOf(provider.id), originOf(provider));
  }

  /** The same rule for a secret that belongs to a URL rather than a provider (the remote vector store). */
  keyForUrl(ref: string, url: string): string | null {
    return this.boundKey(ref, originOfUrl(url));
  }

  status(provider: Provider): ProviderKeyStatus {
    const ref = keyRefOf(provider.id);
    let key: string | null;
    try {
      key = this.secrets.get(ref);
    } catch {
      key = null; // stored in a form this host cannot read: shown as missing, so the person re-enters it
    }
    if (key === null) return { hasKey: false, maskedKey: null, keyForOtherOrigin: false };
    const bound = this.secrets.binding(ref);
    const usable = bound !== null && bound.origin === originOf(provider);
    return { hasKey: usable, maskedKey: usable ? maskSecret(key) : null, keyForOtherOrigin: !usable };
  }

  /**
   * Stores what a save of `next` says about its key. `apiKey`: a string stores it for `next`'s origin,
   * null deletes it, undefined keeps it, but only if `next` still points at the origin it was saved for.
   */
  save(next: Provider, apiKey: string | null | undefined): void {
    const ref = keyRefOf(next.id);
    const origin = originOf(next);
    if (apiKey === null) return this.secrets.delete(ref);
    if (apiKey !== undefined && apiKey.trim() !== '') {
      if (origin === null) return this.secrets.delete(ref); // nowhere to bind it: never stored unbound
      return this.secrets.set(ref, apiKey.trim(), { origin });
    }
    const bound = this.secrets.binding(ref);
    if (this.exists(ref) && (bound === null || bound.origin !== origin)) this.secrets.delete(ref);
  }

  delete(providerId: string): void {
    this.secrets.delete(keyRefOf(providerId));
  }

  /**
   * Homes from before keys were bound hold bare keys. Each is bound once, at start-up, to the origin its
   * provider points at now (the only address it was ever sent to); a key with no provider is left unbound,
   * which means it is never sent anywhere. Returns how many were bound.
   */
  bindUnboundKeys(providers: readonly Provider[]): number {
    let bound = 0;
    for (const p of providers) {
      const ref = keyRefOf(p.id);
      const origin = originOf(p);
      if (origin === null || this.secrets.binding(ref) !== null) continue;
      let key: string | null;
      try {
        key = this.secrets.get(ref);
      } catch {
        continue; // unreadable here; bound when the person enters it again
      }
      if (key === null) continue;
      this.secrets.set(ref, key, { origin });
      bound++;
    }
    return bound;
  }

  private boundKey(ref: string, origin: string | null): string | null {
    // Read first: a key this host cannot decrypt says so (an error the person can act on) rather than
    // being silently left out of the request.
    const key = this.secrets.get(ref);
    if (key === null || origin === null) return null;
    const bound = this.secrets.binding(ref);
    return bound !== null && bound.origin === origin ? key : null;
  }

  private exists(ref: string): boolean {
    try {
      return this.secrets.get(ref) !== null;
    } catch {
      return true; // present but unreadable here
    }
  }
}
