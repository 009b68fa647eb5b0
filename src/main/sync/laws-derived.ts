// Inferred laws travel too (issue 30 §3): what one device derives reaches the others, and what both derive is
// one law. `laws/<scope>` holds a map `derived`, one entry per device: the laws that device derived itself and
// no one decided on (laws the person decided on travel as decisions, laws-bridge.ts). A device rewrites only
// its own entry, and only when its set changed, so a quiet round sends nothing. Laws it was given by sync are
// never in its entry, so they cannot bounce back.
//
// Another device's law is added here when this home holds no law with that key (the key is recomputed here from
// the statement, as for the decision records), through the laws' own write path, by inference via sync: it is
// never a person's decision. The person's decisions beat any derivation: a key whose standing decision is a
// rejection, or a removal made after that device derived it, is not added. A law added this way leaves when no
// device derives it any more (one History entry by inference, undoable); the person removing it here (History's
// undo of its addition) is the person's removal, sent as a decision record like any other.
import type * as Y from 'yjs';
import { z } from 'zod';
import type { DerivedLaw, DerivedLawPort, HeldLaw } from './laws-ports';
import { standingByKey, type LawRecord } from './laws-standing';
import { sendable, type KindReport, type ReconcileContext } from './sync-kind';

/** One device's entry: its own undecided laws, sorted by statement so an unchanged set compares equal. */
export interface DerivedEntry {
  laws: DerivedLaw[];
}

// What another device sent is untrusted: each law is checked on its own (a law this version cannot read is
// refused, the others still arrive), and bounds keep one entry from filling this home (a scope's inference
// yields tens of laws; a statement is a sentence).
const MAX_LAWS = 1000;
const MAX_STATEMENT = 4000;
const MAX_SUPPORT = 200;
const entryShape = z.object({ laws: z.array(z.unknown()).max(MAX_LAWS) });
const lawShape = z.object({
  statement: z.string().min(1).max(MAX_STATEMENT),
  confidence: z.number().min(0).max(1),
  support: z.array(z.string().max(200)).max(MAX_SUPPORT),
  // As an ISO time, so that it compares with decision times as text.
  derivedAt: z
    .string()
    .max(40)
    .refine((s) => Number.isFinite(Date.parse(s)), 'not a date')
    .transform((s) => new Date(s).toISOString()),
});
const UNREADABLE = 'Not a law this version of Monad can read (a malformed or over-long record); update Monad on this device if the other runs a newer one';
const cut = (text: string): string => (text.length > 200 ? `${text.slice(0, 199)}…` : text);

const MEMORY_KEY = 'derived';

export function derivedEntriesOf(doc: Y.Doc): Y.Map<unknown> {
  return doc.getMap<unknown>('derived');
}

/** Laws this device added from other devices' entries, by key: their row ids, to tell the person's removal. */
function readAdded(ctx: ReconcileContext): Map<string, number> {
  try {
    return new Map(Object.entries(JSON.parse(ctx.memory.get(MEMORY_KEY) ?? '{}') as Record<string, number>));
  } catch {
    return new Map(); // a damaged note: a removal by the person is then not told apart, the law may come back
  }
}

/** A fact's ref as it means the same on every device (its content hash); anything else is dropped, never stored. */
const FACT_REF = /^fact:[0-9a-f]{6,64}$/;
const asDerived = (l: DerivedLaw): DerivedLaw => ({ statement: l.statement, confidence: l.confidence, support: l.support.filter((r) => FACT_REF.test(r)), derivedAt: l.derivedAt });
const sameLaw = (a: DerivedLaw, b: DerivedLaw): boolean => a.statement === b.statement && a.confidence === b.confidence && a.derivedAt === b.derivedAt && a.support.join('\n') === b.support.join('\n');

/** A removal the person made no earlier than this derivation: it beats it (a rejection beats any). */
const beaten = (s: LawRecord | undefined, derivedAt: string): boolean => !!s && (s.status === 'rejected' || (s.status === 'removed' && s.removedBy !== 'derivation' && s.decidedAt >= derivedAt));

/**
 * Runs after the decision pass (laws-bridge.ts) on the same document, adding to its report: this device's entry
 * out, other devices' laws in, synced laws no device derives any more out.
 */
export function reconcileDerived(scope: string, doc: Y.Doc, records: Y.Map<LawRecord>, port: DerivedLawPort, ctx: ReconcileContext, report: KindReport): void {
  const entries = derivedEntriesOf(doc);
  const added = readAdded(ctx);
  // Read once: what this pass adds are laws some device derives and no decision beats, which the last step keeps.
  const held = port.held(scope);
  const heldKeys = new Map(held.map((h) => [h.key, h.id]));

  doc.transact(() => {
    // The person removed a law that came from another device's derivation: that is the person's decision, and
    // travels as one (a removal record), so no device's older derivation brings it back.
    const standing = standingByKey(records);
    for (const [key, id] of added) {
      if (heldKeys.get(key) === id) continue;
      added.delete(key);
      if (heldKeys.has(key)) continue; // held again under another row (derived here since, or a decision brought it)
      const gone = port.removal(id);
      const s = standing.get(key);
      // Removed by a synced decision (already a record), or taken out because no device derives it: not new.
      if (!gone || gone.by !== 'person' || (s?.status === 'removed' && s.decidedAt >= gone.at)) continue;
      const record: LawRecord = {
        key,
        statement: gone.statement,
        derivedStatement: null,
        confidence: 0,
        support: [],
        origin: 'inference',
        status: 'removed',
        rejectedReason: null,
        pinned: false,
        decidedAt: gone.at,
        device: ctx.device,
      };
      records.set(`law:${key}:${ctx.device}`, sendable(ctx, record));
      report.sent++;
    }

    // Outgoing: this device's own undecided laws, as they are sent (a stored secret redacted).
    const mine: DerivedEntry = sendable(ctx, { laws: held.filter((h) => h.own).map(asDerived).sort((a, b) => (a.statement < b.statement ? -1 : a.statement > b.statement ? 1 : 0)) });
    const before = entryShape.safeParse(entries.get(ctx.device));
    const was = before.success
      ? before.data.laws.flatMap((l) => {
          const r = lawShape.safeParse(l);
          return r.success ? [r.data] : [];
        })
      : [];
    const changed = mine.laws.filter((l) => !was.some((w) => sameLaw(w, l))).length + was.filter((w) => !mine.laws.some((l) => sameLaw(w, l))).length;
    // Nothing derived and no entry yet: nothing to write (a scope holding only decided laws stays quiet).
    if (changed || (!before.success && entries.has(ctx.device))) {
      entries.set(ctx.device, mine);
      report.sent += changed;
    }
  });

  // Incoming: every other device's laws, by the key they have here.
  const standing = standingByKey(records);
  const published = new Map<string, { law: DerivedLaw; device: string }>();
  const named = new Set<string>(); // keys some device derives, refused here or not
  let readable = true; // every entry read: only then can this device tell that no device derives a law
  for (const [device, value] of [...entries.entries()].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (device === ctx.device) continue;
    const entry = entryShape.safeParse(value);
    if (!entry.success) {
      readable = false;
      report.refused.push({ text: `laws derived on device ${device}`, reason: UNREADABLE });
      continue;
    }
    for (const item of entry.data.laws) {
      const raw = lawShape.safeParse(item);
      if (!raw.success) {
        // Its key is still known when its statement is text: only then can a law no device derives be told.
        const statement = (item as { statement?: unknown } | null)?.statement;
        if (typeof statement === 'string') named.add(port.admit(scope, statement).key);
        else readable = false;
        report.refused.push({ text: typeof statement === 'string' ? cut(statement) : `a law derived on device ${device}`, reason: UNREADABLE });
        continue;
      }
      // A law this home holds already is one to keep, not to write: no need to check it again every round.
      const as = port.keyOf(scope, raw.data.statement);
      if (heldKeys.has(as)) {
        named.add(as);
        continue;
      }
      const a = port.admit(scope, raw.data.statement);
      named.add(a.key);
      if ('reason' in a) {
        report.refused.push({ text: raw.data.statement, reason: a.reason });
        continue;
      }
      const law = { ...asDerived(raw.data), statement: a.text };
      const other = published.get(a.key);
      // The same law from two devices: the later derivation (then the device id, as entries are sorted).
      if (!other || law.derivedAt > other.law.derivedAt) published.set(a.key, { law, device });
    }
  }
  port.batch(() => writeHere(scope, port, ctx, { held, heldKeys, published, named, readable, standing, added }, report));
  ctx.memory.set(MEMORY_KEY, JSON.stringify(Object.fromEntries(added)));
}

interface Pass {
  held: HeldLaw[];
  heldKeys: Map<string, number>;
  published: Map<string, { law: DerivedLaw; device: string }>;
  named: Set<string>;
  readable: boolean;
  standing: Map<string, LawRecord>;
  added: Map<string, number>;
}

/** Other devices' laws in, and synced laws no device derives any more (or the person removed elsewhere) out. */
function writeHere(scope: string, port: DerivedLawPort, ctx: ReconcileContext, p: Pass, report: KindReport): void {
  const { held, heldKeys, published, named, readable, standing, added } = p;
  for (const [key, { law, device }] of published) {
    const s = standing.get(key);
    // A law the person decided on travels as decisions (laws-bridge.ts): this pass adds only undecided ones.
    if (heldKeys.has(key) || (s && s.status !== 'removed') || beaten(s, law.derivedAt)) continue;
    const r = port.add(scope, law, device);
    if (r.id !== null) {
      added.set(key, Number(r.id));
      report.received++;
    } else if (r.reason) report.refused.push({ text: law.statement, reason: r.reason });
  }

  for (const h of held) {
    if (h.decided || h.status !== 'active') continue;
    const s = standing.get(h.key);
    if (h.synced && readable && !named.has(h.key)) {
      // No device derives it any more (its own re-derivation dropped it there): it leaves here too.
      port.drop(h.id, 'inference', null);
      added.delete(h.key);
      report.forgotten++;
    } else if ((h.synced || h.own) && s?.status === 'removed' && s.device !== ctx.device && beaten(s, h.derivedAt)) {
      // The person removed this law on another device after it was derived here: it goes here too.
      port.drop(h.id, 'person', s.device);
      added.delete(h.key);
      report.forgotten++;
    }
  }
}
