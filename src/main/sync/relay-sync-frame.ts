// Reads the two Yjs sync steps out of a message the relay sent (relay-witness.ts uses them): Hocuspocus frames
// every message as the document's name, a message type, then the y-protocols sync message — a step number
// and one length-prefixed byte array (step 1: the relay's state vector; step 2: an update holding what the
// device lacks and the relay's whole delete set). Only these fields are read: anything else (updates,
// acknowledgements, stateless notices, a frame cut short) is not a sync step and is left to the provider.

/** Hocuspocus's message type for a y-protocols sync message. */
const MESSAGE_SYNC = 0;
/** y-protocols' sync steps. */
const SYNC_STEP_1 = 0;
const SYNC_STEP_2 = 1;

export type RelaySyncStep = { step: 1; stateVector: Uint8Array } | { step: 2; update: Uint8Array };

/** A little-endian base-128 reader (lib0's varUint, which the protocol uses for every length and number). */
class Reader {
  private pos = 0;
  constructor(private readonly bytes: Uint8Array) {}

  varUint(): number | null {
    let n = 0;
    let mult = 1;
    // 7 bytes hold 49 bits, more than any length or message type here: a longer run is not a frame we read.
    for (let i = 0; i < 7; i++) {
      if (this.pos >= this.bytes.length) return null;
      const b = this.bytes[this.pos++];
      n += (b & 0x7f) * mult;
      if (b < 0x80) return n;
      mult *= 128;
    }
    return null;
  }

  bytesOf(): Uint8Array | null {
    const len = this.varUint();
    if (len === null || this.pos + len > this.bytes.length) return null;
    const out = this.bytes.subarray(this.pos, this.pos + len);
    this.pos += len;
    return out;
  }
}

function asBytes(data: unknown): Uint8Array | null {
  if (data instanceof Uint8Array) return data; // Buffer too
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return null;
}

/** The sync step a relay's message carries, or null when it carries none. */
export function readRelaySyncStep(data: unknown): RelaySyncStep | null {
  const bytes = asBytes(data);
  if (!bytes) return null;
  const r = new Reader(bytes);
  if (r.bytesOf() === null) return null; // the document's name (a length-prefixed string)
  if (r.varUint() !== MESSAGE_SYNC) return null;
  const step = r.varUint();
  if (step !== SYNC_STEP_1 && step !== SYNC_STEP_2) return null;
  const payload = r.bytesOf();
  if (!payload) return null;
  return step === SYNC_STEP_1 ? { step: 1, stateVector: payload } : { step: 2, update: payload };
}
