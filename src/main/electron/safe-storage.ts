// API keys in the desktop app: the same secrets file as headless mode, each value encrypted with the OS
// keychain through Electron's safeStorage. Where no keychain exists (safeStorage unavailable, or
// Linux's `basic_text` backend, whose key is a constant baked into Chromium) values are stored in
// plain text and the status says so, with a warning the UI shows. Create only after `app` is ready:
// before that, safeStorage reports itself unavailable on Linux and Windows.
import { safeStorage } from 'electron';
import { FileSecretStore, type SecretCodec } from '../secrets/file-secret-store';
import type { SecretBinding, SecretStore, SecretStoreInfo } from '../secrets/secret-store';
import { MonadError } from '../../shared/errors';

/** Marks an encrypted value, so plain values (headless mode, or an earlier fallback) still read. */
export const ENCRYPTED_PREFIX = 'safeStorage:v1:';

type SafeStorageLike = Pick<typeof safeStorage, 'isEncryptionAvailable' | 'encryptString' | 'decryptString' | 'getSelectedStorageBackend'>;

export function secretStoreInfo(ss: SafeStorageLike = safeStorage, platform: NodeJS.Platform = process.platform): SecretStoreInfo {
  if (!ss.isEncryptionAvailable()) {
    return {
      kind: 'safeStorage',
      encrypted: false,
      warning: 'No OS keychain is available, so API keys are stored in plain text in an owner-only file.',
    };
  }
  if (platform === 'linux' && ss.getSelectedStorageBackend() === 'basic_text') {
    return {
      kind: 'safeStorage',
      encrypted: false,
      warning:
        'No Secret Service or KWallet was found, so API keys are stored in plain text in an owner-only file. ' +
        'Install and unlock a keyring (e.g. GNOME Keyring) and restart Monad to encrypt them.',
    };
  }
  return { kind: 'safeStorage', encrypted: true, warning: null };
}

/** What decode yields for a value encrypted by a keychain that is not available now (never a real key). */
const UNREADABLE = '\u0000monad:keychain-unavailable';

export function safeStorageCodec(ss: SafeStorageLike, encrypt: boolean): SecretCodec {
  return {
    encode: (plain) => (encrypt ? ENCRYPTED_PREFIX + ss.encryptString(plain).toString('base64') : plain),
    decode: (stored) => {
      if (!stored.startsWith(ENCRYPTED_PREFIX)) return stored;
      if (!encrypt) return UNREADABLE;
      return ss.decryptString(Buffer.from(stored.slice(ENCRYPTED_PREFIX.length), 'base64'));
    },
  };
}

/**
 * A FileSecretStore whose `values()` (used to scrub errors and logs) skips keys it cannot decrypt
 * instead of throwing, while `get()` of such a key says why it cannot be read.
 */
class SafeStorageSecretStore implements SecretStore {
  /** The file store's values (kept there, decrypted once) and the readable ones among them. */
  #from: readonly string[] | null = null;
  #readable: readonly string[] = [];

  constructor(private readonly file: FileSecretStore) {}

  info(): SecretStoreInfo {
    return this.file.info();
  }

  get(ref: string): string | null {
    const value = this.file.get(ref);
    if (value === UNREADABLE) {
      throw new MonadError(
        'INTERNAL',
        `The API key "${ref}" was encrypted with the OS keychain, which is not available now; unlock the keychain and restart Monad, or enter the key again`,
      );
    }
    return value;
  }

  set(ref: string, value: string, binding?: SecretBinding): void {
    this.file.set(ref, value, binding);
  }

  binding(ref: string): SecretBinding | null {
    return this.file.binding(ref);
  }

  delete(ref: string): void {
    this.file.delete(ref);
  }

  values(): readonly string[] {
    // Filtered once per change of the file store's array, so callers still get one array until a change.
    const all = this.file.values();
    if (all !== this.#from) (this.#from = all), (this.#readable = Object.freeze(all.filter((v) => v !== UNREADABLE)));
    return this.#readable;
  }
}

export function createSafeStorageSecretStore(path: string, ss: SafeStorageLike = safeStorage, platform: NodeJS.Platform = process.platform): SecretStore {
  const info = secretStoreInfo(ss, platform);
  return new SafeStorageSecretStore(new FileSecretStore(path, safeStorageCodec(ss, info.encrypted), info));
}
