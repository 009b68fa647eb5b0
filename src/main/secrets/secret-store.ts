// Where API keys live. Never in config.json, never in Markdown, never sent to the renderer unmasked.

export interface SecretStoreInfo {
  kind: 'safeStorage' | 'file';
  /** False when the OS offers no keychain and keys are kept in plain text (owner-only file). */
  encrypted: boolean;
  warning: string | null;
}

/**
 * Where a secret may be sent: the origin (scheme + host + port) it was saved for. A key is only ever
 * presented to that origin, so changing where a provider points can never carry its key along.
 */
export interface SecretBinding {
  origin: string;
}

export interface SecretStore {
  info(): SecretStoreInfo;
  get(ref: string): string | null;
  set(ref: string, value: string, binding?: SecretBinding): void;
  /** The origin the secret was saved for, or null when it was saved without one (older homes). */
  binding(ref: string): SecretBinding | null;
  delete(ref: string): void;
  /**
   * Every stored secret value; used to scrub them from everything that leaves (egress-filter.ts). Asked for
   * every message out and every relation a sync sends, so a store decodes each value once and hands back the
   * same frozen array until a value is set, deleted or changed on disk: callers keep no copy of their own,
   * and may tell "unchanged" by identity (memo-on-values.ts).
   */
  values(): readonly string[];
}

/**
 * "…Ab12": the last 4 characters, enough to recognise which key it is, never enough to use or guess it.
 * Nothing else of a key ever leaves the engine (not its prefix either: for short custom keys the first
 * characters are a real share of the secret).
 */
export function maskSecret(value: string): string {
  if (value.length < 12) return '••••';
  return `…${value.slice(-4)}`;
}

/** Replaces any stored secret value inside `text` with its mask. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length >= 6) out = out.split(s).join(maskSecret(s));
  }
  return out;
}
