// Identity files as a sync kind (issue 30 §2): one document per file, `identity/<key>`, holding its
// versions as add-only records (like a fact's, fact-log.ts). Each version names the version its device last
// agreed on as its parent; versions no other names are heads, made by devices that had not seen each
// other. The later head stands (then the greater device id, so every device picks the same); the other
// stays in the document, retrievable, and the device that wrote it takes the winner like any other
// incoming text. The file on each device stays the truth: what stands is written through the port.
import { createHash } from 'node:crypto';
import type * as Y from 'yjs';
import { z } from 'zod';
import type { IdentityKey, IdentitySyncPort } from './identity-ports';
import { emptyReport, sendable, type KindReport, type ReconcileContext, type SyncKind } from './sync-kind';

export interface IdentityVersion {
  /** A hash of everything below: the same save arriving twice is one record. */
  id: string;
  parents: string[];
  /** The file's text; null: the file was removed. */
  text: string | null;
  at: string;
  device: string;
}

export function identityVersionId(v: Omit<IdentityVersion, 'id'>): string {
  return createHash('sha256')
    .update(JSON.stringify([[...v.parents].sort(), v.text, v.at, v.device]))
    .digest('hex')
    .slice(0, 24);
}

/** A version whose text is a string or null (the rest of its shape is checked by resolveIdentity). */
export const isIdentityVersion = (v: IdentityVersion): boolean => typeof v?.text === 'string' || v?.text === null;

export function identityVersionsOf(doc: Y.Doc): Y.Map<IdentityVersion> {
  return doc.getMap<IdentityVersion>('versions');
}

/**
 * The date given to a joining device's own version of an item the home already has (identity files,
 * agents): older than any edit, so the home's stands and the device's stays in the document.
 */
export const JOINING_AT = new Date(0).toISOString();

/** What the later-edit-wins rule reads of a version (identity files' and agents' alike). */
export interface Dated {
  id: string;
  parents: string[];
  at: string;
  device: string;
}

const datedShape = z.object({ id: z.string().max(64), parents: z.array(z.string().max(64)).max(64), at: z.string().max(40), device: z.string().max(200) }).passthrough();

/**
 * The version that stands and every head (more than one: edited on several devices while apart). A record
 * of another shape (a newer Monad's, a damaged one) is skipped: it can neither stop a sync nor stand.
 */
export function resolveIdentity<V extends Dated>(input: readonly V[]): { current: V; heads: V[] } | null {
  const versions = input.filter((v) => datedShape.safeParse(v).success);
  const named = new Set(versions.flatMap((v) => v.parents));
  const heads = versions.filter((v) => !named.has(v.id)).sort((x, y) => y.at.localeCompare(x.at) || y.device.localeCompare(x.device));
  return heads.length ? { current: heads[0], heads } : null;
}

/** What this device and the document agreed on at the end of the last sync of a file. */
interface Agreed {
  version: string | null;
  text: string | null;
  /**
   * Every head then (absent in a format-1 memory): the parents of this device's next save, which was made
   * after it had seen them all — so a save after an "edited on both devices" ends that conflict, as a pick does.
   */
  heads?: string[];
}

export function reconcileIdentity(key: IdentityKey, doc: Y.Doc, port: IdentitySyncPort, ctx: ReconcileContext): KindReport {
  const report = emptyReport('identity', key);
  const map = identityVersionsOf(doc);
  const raw = ctx.memory.get('agreed');
  const agreed: Agreed = raw ? (JSON.parse(raw) as Agreed) : { version: null, text: null };
  let local: string | null;
  try {
    local = port.read(key);
  } catch (err) {
    // Unreadable here (too large, not text): left as it is, neither sent nor overwritten, and said.
    report.refused.push({ text: key, reason: err instanceof Error ? err.message : String(err) });
    return report;
  }
  const before = resolveIdentity([...map.values()].filter(isIdentityVersion));
  // The file as it travels (stored-secret values redacted): what this home's text is compared with in the
  // document, where this device's own versions are held in that form. The file here keeps its own text.
  const sent = local === null ? null : sendable(ctx, local);

  // Outgoing: saved here since the last sync (or never synced and not what the document already says).
  const changedHere = raw ? local !== agreed.text : local !== null && sent !== (before?.current.text ?? null);
  if (changedHere) {
    // "The later edit wins" means the edit's time, not the sync's: a file edited in the morning and synced
    // at night loses to one edited at noon on another device. A removal has no file left to date: now.
    // A device's first sync of a file the home already has: the home's text stands (a device that joins
    // takes the home as it is; a file made when it was set up is newer than the person's edit on the
    // other device, and would otherwise replace it). Its own text stays in the document, dated as older.
    const at = !raw && before ? JOINING_AT : ((local !== null ? port.editedAt(key) : null) ?? ctx.now().toISOString());
    const v = { parents: agreed.heads ?? (agreed.version ? [agreed.version] : []), text: sent, at, device: ctx.device };
    const full = { ...v, id: identityVersionId(v) };
    doc.transact(() => map.set(full.id, full));
    report.sent++;
  }

  // Incoming: the file follows the version that stands.
  const now = resolveIdentity([...map.values()].filter(isIdentityVersion));
  if (!now) return report;
  let text = local;
  if (now.current.text !== sent) {
    const refused = port.write(key, now.current.text, now.current.device);
    if (refused) report.refused.push({ text: (now.current.text ?? '').slice(0, 120), reason: refused });
    else {
      text = now.current.text;
      if (text === null) report.forgotten++;
      else report.received++;
    }
  }
  // Agreed: the version that stands, and the text this home holds (the same unless it was refused here, in
  // which case the refused text is not sent back as this device's and is tried again at the next sync).
  ctx.memory.set('agreed', JSON.stringify({ version: now.current.id, text, heads: now.heads.map((h) => h.id).sort() } satisfies Agreed));
  return report;
}

/** Identity files as a sync kind: `identity/USER.md`, `identity/agents/<id>/SOUL.md`, … */
export function identityKind(port: IdentitySyncPort): SyncKind {
  return {
    kind: 'identity',
    localKeys: () => port.keys(),
    reconcile: (key, doc, ctx) => reconcileIdentity(key, doc, port, ctx),
  };
}
