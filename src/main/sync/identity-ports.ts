// What the identity kind needs from this home (issue 28's clean ports): the composition root
// (engine-sync-identity.ts) builds it over the identity files the core-file editor saves.

/**
 * An identity file by its path in the home: `USER.md` (the person, every agent's), `agents/<id>/SOUL.md`
 * and `agents/<id>/AGENTS.md` (an agent's). A project's AGENTS.md lives in a folder on one machine and
 * does not travel.
 */
export type IdentityKey = string;

export interface IdentitySyncPort {
  /** The identity files this home has. */
  keys(): IdentityKey[];
  /** The file's text, or null when there is none (or it is not a file this home can read as text). */
  read(key: IdentityKey): string | null;
  /** When the file was last saved here (its modification time), null when there is none. */
  editedAt(key: IdentityKey): string | null;
  /**
   * Writes another device's text through the same path as the core-file editor's save (size limit, the
   * secret and instruction checks, the atomic write, History "on another device"); null removes the file.
   * Returns null when written, or why this home refused it (then the file is left as it is).
   */
  write(key: IdentityKey, text: string | null, device: string): string | null;
}
