// Issue 30 §6: random operations on three devices, random delivery and partitions → every device ends
// with the same facts, nothing a device recorded is lost unless some device forgot or edited that fact, and
// every edit a device made (by the person or by a derivation) is in every device's log. Devices also record
// the same texts apart (before their first sync, or a copy of what another holds): the same write, so a text
// recorded on every device before their first sync, that some device forgot after syncing it and no device
// wrote again (record, copy or edit), is gone everywhere.
// The devices are fact lists behind the real bridge (fact-bridge.ts) and real Yjs documents; "the relay"
// is a pairwise exchange of updates in a random order, with some devices cut off in some rounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { reconcileScope, versionsOf } from '../../src/main/sync/fact-bridge';
import { liveFacts } from '../../src/main/sync/fact-log';
import type { FactSyncPort, SyncedFact } from '../../src/main/sync/sync-ports';

const TEXTS = ['Likes tea', 'Owns a bike', 'Lives in Lyon', 'Plays chess', 'Speaks Greek', 'Has a dog'];
const idOf = (t: string): string => `id-${t}`;

class Device implements FactSyncPort {
  readonly doc = new Y.Doc();
  readonly facts_ = new Map<string, SyncedFact>();
  synced = new Set<string>();
  /** The forgets that stood at this device's last sync (fact-bridge keeps them in the kind's memory). */
  forgets = new Set<string>();
  /** Whether it has synced (the kind's memory says so): its first sync sends what it did before. */
  private everSynced = false;
  /** Its own forgets still the text's last change here (History's `fact.forgotten`, for forgottenHere). */
  private readonly ownForgets = new Map<string, { id: string; text: string; actor: 'person'; at: string }>();
  /** What each text written here by an edit replaced (the ledger's sources, kept after the text is gone). */
  private readonly sources = new Map<string, readonly string[]>();
  /** `aware`: the device answers the port's history questions (forgottenHere, replacedHere) as a home does. */
  constructor(readonly name: string, private readonly aware = false) {}
  scopes = () => ['global'];
  facts = () => [...this.facts_.values()];
  record = (_s: string, items: readonly { text: string }[]) =>
    items.map(({ text }) => {
      this.facts_.set(idOf(text), { id: idOf(text), text, actor: 'person' });
      return { id: idOf(text), reason: null };
    });
  edit = (_s: string, items: readonly { fromId: string; text: string }[]) =>
    items.map(({ fromId, text }) => {
      this.facts_.delete(fromId);
      this.facts_.set(idOf(text), { id: idOf(text), text, actor: 'person', replaces: [fromId] });
      return { id: idOf(text), reason: null };
    });
  noteConflict = () => undefined;
  forget = (_s: string, id: string) => void this.facts_.delete(id);
  list = () => [...this.facts_.keys()].sort();
  forgottenHere?: FactSyncPort['forgottenHere'];
  replacedHere?: FactSyncPort['replacedHere'];
  /** The device's own changes, as History and the ledger keep them. */
  forgetHere(id: string, at: number): void {
    const f = this.facts_.get(id);
    if (!f) return;
    this.facts_.delete(id);
    this.ownForgets.set(id, { id, text: f.text, actor: 'person', at: new Date(Date.UTC(2026, 2, 1) + at * 1000).toISOString() });
  }
  recordHere(text: string): void {
    this.ownForgets.delete(idOf(text));
    this.record('global', [{ text }]);
  }
  editHere(from: string, to: SyncedFact): void {
    this.ownForgets.delete(from);
    this.ownForgets.delete(to.id);
    this.facts_.delete(from);
    this.facts_.set(to.id, to);
    this.sources.set(to.id, to.replaces ?? []);
  }
  sync(at: number): void {
    if (this.aware) {
      this.forgottenHere = () => [...this.ownForgets.values()];
      this.replacedHere = (_s, id) => this.sources.get(id) ?? [];
    }
    const firstSync = this.aware && !this.everSynced;
    const r = reconcileScope({ scope: 'global', doc: this.doc, facts: this, lastSynced: this.synced, seenForgets: this.forgets, firstSync, device: this.name, now: () => new Date(Date.UTC(2026, 2, 1) + at * 1000) });
    this.synced = r.synced;
    this.forgets = r.forgets;
    this.everSynced = true;
  }
}

const exchange = (a: Y.Doc, b: Y.Doc): void => {
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
};

type Op =
  | { kind: 'record' | 'forget'; device: number; text: number }
  | { kind: 'copy'; device: number; from: number }
  | { kind: 'edit'; device: number; text: number; to: number; derived: boolean }
  | { kind: 'round'; online: boolean[]; order: number[] };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('record' as const, 'forget' as const), device: fc.nat(2), text: fc.nat(TEXTS.length - 1) }),
  // A device records, apart, a text another device holds now (the same fact extracted on both).
  fc.record({ kind: fc.constant('copy' as const), device: fc.nat(2), from: fc.nat(2) }),
  fc.record({ kind: fc.constant('edit' as const), device: fc.nat(2), text: fc.nat(TEXTS.length - 1), to: fc.nat(TEXTS.length - 1), derived: fc.boolean() }),
  fc.record({ kind: fc.constant('round' as const), online: fc.array(fc.boolean(), { minLength: 3, maxLength: 3 }), order: fc.shuffledSubarray([0, 1, 2], { minLength: 3, maxLength: 3 }) }),
);

describe('sync convergence (property)', () => {
  // `aware`: the devices answer what a home's History and ledger know (forgets and edits made before a first
  // sync travel as such); a forget made before any sync of a text every device held then is gone everywhere too.
  for (const aware of [false, true]) {
  it(`three devices, random records, edits, forgets, delivery order and partitions: all converge, nothing unforgotten is lost, no edit lost${aware ? ' (what each did before its first sync sent as such)' : ''}`, () => {
    fc.assert(
      fc.property(fc.subarray(TEXTS), fc.array(op, { minLength: 1, maxLength: 40 }), (shared, ops) => {
        const devices = [new Device('device-a', aware), new Device('device-b', aware), new Device('device-c', aware)];
        const syncedYet = [false, false, false];
        const recorded = new Set<string>();
        const forgotten = new Set<string>();
        // Recorded on every device before any sync: one write each, not three.
        for (const d of devices) d.record('global', shared.map((text) => ({ text })));
        shared.forEach((t) => recorded.add(idOf(t)));
        // Texts a device forgot while holding them synced; texts some operation wrote (record, copy, edit).
        const forgetSynced = new Set<string>();
        const written = new Set<string>();
        const wrote = (id: string): void => void written.add(id);
        // An edit is acknowledged when its device syncs while still holding it (one edited again before a sync never left the device).
        const editedTo = new Set<string>();
        const pending = devices.map(() => new Set<string>());
        const acknowledge = (i: number): void => {
          for (const to of pending[i]) if (devices[i].facts_.has(idOf(to))) editedTo.add(to);
          pending[i].clear();
        };
        let t = 0;
        for (const o of ops) {
          t++;
          if (o.kind === 'round') {
            // A device online syncs (reconciles, then exchanges with the relay); offline ones keep editing.
            const on = o.order.filter((i) => o.online[i]);
            for (const i of on) acknowledge(i), devices[i].sync(t), (syncedYet[i] = true);
            for (let k = 1; k < on.length; k++) exchange(devices[on[0]].doc, devices[on[k]].doc);
            for (const i of on) devices[i].sync(t);
            continue;
          }
          const d = devices[o.device];
          if (o.kind === 'copy') {
            const from = devices[o.from].facts();
            const copied = from.length ? from[t % from.length].text : null;
            if (!copied || d.facts_.has(idOf(copied))) continue;
            d.recordHere(copied);
            recorded.add(idOf(copied));
            wrote(idOf(copied));
            continue;
          }
          const text = TEXTS[o.text];
          if (o.kind === 'edit') {
            // An edit as MemoryDir.update leaves it: the new text's id, whose source replaces the old one.
            const to = TEXTS[o.to];
            if (!d.facts_.has(idOf(text)) || d.facts_.has(idOf(to))) continue;
            d.editHere(idOf(text), { id: idOf(to), text: to, actor: o.derived ? 'consolidation' : 'person', replaces: [idOf(text)] });
            forgotten.add(idOf(text));
            wrote(idOf(to));
            pending[o.device].add(to);
          } else if (o.kind === 'record') {
            d.recordHere(text);
            recorded.add(idOf(text));
            wrote(idOf(text));
          } else if (d.facts_.has(idOf(text))) {
            if (d.synced.has(idOf(text))) forgetSynced.add(idOf(text));
            // Before its first sync, a text every device held then: that forget travels too.
            if (aware && !syncedYet[o.device] && shared.includes(text)) forgetSynced.add(idOf(text));
            d.forgetHere(idOf(text), t);
            forgotten.add(idOf(text));
          }
        }
        // Everyone comes online: two full rounds settle every device.
        for (let round = 0; round < 2; round++) {
          devices.forEach((d, i) => (acknowledge(i), d.sync(t + 100 + round)));
          exchange(devices[0].doc, devices[1].doc);
          exchange(devices[0].doc, devices[2].doc);
          exchange(devices[0].doc, devices[1].doc);
          for (const d of devices) d.sync(t + 100 + round);
        }
        const lists = devices.map((d) => d.list());
        expect(lists[1]).toEqual(lists[0]);
        expect(lists[2]).toEqual(lists[0]);
        // Each device's file matches the merged log.
        expect([...liveFacts(versionsOf(devices[0].doc).values()).keys()].sort()).toEqual(lists[0]);
        // A fact recorded and never forgotten by anyone is everywhere.
        for (const id of recorded) if (!forgotten.has(id)) expect(lists[0]).toContain(id);
        // The copies recorded apart elsewhere are the same write, not edits concurrent with the forget.
        for (const id of forgetSynced) if (!written.has(id)) expect(lists[0]).not.toContain(id);
        // No edit is lost: each is a version in every device's log, even where a concurrent one won.
        for (const d of devices) {
          const texts = new Set([...versionsOf(d.doc).values()].map((v) => v.text));
          for (const to of editedTo) expect(texts).toContain(to);
        }
      }),
      { numRuns: 200, seed: 30_2026 },
    );
  });
  }
});
