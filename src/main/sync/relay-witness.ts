// Whether the relay holds everything one open document holds, known from what the relay itself said rather
// than from the provider's count of unacknowledged changes. That count (Hocuspocus 2.15's `unsyncedChanges`) is
// reset to 1 at each handshake while changes made offline, queued in the socket meanwhile, are sent again after
// it and acknowledged one by one: it went below zero, and the next change made here then read as zero — the
// sync line said "Synced" while that change was still in flight (docs/sync.md, What "Synced" means).
//
// Here the relay is asked instead. A device's sync step 1 (its state vector) is answered by the relay with
// step 1 (the relay's state vector) and step 2 (what the device lacks, with the relay's whole delete set), both
// taken from the relay's copy at one moment. The provider sends step 1 at every handshake; after that, each
// batch of changes made here is followed by one more step 1 (`forceSync`), sent behind the changes on the same
// socket. The document is acknowledged when an answer covers every item and every deletion it holds now
// (relay-holds.ts): the relay's copy only grows while a connection lasts, so that answer is a floor of what it
// holds. A change made here unacknowledges the document until a later answer covers it; a closed connection
// forgets every answer (a relay that restarted may have lost what it had not stored yet). An answer that does
// not cover the document makes the provider send what the relay lacks (its reply to the relay's step 1) and
// this asks again, so it ends acknowledged once the relay took everything — never before.
import type { HocuspocusProvider } from '@hocuspocus/provider';
import type * as Y from 'yjs';
import { relayHolds, relayStateOf, type RelayState } from './relay-holds';
import { readRelaySyncStep } from './relay-sync-frame';

// Asking again after an answer that covered nothing new (the relay slow to take what was sent, or not taking
// it): soon at first, then backing off, so a relay that never takes a change is not asked in a tight loop.
const RETRY_MIN_MS = 50;
const RETRY_MAX_MS = 5_000;

export class RelayWitness {
  /** The relay's state vector from the step 1 of the answer now arriving (its step 2 follows). */
  private answerSv: Uint8Array | null = null;
  private held = false;
  private changes = 0;
  private asking = false;
  /** Answers in a row that did not cover the document although nothing changed here meanwhile. */
  private fruitless = 0;
  private timer: NodeJS.Timeout | null = null;
  private destroyed = false;

  constructor(
    private readonly provider: HocuspocusProvider,
    private readonly doc: Y.Doc,
    /** The shared socket is connected (a step 1 sent now would reach the relay). */
    private readonly connected: () => boolean,
    /** Told when `acknowledged` or `unacknowledged` may have changed. */
    private readonly onChange: () => void,
  ) {
    provider.on('message', this.onMessage);
    provider.on('close', this.onClose);
    doc.on('update', this.onUpdate);
  }

  /** The relay said, on the current connection, that it holds everything this document holds now. */
  get acknowledged(): boolean {
    return this.held;
  }

  /** Changes made here since the relay last held everything (only a change adds, only the relay's answer clears). */
  get unacknowledged(): number {
    return this.changes;
  }

  destroy(): void {
    this.destroyed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.provider.off('message', this.onMessage);
    this.provider.off('close', this.onClose);
    this.doc.off('update', this.onUpdate);
  }

  private readonly onMessage = ({ event }: { event: { data: unknown } }): void => {
    const step = readRelaySyncStep(event.data);
    if (!step || this.destroyed) return;
    if (step.step === 1) return void (this.answerSv = step.stateVector);
    const sv = this.answerSv;
    this.answerSv = null;
    this.asking = false;
    if (!sv) return; // a step 2 without the relay's state vector is no answer to judge by
    const relay = relayStateOf(sv, step.update);
    // Judged once the provider has applied the step 2 (it does so right after this event, synchronously).
    queueMicrotask(() => this.answered(relay));
  };

  private answered(relay: RelayState): void {
    if (this.destroyed) return;
    this.held = relayHolds(relay, this.doc);
    if (this.held) {
      this.changes = 0;
      this.fruitless = 0;
    } else {
      this.fruitless++;
      this.askSoon();
    }
    this.onChange();
  }

  private readonly onUpdate = (_update: Uint8Array, origin: unknown): void => {
    // What the relay sent is the relay's already; only a change made here waits for its word.
    if (origin === this.provider || this.destroyed) return;
    this.changes++;
    this.held = false;
    this.fruitless = 0;
    this.askSoon();
  };

  private readonly onClose = (): void => {
    if (this.destroyed) return;
    this.answerSv = null;
    this.held = false;
    this.asking = false;
    this.onChange();
  };

  /**
   * One step 1 after the current batch of changes (a reconcile writes many in one go). Not while an answer is
   * awaited (it is judged when it comes), nor offline or before the handshake (whose own answer is judged).
   */
  private askSoon(): void {
    if (this.timer || this.destroyed) return;
    const delay = this.fruitless <= 1 ? 0 : Math.min(RETRY_MAX_MS, RETRY_MIN_MS * 2 ** (this.fruitless - 2));
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.destroyed) return;
      this.onChange();
      if (this.held || this.asking || !this.connected() || !this.provider.synced) return;
      this.asking = true;
      this.provider.forceSync();
    }, delay);
  }
}
