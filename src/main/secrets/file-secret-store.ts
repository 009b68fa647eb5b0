// Headless secret store: a JSON file readable by its owner only (0600). Plain text on disk, which the
// status reports honestly; the Electron host uses the OS keychain (safeStorage) instead.
import { chmodSync, existsSync, readFileSync } from 'node:fs';
import { MonadError } from '../../shared/errors';
import { writeFileAtomic } from '../fs/atomic-write';
import type { SecretBinding, SecretStore, SecretStoreInfo } from './secret-store';

/**
 * Encrypt/decrypt hooks let the Electron host reuse this file format with safeStorage-encrypted values.
 */
export interface SecretCodec {
  encode(plain: string): string;
  decode(stored: string): string;
}

/** The desktop app marks values it encrypted with the OS keychain; headless mode cannot read them. */
export const SAFE_STORAGE_PREFIX = 'safeStorage:';

const PLAIN: SecretCodec = {
  encode: (s) => s,
  decode: (s) => {
    if (s.startsWith(SAFE_STORAGE_PREFIX)) {
      // Handing the ciphertext to a provider as if it were the key would only produce a confusing 401.
      throw new MonadError('CONFLICT', 'This API key was saved by the desktop app and is encrypted with its OS keychain; enter it again here to use it in headless mode.');
    }
    return s;
  },
};

/**
 * On disk: ref -> the encoded value, or { value, origin } for a secret bound to the origin it was saved for.
 * The plain-string form is what older homes hold; it reads as an unbound secret.
 */
type StoredEntry = string | { value: string; origin: string };

const valueOf = (e: StoredEntry): string => (typeof e === 'string' ? e : e.value);

export class FileSecretStore implements SecretStore {
  private cache: Record<string, StoredEntry> | null = null;

  constructor(
    private readonly path: string,
    private readonly codec: SecretCodec = PLAIN,
    private readonly description: SecretStoreInfo = {
      kind: 'file',
      encrypted: false,
      warning: 'API keys are stored in plain text in an owner-only file (headless mode has no OS keychain).',
    },
  ) {}

  info(): SecretStoreInfo {
    return this.description;
  }

  get(ref: string): string | null {
    const stored = this.read()[ref];
    return stored === undefined ? null : this.codec.decode(valueOf(stored));
  }

  set(ref: string, value: string, binding?: SecretBinding): void {
    const encoded = this.codec.encode(value);
    const all = { ...this.read(), [ref]: binding ? { value: encoded, origin: binding.origin } : encoded };
    this.write(all);
  }

  binding(ref: string): SecretBinding | null {
    const stored = this.read()[ref];
    return stored !== undefined && typeof stored !== 'string' ? { origin: stored.origin } : null;
  }

  delete(ref: string): void {
    const all = { ...this.read() };
    if (!(ref in all)) return;
    delete all[ref];
    this.write(all);
  }

  values(): string[] {
    const out: string[] = [];
    for (const k of Object.keys(this.read())) {
      try {
        const v = this.get(k);
        if (v !== null) out.push(v);
      } catch {
        // Unreadable here (encrypted elsewhere): nothing of it can leak from this process either.
      }
    }
    return out;
  }

  private read(): Record<string, StoredEntry> {
    if (this.cache) return this.cache;
    if (!existsSync(this.path)) return (this.cache = {});
    try {
      const parsed = JSON.parse(readFileSync(this.path, 'utf8')) as unknown;
      this.cache = typeof parsed === 'object' && parsed !== null ? keepWellFormed(parsed as Record<string, unknown>) : {};
    } catch (err) {
      // Do not silently start empty and then overwrite the person's keys on the next save.
      throw new Error(`secrets.json is unreadable (${(err as Error).message}); fix or remove it`);
    }
    return this.cache;
  }

  private write(all: Record<string, StoredEntry>): void {
    writeFileAtomic(this.path, JSON.stringify(all, null, 2), { mode: 0o600 });
    if (process.platform !== 'win32') chmodSync(this.path, 0o600);
    this.cache = all;
  }
}

/** Entries of another shape (a hand edit) are ignored rather than handed to a provider as a key. */
function keepWellFormed(raw: Record<string, unknown>): Record<string, StoredEntry> {
  const out: Record<string, StoredEntry> = {};
  for (const [ref, e] of Object.entries(raw)) {
    if (typeof e === 'string') out[ref] = e;
    else if (e && typeof e === 'object' && typeof (e as { value?: unknown }).value === 'string' && typeof (e as { origin?: unknown }).origin === 'string') {
      out[ref] = { value: (e as { value: string }).value, origin: (e as { origin: string }).origin };
    }
  }
  return out;
}
