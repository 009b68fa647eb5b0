// Headless secret store: a JSON file readable by its owner only (0600). Plain text on disk, which the
// status reports honestly; the Electron host uses the OS keychain (safeStorage) instead.
import { chmodSync, readFileSync, statSync } from 'node:fs';
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

/**
 * What identifies one version of the file on disk. Every write replaces the file (a new inode); a hand edit
 * in place changes its mtime or size. Read with one stat, so it may be checked at every read.
 */
function fileVersion(path: string): string {
  const st = statSync(path, { throwIfNoEntry: false });
  return st ? `${st.ino}:${st.size}:${st.mtimeMs}:${st.ctimeMs}` : 'absent';
}

export class FileSecretStore implements SecretStore {
  // Private (#) fields: what they hold is never serialised (JSON.stringify) nor printed (util.inspect), so a
  // store that reaches a log line or an error's details carries no key with it.
  /** The file's entries as last read or written, and which version of the file they are. */
  #entries: Record<string, StoredEntry> | null = null;
  #version = '';
  /**
   * Decrypted values, kept for as long as the entries they came from: under Electron each decode is a call
   * into the OS keychain, and `values()` is asked for every message that leaves and every relation a sync
   * sends. Keyed by the stored (encoded) form; an entry goes when no ref holds that form any more (set,
   * delete, or a change on disk by another process), so only what changed is decoded again.
   */
  #decoded = new Map<string, string>();
  /** Every value decodable here, in the file's order; frozen, and the same array until something changes. */
  #values: readonly string[] | null = null;

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
    if (stored === undefined) return null;
    const encoded = valueOf(stored);
    const known = this.#decoded.get(encoded);
    if (known !== undefined) return known;
    // Not kept yet, or it failed before (a keychain that was locked then): a failure is never kept, so a
    // key becomes readable as soon as the keychain is.
    const value = this.codec.decode(encoded);
    this.#decoded.set(encoded, value);
    // values() skipped this key when it could not be read: now it can, so it must be scrubbed as well.
    if (this.#values && !this.#values.includes(value)) this.#values = null;
    return value;
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

  /** Decoded once per version of the file: later calls return the same frozen array at the cost of one stat. */
  values(): readonly string[] {
    const entries = this.read();
    if (this.#values) return this.#values;
    const out: string[] = [];
    for (const k of Object.keys(entries)) {
      try {
        const v = this.get(k);
        if (v !== null) out.push(v);
      } catch {
        // Unreadable here (encrypted elsewhere): nothing of it can leak from this process either.
      }
    }
    return (this.#values = Object.freeze(out));
  }

  private read(): Record<string, StoredEntry> {
    const version = fileVersion(this.path);
    if (this.#entries && version === this.#version) return this.#entries;
    let entries: Record<string, StoredEntry> = {};
    if (version !== 'absent') {
      try {
        const parsed = JSON.parse(readFileSync(this.path, 'utf8')) as unknown;
        entries = typeof parsed === 'object' && parsed !== null ? keepWellFormed(parsed as Record<string, unknown>) : {};
      } catch (err) {
        // Do not silently start empty and then overwrite the person's keys on the next save.
        throw new Error(`secrets.json is unreadable (${(err as Error).message}); fix or remove it`);
      }
    }
    this.keep(entries, version);
    return entries;
  }

  private write(all: Record<string, StoredEntry>): void {
    writeFileAtomic(this.path, JSON.stringify(all, null, 2), { mode: 0o600 });
    if (process.platform !== 'win32') chmodSync(this.path, 0o600);
    // The version after our own write, so the next read does not decode everything again. (A write by
    // another process in the instant between the two is seen at its next change.)
    this.keep(all, fileVersion(this.path));
  }

  /** New entries: what was decoded from values no longer stored goes, and values() is gathered again. */
  private keep(entries: Record<string, StoredEntry>, version: string): void {
    const decoded = new Map<string, string>();
    for (const e of Object.values(entries)) {
      const plain = this.#decoded.get(valueOf(e));
      if (plain !== undefined) decoded.set(valueOf(e), plain);
    }
    this.#entries = entries;
    this.#version = version;
    this.#decoded = decoded;
    this.#values = null;
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
