// The invite link in the Join form (issue 30 §4): a person who pastes `monad://sync/join?relay=…&code=…`
// (what the invite's QR code carries) into the code or the relay field gets both fields filled; a text that
// is a link but not an invite's is refused in words and fills nothing else (Join then refuses it as a code).
// The desktop app hands a link opened from the OS to the same form (the shell's `syncJoin` intent). Joining
// still needs the person to press Join.
import { looksLikeJoinLink, parseSyncJoinLink } from '../../../../shared/sync-join-link';

export type JoinFieldInput =
  /** Plain text: the field keeps it as typed. */
  | { kind: 'text'; value: string }
  /** An invite link: both fields take its parts. */
  | { kind: 'link'; code: string; relay: string }
  /** A link that is not an invite's: the other field is not filled, the error says why. */
  | { kind: 'refused'; error: string };

/** What typing or pasting `value` into the code or relay field means. */
export function readJoinField(value: string): JoinFieldInput {
  if (!looksLikeJoinLink(value)) return { kind: 'text', value };
  const parsed = parseSyncJoinLink(value);
  if (!parsed.ok) return { kind: 'refused', error: parsed.error };
  return { kind: 'link', code: spacedCode(parsed.link.code), relay: parsed.link.relay };
}

/** The code as the invite card shows it: words separated by spaces. */
export const spacedCode = (code: string): string => code.split('-').join(' ');
