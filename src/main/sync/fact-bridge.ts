// Between a fact scope's Markdown file (the truth on each device) and its synced version log (a Yjs map of
// FactVersion records, add-only). Outgoing: what changed in the file since the last sync becomes new
// versions — an edit one `edit` version of the same fact. Incoming: the facts the log says stand are written
// through the port — the same path as a local write or edit — and those it says were forgotten are
// forgotten. After a run the file and the log agree, so applying a synced write sends nothing back.
import * as Y from 'yjs';
import type { JournalActor } from '../../shared/journal';
import { conflictOf, versionsOf } from './conflicts';
import { byFact, headsOf, liveTextId, resolveFact, versionId, type FactVersion } from './fact-log';
import type { FactSyncPort, IncomingEdit, IncomingFact, SyncedFact } from './sync-ports';
import type { SyncKind } from './sync-kind';
import { sentFacts } from './fact-sent-view';
import { sendFactSources, takeFactSources } from './fact-sources';

export { versionsOf } from './conflicts';

export interface ScopeReport {
  scope: string;
  sent: number;
  received: number;
  forgotten: number;
  refused: { text: string; reason: string }[];
}

interface Standing {
  state: 'live' | 'forgotten';
  /** The version that stands (a forget for a forgotten fact). */
  version: FactVersion;
  /** The ids of the fact's heads: the parents of the next version this device writes. */
  heads: string[];
  /** The id of the text that stands, or for a forgotten fact the text its forget removed. */
  textId: string;
  /** Every text id the fact ever had (an incoming edit replaces whichever of them this home holds). */
  textIds: Set<string>;
  /** Every version of the fact (for History when devices disagreed). */
  versions: FactVersion[];
}

function standing(map: Y.Map<FactVersion>): Map<string, Standing> {
  const out = new Map<string, Standing>();
  for (const [factId, list] of byFact(map.values())) {
    const r = resolveFact(list);
    if (!r) continue;
    // Every head, a copy the rule leaves out included: this device's next version has seen them all.
    const heads = headsOf(list).map((v) => v.id);
    const textIds = new Set(list.map((v) => v.textId ?? liveTextId(v)).filter((t): t is string => !!t));
    textIds.add(factId);
    const live = liveTextId(r.current);
    out.set(factId, { state: live ? 'live' : 'forgotten', version: r.current, heads, textId: live ?? r.current.textId ?? factId, textIds, versions: list });
  }
  return out;
}

/** The facts that stand live, by the id of their text (two lines of versions may have reached one text). */
function liveByText(known: Map<string, Standing>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const [factId, s] of known) {
    if (s.state !== 'live') continue;
    const list = out.get(s.textId);
    if (list) list.push(factId);
    else out.set(s.textId, [factId]);
  }
  return out;
}

export interface ReconcileInput {
  scope: string;
  doc: Y.Doc;
  facts: FactSyncPort;
  /** Fact ids the file held at the end of the last sync of this scope (empty the first time). */
  lastSynced: ReadonlySet<string>;
  /**
   * The forgets that stood when this device last synced the scope (ReconcileResult.forgets). Undefined for a
   * device that synced before this was kept: every forget counts as seen, as it did then.
   */
  seenForgets?: ReadonlySet<string>;
  /** Conflicts (FactConflict.key) this home's History was already told about. */
  announced?: ReadonlySet<string>;
  /**
   * This device has never synced the scope: everything in the log was written without it, and what it holds
   * or forgot was held or forgotten before it saw any of that.
   */
  firstSync?: boolean;
  device: string;
  now: () => Date;
}

export interface ReconcileResult {
  report: ScopeReport;
  synced: Set<string>;
  /** The conflicts still open in the log that History has been told about (to pass as `announced` next time). */
  announced: Set<string>;
  /** The forget versions that stand now (to pass as `seenForgets` next time). */
  forgets: Set<string>;
}

export function reconcileScope(input: ReconcileInput): ReconcileResult {
  const { scope, doc, facts, lastSynced, device } = input;
  const map = versionsOf(doc);
  const report: ScopeReport = { scope, sent: 0, received: 0, forgotten: 0, refused: [] };
  const push = (change: Omit<FactVersion, 'id'>, undoOn?: string): void => {
    // A change this device made as an undo in History travels marked as one.
    const v: Omit<FactVersion, 'id'> = undoOn !== undefined && facts.undid?.(scope, undoOn) ? { ...change, undo: true } : change;
    const full = { ...v, id: versionId(v) };
    map.set(full.id, full);
    report.sent++;
  };

  // Outgoing, in one transaction (one update to the relay).
  const local = new Map(facts.facts(scope).map((f) => [f.id, f]));
  doc.transact(() => {
    const known = standing(map);
    const live = liveByText(known);
    const ever = new Set([...known.values()].flatMap((s) => [...s.textIds]));
    const now = input.now().toISOString();
    const edited = new Set<string>();
    for (const [id, f] of local) {
      if (live.has(id)) continue; // in the log already (recorded on another device too)
      // Synced before and changed in the log since (forgotten or edited elsewhere): applied below.
      if (lastSynced.has(id) && ever.has(id)) continue;
      // A fact kept without a source predates kept sources: it is the person's memory file.
      const actor: JournalActor = f.actor ?? 'person';
      // When the text was written, not when it is sent: the later *edit* wins, whichever device syncs first.
      const at = f.at ?? now;
      // An edit of a fact this device had synced: one edit of that fact, after what this device had seen of it.
      // An edit undone here gives the fact its old text back in place, with its old source: an edit too.
      const back = facts.editedBack?.(scope, id) ?? null;
      // Edits of edits made here since the last sync (or before the first) are one edit of where they started.
      const origin = editOrigin(f, local, (old) => lastSynced.has(old) || ever.has(old), (old) => facts.replacedHere?.(scope, old) ?? []);
      const from = (origin !== null && lastSynced.has(origin) ? origin : null) ?? (back !== null && lastSynced.has(back) && !local.has(back) ? back : null);
      const lines = from ? holders(from, known, live) : [];
      if (from && lines.length) {
        edited.add(from);
        for (const { factId, parents } of lines) push({ factId, parents, kind: 'edit', text: f.text, textId: id, actor, at, device }, id);
        continue;
      }
      // An edit made here before this device ever synced the old text: still one edit of that fact, so that a
      // device holding the old text gets one edit (not a forget and a record). After the versions that wrote
      // the old text where the log has it; else a line of its own named by the old text, with no parents
      // (concurrent with whatever another device did to that text: an edit beats a forget, the later edit wins).
      const before = !from && !ever.has(id) ? origin : null;
      if (before !== null) {
        const on = holders(before, known, live);
        for (const { factId, parents } of on.length ? on : [{ factId: before, parents: [] }]) push({ factId, parents, kind: 'edit', text: f.text, textId: id, actor, at, device }, id);
        continue;
      }
      // Held here from before this device first synced, while the log has since moved that text on (edited on
      // another device, or into another text): the same text that change superseded, not a new fact. The
      // incoming side below applies the change to it (one edit here); a text forgotten in the log is that
      // forget's business (below).
      if (input.firstSync && ever.has(id) && known.get(id)?.state !== 'forgotten') continue;
      // A fact the log never had, or one forgotten elsewhere that this device (re)recorded since. Its text once
      // belonged to a fact that now has another text: a new line of versions, so that this is no edit of it.
      const k = known.get(id);
      // Forgotten in the log by a forget this device had not seen: held here from before it arrived (the same
      // fact recorded on both devices before they first synced). It is that same write, made apart from the
      // forget: no parents, so the rule lets the forget stand. A forget seen before: recorded again since.
      const unseen = k?.state === 'forgotten' && input.seenForgets !== undefined && !input.seenForgets.has(k.version.id);
      const factId = k?.state === 'live' ? `${id}.${versionId({ factId: id, parents: k.heads, kind: 'record', text: f.text, actor, at, device }).slice(0, 8)}` : id;
      // Only a fact the log has (forgotten) can have come back by an undo: others are not asked about.
      push({ factId, parents: factId === id && !unseen ? (k?.heads ?? []) : [], kind: 'record', text: f.text, textId: id, actor, at, device }, k ? id : undefined);
      // What this text, new to the log, replaced here before this device ever synced it (an edit or a merge
      // made before the first sync): no forget was sent for it, yet another device may hold the same fact.
      // Forgotten now, once (this record is sent once), as of when the text replaced it. A text the log knew
      // (restored here by an undo, say) claims nothing about what it once replaced.
      const replacedUnsynced = ever.has(id) ? [] : (f.replaces ?? []).filter((old) => old !== id && !local.has(old) && !lastSynced.has(old));
      for (const old of replacedUnsynced) {
        if (live.has(old)) for (const h of holders(old, known, live)) push({ factId: h.factId, parents: h.parents, kind: 'forget', text: null, textId: old, actor, at, device });
        else if (!ever.has(old)) push({ factId: old, parents: [], kind: 'forget', text: null, textId: old, actor, at, device });
      }
    }
    // Forgotten here before this device first synced the scope: the others are told, so that another home's
    // copy of the same text does not bring it back. No parents: made apart from what the others did, so an
    // unedited copy is the same write it superseded (standingHeadsOf leaves it out) while an edit made apart
    // still beats it and History says so.
    if (input.firstSync) {
      for (const g of facts.forgottenHere?.(scope) ?? []) {
        if (local.has(g.id)) continue;
        // Lines where the text stands as recorded (copies of it); where another device edited a fact into
        // this text, that edit beats the forget, so nothing is sent against it.
        const lines = new Set((live.get(g.id) ?? []).filter((factId) => known.get(factId)!.version.kind === 'record'));
        if (known.get(g.id)?.state === 'live') lines.add(g.id);
        else if (!ever.has(g.id)) lines.add(g.id);
        for (const factId of lines) push({ factId, parents: [], kind: 'forget', text: null, textId: g.id, actor: g.actor, at: g.at, device });
      }
    }
    for (const id of lastSynced) {
      if (local.has(id) || edited.has(id)) continue;
      // Forgotten here. A consolidation that merged it into another fact is a derivation, not the person.
      const by = [...local.values()].find((f) => f.replaces?.includes(id))?.actor ?? 'person';
      for (const { factId, parents } of holders(id, known, live)) {
        if (known.get(factId)!.state === 'live') push({ factId, parents, kind: 'forget', text: null, textId: id, actor: by, at: now, device }, id);
      }
    }
    // The messages its facts were learned from, beside the versions (not counted as versions sent).
    sendFactSources(scope, doc, facts);
  });

  // Incoming: the file follows what stands in the merged log.
  const known = standing(map);
  const live = liveByText(known);
  const incoming: IncomingFact[] = [];
  const edits: IncomingEdit[] = [];
  const claimed = new Set<string>();
  for (const s of known.values()) {
    // Texts this fact had that this home still holds and no fact stands with any more: edited or forgotten
    // elsewhere, or this device's own concurrent change that lost.
    const stale = [...s.textIds].filter((t) => t !== s.textId && local.has(t) && !live.has(t) && !claimed.has(t));
    stale.forEach((t) => claimed.add(t));
    if (s.state === 'forgotten') {
      if (local.has(s.textId) && !live.has(s.textId) && !claimed.has(s.textId)) stale.push(s.textId), claimed.add(s.textId);
      for (const t of stale) {
        facts.forget(scope, t, s.version.device, s.version.undo === true);
        report.forgotten++;
      }
      continue;
    }
    const item = { text: s.version.text ?? '', actor: s.version.actor, device: s.version.device };
    const undo = s.version.undo === true;
    // Each stale text becomes the standing one through the edit path (History: one edit "on another device";
    // a second one merges into it as an edit to a text already known). None: a fact new to this home.
    for (const fromId of stale) edits.push({ ...item, fromId, ...(undo ? { undoOf: fromId } : {}) });
    if (!stale.length && !local.has(s.textId) && !claimed.has(s.textId)) incoming.push({ ...item, ...(undo ? { undoOf: s.textId } : {}) });
    claimed.add(s.textId);
  }
  const count = (items: readonly IncomingFact[], results: { id: string | null; reason: string | null }[]): void =>
    results.forEach((r, i) => {
      if (r.id) report.received++;
      else report.refused.push({ text: items[i].text, reason: r.reason ?? 'refused' });
    });
  if (edits.length) count(edits, facts.edit(scope, edits));
  if (incoming.length) count(incoming, facts.record(scope, incoming));

  // History hears once of each fact the devices changed apart (an open conflict keeps its key until a pick).
  const announced = new Set<string>();
  for (const s of known.values()) {
    const c = s.heads.length > 1 ? conflictOf(scope, s.versions) : null;
    if (!c) continue;
    if (!input.announced?.has(c.key)) facts.noteConflict(scope, c);
    announced.add(c.key);
  }
  const forgets = new Set([...known.values()].filter((s) => s.state === 'forgotten').map((s) => s.version.id));
  const synced = new Set(facts.facts(scope).map((f) => f.id));
  // What the facts held now were learned from on other devices (a fact just written here included).
  takeFactSources(scope, doc, facts, synced);
  return { report, synced, announced, forgets };
}

/**
 * Where the edit that gave this fact its text started: the text it replaced, or — when that text was itself an
 * edit made here that never travelled (edited twice between syncs, or before the first) — the text that chain
 * of edits started from. It stops at a text the log or the last sync knows (`known`), or at the first text of
 * the chain. Null when the fact is no single edit (a record, or a merge of several: a derivation's new fact,
 * whose forgets are sent), or when what it replaced is still held here.
 */
function editOrigin(f: SyncedFact, local: ReadonlyMap<string, SyncedFact>, known: (id: string) => boolean, replacedHere: (id: string) => readonly string[]): string | null {
  if (f.replaces?.length !== 1) return null;
  const seen = new Set([f.id]);
  for (let from = f.replaces[0]; ; ) {
    if (local.has(from) || seen.has(from)) return null;
    if (known(from)) return from;
    seen.add(from);
    const earlier = replacedHere(from);
    if (earlier.length !== 1 || local.has(earlier[0])) return from;
    from = earlier[0];
  }
}

/**
 * The facts whose text this device held as `textId` when it last synced, and the versions it had seen of each
 * (the parents of its change). Where the text still stands, that is the fact's heads. Where another device
 * changed it since (the document is brought up to date before this runs), it is the versions that wrote this
 * text: this device's change is then concurrent with the other's, and the rule decides between them.
 */
function holders(textId: string, known: ReadonlyMap<string, Standing>, live: ReadonlyMap<string, string[]>): { factId: string; parents: string[] }[] {
  const standingWith = live.get(textId);
  if (standingWith) return standingWith.map((factId) => ({ factId, parents: known.get(factId)!.heads }));
  const out: { factId: string; parents: string[] }[] = [];
  for (const [factId, s] of known) {
    const wrote = s.versions.filter((v) => liveTextId(v) === textId);
    if (!wrote.length) continue;
    const named = new Set(wrote.flatMap((v) => v.parents));
    out.push({ factId, parents: wrote.filter((v) => !named.has(v.id)).map((v) => v.id).sort() });
  }
  return out;
}

/** L1 facts as a sync kind: one document per scope, `facts/<scope>`. */
export function factsKind(port: FactSyncPort): SyncKind {
  return {
    kind: 'facts',
    localKeys: () => port.scopes(),
    reconcile(scope, doc, ctx) {
      // The home as it is sent: a stored secret quoted in a fact leaves redacted, and is compared so.
      const facts = sentFacts(port, ctx.outgoing);
      const lastSynced = new Set<string>(JSON.parse(ctx.memory.get('synced') ?? '[]') as string[]);
      const announced = new Set<string>(JSON.parse(ctx.memory.get('conflicts') ?? '[]') as string[]);
      // A device that synced before the forgets it saw were kept: as then, every forget counts as seen.
      const forgets = ctx.memory.get('forgets');
      const seenForgets = forgets ? new Set<string>(JSON.parse(forgets) as string[]) : ctx.memory.get('synced') ? undefined : new Set<string>();
      const firstSync = !ctx.memory.get('synced');
      const r = reconcileScope({ scope, doc, facts, lastSynced, seenForgets, announced, firstSync, device: ctx.device, now: ctx.now });
      ctx.memory.set('synced', JSON.stringify([...r.synced].sort()));
      ctx.memory.set('conflicts', JSON.stringify([...r.announced].sort()));
      ctx.memory.set('forgets', JSON.stringify([...r.forgets].sort()));
      const { report } = r;
      return { kind: 'facts', key: scope, sent: report.sent, received: report.received, forgotten: report.forgotten, refused: report.refused };
    },
  };
}
