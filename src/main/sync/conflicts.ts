// When devices changed one fact apart (issue 30 §3): what this device tells its History, the conflicts still
// open (two texts, "edited on both devices"), and the person's pick that ends one everywhere. The app's live
// sync and History's pick are built on `openConflicts` / `pickFactVersion` (or, with a document already
// open, `conflictsIn` / `pickInDoc`).
import { existsSync } from 'node:fs';
import * as Y from 'yjs';
import { MonadError } from '../../shared/errors';
import { DocStore } from './doc-store';
import { byFact, byPerson, compareHeads, headsOf, liveTextId, standingHeadsOf, versionId, type FactVersion } from './fact-log';
import type { SyncConflictNote } from './sync-ports';
import type { KindMemory, KindReport } from './sync-kind';

/** A fact two or more devices changed apart, as History shows it. */
export interface FactConflict extends SyncConflictNote {
  scope: string;
  /** The version that stands now (the first of `versions`). */
  standing: string;
  /** The heads' ids, sorted: the same conflict has the same key on every device. */
  key: string;
}

const quote = (text: string | null): string => (text === null ? 'forgotten' : `“${text.length > 80 ? `${text.slice(0, 79)}…` : text}”`);

/** The conflict among one fact's versions, if its heads disagree (null when one head, or all say the same). */
export function conflictOf(scope: string, versions: readonly FactVersion[]): FactConflict | null {
  const heads = standingHeadsOf(versions).sort(compareHeads);
  if (heads.length < 2) return null;
  const [current, ...others] = heads;
  const texts = new Set(heads.map(liveTextId).filter((t): t is string => t !== null));
  const forgets = heads.filter((h) => h.kind === 'forget');
  const live = heads.filter((h) => h.kind !== 'forget');
  let kind: SyncConflictNote['kind'];
  let summary: string;
  if (byPerson(current) && others.every((h) => !byPerson(h)) && (texts.size > 1 || forgets.length)) {
    kind = 'corrected';
    summary = `Kept your change ${quote(current.text)} (${current.device}) over ${others.map((h) => `${quote(h.text)} by ${h.actor} on ${h.device}`).join(', ')}: a correction beats a re-derivation`;
  } else if (texts.size > 1) {
    kind = 'edited';
    summary = `Edited on both devices: ${live.map((h) => `${quote(h.text)} (${h.device})`).join(' and ')}; kept ${quote(current.text)}, the later. Pick the other one in History to keep it instead`;
  } else if (forgets.length && current.kind !== 'forget') {
    kind = 'kept';
    summary = `Kept ${quote(current.text)}: edited on ${[...new Set(live.map((h) => h.device))].join(', ')} while forgotten on ${[...new Set(forgets.map((h) => h.device))].join(', ')}`;
  } else return null; // the same text, or forgotten, on every device: nothing to tell
  return {
    scope,
    factId: current.factId,
    keptId: liveTextId(current),
    kind,
    summary,
    standing: current.id,
    key: heads.map((h) => h.id).sort().join(','),
    versions: heads.map((h) => ({ versionId: h.id, kind: h.kind, text: h.text, actor: h.actor, device: h.device, at: h.at })),
  };
}

/** The versions map of a fact scope's document. */
export function versionsOf(doc: Y.Doc): Y.Map<FactVersion> {
  return doc.getMap<FactVersion>('versions');
}

/** Every fact of one scope's document whose devices disagree (all kinds; `edited` ones wait for a pick). */
export function conflictsIn(scope: string, doc: Y.Doc): FactConflict[] {
  const out: FactConflict[] = [];
  for (const list of byFact(versionsOf(doc).values())) {
    const c = conflictOf(scope, list[1]);
    if (c) out.push(c);
  }
  return out;
}

/**
 * Ends a conflict everywhere: a new version of the fact, by the person, whose parents are all its heads and
 * whose text is the picked version's. Throws NOT_FOUND for an unknown version, CONFLICT when the version is no
 * longer a head (another pick or a later edit ended the conflict first).
 */
export function pickInDoc(doc: Y.Doc, factId: string, pickedId: string, device: string, now: Date): FactVersion {
  const map = versionsOf(doc);
  const list = [...map.values()].filter((v) => v.factId === factId);
  const picked = list.find((v) => v.id === pickedId);
  if (!picked) throw new MonadError('NOT_FOUND', `No version ${pickedId} of fact ${factId} in this home's synced history. Sync this device, then look at the conflict again.`, { factId, versionId: pickedId });
  const heads = headsOf(list);
  if (!heads.some((h) => h.id === pickedId)) {
    throw new MonadError('CONFLICT', 'This conflict was already settled (a pick or a later edit on some device). Nothing was changed; look at the fact as it is now.', { factId, versionId: pickedId });
  }
  const base: Omit<FactVersion, 'id'> = {
    factId,
    parents: heads.map((h) => h.id).sort(),
    kind: picked.kind === 'forget' ? 'forget' : 'edit',
    text: picked.text,
    textId: picked.kind === 'forget' ? (picked.textId ?? factId) : (liveTextId(picked) ?? factId),
    actor: 'person',
    at: now.toISOString(),
    device,
  };
  const version: FactVersion = { ...base, id: versionId(base) };
  map.set(version.id, version);
  return version;
}

/** The engine side of History's pick (engine-sync-facts.ts builds it): the open conflicts of this home, and the pick that ends one everywhere. */
export interface FactConflicts {
  openConflicts(): FactConflict[];
  pickFactVersion(scope: string, factId: string, versionId: string): { version: FactVersion; report: KindReport };
}

/** The store keys a kind's memory of one document uses (the same as sync-client's). */
export function storeMemory(store: DocStore, local: string): KindMemory {
  return { get: (k) => store.get(`${local}:${k}`), set: (k, v) => store.set(`${local}:${k}`, v) };
}

/** The open "edited on both devices" conflicts of every fact scope this device has synced. */
export function openConflicts(storeFile: string): FactConflict[] {
  // A home that never synced has no store, and asking must not create one.
  if (!existsSync(storeFile)) return [];
  const store = new DocStore(storeFile);
  try {
    const out: FactConflict[] = [];
    for (const name of store.names()) {
      if (!name.startsWith('facts/')) continue;
      const doc = new Y.Doc();
      Y.applyUpdate(doc, store.load(name)!);
      out.push(...conflictsIn(name.slice('facts/'.length), doc).filter((c) => c.kind === 'edited'));
    }
    return out;
  } finally {
    store.close();
  }
}

export interface PickInput {
  storeFile: string;
  scope: string;
  factId: string;
  versionId: string;
  /** Reconciles the scope's document with this home (fact-bridge's factsKind): the pick is written here at once. */
  reconcile: (scope: string, doc: Y.Doc, memory: KindMemory, device: string, now: () => Date) => KindReport;
  now?: () => Date;
}

/**
 * The person's pick, from the stored documents: the new version is written into the scope's document, this
 * home's file follows at once, and the next sync sends it (ending the conflict on every device).
 */
export function pickFactVersion(p: PickInput): { version: FactVersion; report: KindReport } {
  const store = new DocStore(p.storeFile);
  try {
    const local = `facts/${p.scope}`;
    const state = store.load(local);
    const device = store.get('device');
    if (!state || !device) throw new MonadError('NOT_FOUND', `This device has no synced history for ${p.scope}. Sync it first, then pick.`, { scope: p.scope });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    const now = p.now ?? (() => new Date());
    const version = pickInDoc(doc, p.factId, p.versionId, device, now());
    const report = p.reconcile(p.scope, doc, storeMemory(store, local), device, now);
    store.save(local, Y.encodeStateAsUpdate(doc));
    return { version, report };
  } finally {
    store.close();
  }
}
