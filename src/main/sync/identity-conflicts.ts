// When an identity file (USER.md, an agent's SOUL.md or AGENTS.md) was saved on two devices apart with
// different texts (issue 30 §3): both versions stay heads of the file's document, the later stands meanwhile
// (identity-bridge.ts), and History lists it as "edited on both devices" until the person keeps one. The
// pick is a new version whose parents are every head, so each device ends the conflict once it syncs, as a
// fact's pick does (conflicts.ts).
import { existsSync } from 'node:fs';
import * as Y from 'yjs';
import type { IdentityConflictView } from '../../shared/contract-sync';
import { MonadError } from '../../shared/errors';
import { storeMemory } from './conflicts';
import { DocStore } from './doc-store';
import { identityVersionId, identityVersionsOf, isIdentityVersion, JOINING_AT, resolveIdentity, type IdentityVersion } from './identity-bridge';
import type { KindMemory, KindReport } from './sync-kind';

const KIND = 'identity';

/** A file's lines, its final newline ending the last one rather than starting another. */
export const lineCount = (text: string): number => text.replace(/\n$/, '').split('\n').length;

const lines = (text: string | null): string => (text === null ? 'removed' : `${lineCount(text)} line${lineCount(text) === 1 ? '' : 's'}`);

/**
 * The open conflict of one identity file's document, or null. A device's own version from when it joined the
 * home (dated JOINING_AT: the home's text stood, by design) is no edit made apart and is not offered.
 */
export function identityConflictIn(file: string, doc: Y.Doc): IdentityConflictView | null {
  const r = resolveIdentity([...identityVersionsOf(doc).values()].filter(isIdentityVersion));
  if (!r) return null;
  const heads = r.heads.filter((h) => h.at !== JOINING_AT);
  if (heads.length < 2 || new Set(heads.map((h) => h.text)).size < 2) return null;
  return {
    kind: 'identity',
    file,
    summary: `${file} was edited on both devices: ${heads.map((h) => `${lines(h.text)} on ${h.device}`).join(' and ')}; the later (${heads[0].device}) stands until you keep one`,
    versions: heads.map((h) => ({ versionId: h.id, text: h.text, device: h.device, at: h.at, actor: 'person' })),
  };
}

/**
 * Ends the file's conflict everywhere: a new version with the picked text whose parents are all the heads.
 * NOT_FOUND for a version the document does not hold; CONFLICT when it is no longer a head (a pick or a
 * later save on some device ended the conflict first).
 */
export function pickIdentityInDoc(doc: Y.Doc, file: string, pickedId: string, device: string, now: Date): IdentityVersion {
  const map = identityVersionsOf(doc);
  const r = resolveIdentity([...map.values()].filter(isIdentityVersion));
  const picked = map.get(pickedId);
  if (!r || !picked || !isIdentityVersion(picked)) {
    throw new MonadError('NOT_FOUND', `No version ${pickedId} of ${file} in this home's synced history. Sync this device, then look at the conflict again.`, { file, versionId: pickedId });
  }
  if (!r.heads.some((h) => h.id === pickedId)) {
    throw new MonadError('CONFLICT', `The conflict in ${file} was already settled (a pick or a later save on some device). Nothing was changed; open the file to see it as it is now.`, { file, versionId: pickedId });
  }
  const base = { parents: r.heads.map((h) => h.id).sort(), text: picked.text, at: now.toISOString(), device };
  const version: IdentityVersion = { ...base, id: identityVersionId(base) };
  doc.transact(() => map.set(version.id, version));
  return version;
}

/** The open identity-file conflicts in this device's stored documents (a home that never synced: none). */
export function openIdentityConflicts(storeFile: string): IdentityConflictView[] {
  if (!existsSync(storeFile)) return [];
  const store = new DocStore(storeFile);
  try {
    const out: IdentityConflictView[] = [];
    for (const name of store.names()) {
      if (!name.startsWith(`${KIND}/`)) continue;
      const doc = new Y.Doc();
      Y.applyUpdate(doc, store.load(name)!);
      const c = identityConflictIn(name.slice(KIND.length + 1), doc);
      if (c) out.push(c);
    }
    return out;
  } finally {
    store.close();
  }
}

export interface IdentityPickInput {
  storeFile: string;
  file: string;
  versionId: string;
  /** The identity kind's reconcile (identity-bridge's identityKind), so the file here follows at once. */
  reconcile: (file: string, doc: Y.Doc, memory: KindMemory, device: string, now: () => Date) => KindReport;
  now?: () => Date;
}

/** The person's pick from the stored documents: written into the file's document and this home's file; the next sync sends it. */
export function pickIdentityVersion(p: IdentityPickInput): { version: IdentityVersion; report: KindReport } {
  const store = new DocStore(p.storeFile);
  try {
    const local = `${KIND}/${p.file}`;
    const state = store.load(local);
    const device = store.get('device');
    if (!state || !device) throw new MonadError('NOT_FOUND', `This device has no synced history for ${p.file}. Sync it first, then pick.`, { file: p.file });
    const doc = new Y.Doc();
    Y.applyUpdate(doc, state);
    const now = p.now ?? (() => new Date());
    const version = pickIdentityInDoc(doc, p.file, p.versionId, device, now());
    const report = p.reconcile(p.file, doc, storeMemory(store, local), device, now);
    store.save(local, Y.encodeStateAsUpdate(doc));
    return { version, report };
  } finally {
    store.close();
  }
}

/** The engine side of History's pick for identity files (engine-sync-identity.ts builds it). */
export interface IdentityConflicts {
  openConflicts(): IdentityConflictView[];
  pickIdentityVersion(file: string, versionId: string): { version: IdentityVersion; report: KindReport };
}
