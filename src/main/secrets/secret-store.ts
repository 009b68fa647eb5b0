// Where API keys live. Never in config.json, never in Markdown, never sent to the renderer unmasked.

export interface SecretStoreInfo {
  kind: 'safeStorage' | 'file';
  /** False when the OS offers no keychain and keys are kept in plain text (owner-only file). */
  encrypted: boolean;
  warning: string | null;
}

export interface SecretStore {
  info(): SecretStoreInfo;
  get(ref: string): string | null;
  set(ref: string, value: string): void;
  delete(ref: string): void;
  /** Every stored secret value; used to scrub them from logs and error messages. */
  values(): string[];
}

/** "sk-…Ab12": enough to recognise a key, never enough to use it. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '••••';
  return `${value.slice(0, 3)}…${value.slice(-4)}`;
}

/** Replaces any stored secret value inside `text` with its mask. */
export function scrubSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) {
    if (s.length >= 6) out = out.split(s).join(maskSecret(s));
  }
  return out;
}
