// Why the relay refused a device, as one short reason on the wire (Hocuspocus sends it with its
// "permission denied" message) and as the sentence the person reads on the device. Both ends import this
// file, so the relay never writes a sentence and a device never guesses at one.
import { MonadError } from '../../shared/errors';

/**
 * What a device with no credential sends as its token: Hocuspocus opens a document only after a token when
 * the relay authenticates, so an unpaired device still sends one, and the relay answers for it.
 */
export const UNPAIRED_TOKEN = 'unpaired';

export type RefusalReason =
  /** The credential was revoked; the reason carries the time: `revoked:<ISO time>`. */
  | 'revoked'
  /** No device on this relay has this credential. */
  | 'unknown-device'
  /** The credential is a device of another home than the document's. */
  | 'other-home'
  /** The home is paired (or the relay is off loopback) and the device sent no credential. */
  | 'pairing-required';

export function refusalOnWire(reason: RefusalReason, revokedAt?: string): string {
  return reason === 'revoked' ? `revoked:${revokedAt ?? ''}` : reason;
}

export function parseRefusal(wire: string): { reason: RefusalReason | null; revokedAt: string | null } {
  if (wire.startsWith('revoked:')) return { reason: 'revoked', revokedAt: wire.slice('revoked:'.length) || null };
  if (wire === 'unknown-device' || wire === 'other-home' || wire === 'pairing-required') return { reason: wire, revokedAt: null };
  return { reason: null, revokedAt: null };
}

/** The date a person reads: the day, in ISO form, which reads the same in every locale. */
export function dayOf(iso: string | null): string {
  return iso && /^\d{4}-\d{2}-\d{2}/.test(iso) ? iso.slice(0, 10) : 'an unknown date';
}

/** docs/sync.md §4's sentence for a revoked device. */
export const revokedSentence = (revokedAt: string | null): string => `This device was removed from sync on ${dayOf(revokedAt)}. Join again with a new invite code to sync.`;

/** The error a device shows when the relay refused it (docs/sync.md §4 fixes the revoked sentence). */
export function refusalError(wire: string, relay: string): MonadError {
  const { reason, revokedAt } = parseRefusal(wire);
  switch (reason) {
    case 'revoked':
      return new MonadError('FORBIDDEN', revokedSentence(revokedAt), { reason, revokedAt, relay });
    case 'unknown-device':
      return new MonadError('UNAUTHORIZED', `The relay at ${relay} does not know this device's credential (the relay's data may have been reset). Get a new invite code from a paired device and run \`monad sync join CODE --relay ${relay}\`.`, { reason, relay });
    case 'other-home':
      return new MonadError('FORBIDDEN', `This device is paired to another home on the relay at ${relay}. Check the home's name (\`monad sync status\`), or join this home with an invite code from one of its devices.`, { reason, relay });
    case 'pairing-required':
      return new MonadError('UNAUTHORIZED', `The relay at ${relay} only syncs paired devices. Run \`monad sync invite\` on a paired device (or \`monad sync invite --data DIR\` on the relay's machine), then \`monad sync join CODE --relay ${relay}\` here.`, { reason, relay });
    default:
      return new MonadError('FORBIDDEN', `The relay at ${relay} refused this device (${wire.slice(0, 80)}). Check that this device is paired: \`monad sync status\`.`, { relay });
  }
}
