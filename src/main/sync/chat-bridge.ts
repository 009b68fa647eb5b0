// Between a chat in this home (app.sqlite, through ChatSyncPort) and its synced records (chat-log.ts).
// Outgoing: what changed here since the last sync becomes new records, in one transaction. Incoming: what
// the merged records say stands is written here through the port — the same checks as an import. After a
// run the chat and the document agree, so what was just written from another device is never sent back.
import * as Y from 'yjs';
import { createHash } from 'node:crypto';
import { recordId, stableJson, standingOf, type ChatRecord } from './chat-log';
import type { ChatMessage, ChatPlace, ChatSyncPort, LocalChat } from './chat-ports';
import { ChatMarks } from './chat-marks';
import { emptyReport, sendable, type KindMemory, type KindReport, type ReconcileContext, type SyncKind } from './sync-kind';

export function chatRecordsOf(doc: Y.Doc): Y.Map<ChatRecord> {
  return doc.getMap<ChatRecord>('records');
}

/** What this device and the document agreed on at the end of the last sync of a chat. */
interface Agreed {
  /** The chat was here (so its absence now means the person deleted it here). */
  had: boolean;
  /** stableJson of the chat's state. */
  state: string | null;
  /** Each message's set-aside number. */
  inactive: Record<string, number>;
}

const NOTHING_AGREED: Agreed = { had: false, state: null, inactive: {} };

function agreedOf(memory: KindMemory): Agreed {
  const raw = memory.get('agreed');
  return raw ? { ...NOTHING_AGREED, ...(JSON.parse(raw) as Partial<Agreed>) } : NOTHING_AGREED;
}

function agreement(local: LocalChat | null): Agreed {
  if (!local) return NOTHING_AGREED;
  return { had: true, state: stableJson(local.state), inactive: Object.fromEntries(local.messages.map((m) => [m.id, m.inactive])) };
}

/**
 * Where this device left a chat: its digest here and the document's state vector. When neither moved, the
 * chat and the document still agree and the chat is not read at all (a `sync now` with nothing to do reads
 * one row per chat, not every message).
 */
function restingPoint(sessionId: string, doc: Y.Doc, port: ChatSyncPort): string {
  return createHash('sha256').update(port.digest(sessionId)).update(Y.encodeStateVector(doc)).digest('hex');
}

export function reconcileChat(sessionId: string, doc: Y.Doc, port: ChatSyncPort, ctx: ReconcileContext): KindReport {
  const report = emptyReport('chat', sessionId);
  if (ctx.memory.get('rest') === restingPoint(sessionId, doc, port)) return report;
  reconcileChanged(sessionId, doc, port, ctx, report);
  ctx.memory.set('rest', restingPoint(sessionId, doc, port));
  return report;
}

function reconcileChanged(sessionId: string, doc: Y.Doc, port: ChatSyncPort, ctx: ReconcileContext, report: KindReport): KindReport {
  const map = chatRecordsOf(doc);
  const agreed = agreedOf(ctx.memory);
  const local = port.read(sessionId);
  const at = ctx.now().toISOString();
  const marks = new ChatMarks(ctx.memory, ctx.device, local?.messages.map((m) => m.inactive) ?? []);
  // Every record leaves through the outgoing filter (a stored key pasted into a message, a title or the
  // chat's instructions travels redacted). A message keeps its id, so the redacted copy is still this
  // message: it is never sent again, and this device keeps its own text.
  const push = (r: ChatRecord): void => {
    const sent = sendable(ctx, r);
    const id = recordId(sent);
    if (map.has(id)) return;
    map.set(id, sent);
    report.sent++;
  };

  // Outgoing, in one transaction (one update to the relay).
  doc.transact(() => {
    const known = standingOf(map.values());
    if (known.deleted) return;
    if (!local) {
      // Deleted here since the last sync: deleted everywhere.
      if (agreed.had && known.state) push({ type: 'deleted', at, device: ctx.device });
      return;
    }
    const state = stableJson(local.state);
    // Changed here since the last sync (or never synced from here while the document has no state yet);
    // compared as it would be sent, since the document holds the redacted state this device sent.
    if (stableJson(sendable(ctx, local.state)) !== (known.state ? stableJson(known.state) : null) && (state !== agreed.state || !known.state)) {
      push({ type: 'state', state: local.state, at, device: ctx.device });
    }
    const inDoc = new Set(known.messages.map((m) => m.id));
    const fresh = local.messages.filter((m) => !inDoc.has(m.id));
    const receipts = fresh.some((m) => m.role === 'assistant') ? port.receipts(fresh.filter((m) => m.role === 'assistant').map((m) => m.id)) : new Map<string, unknown>();
    for (const m of local.messages) {
      // Its place travels with it (seq is the place's tie), so every device puts it where it stands here.
      if (!inDoc.has(m.id)) push({ type: 'message', message: { ...asSent(m), ...(receipts.has(m.id) ? { receipt: receipts.get(m.id) } : {}) }, seq: m.place.tie, sortAt: m.place.at });
      // A message sent from here is on the path shown unless a branch record says otherwise.
      const group = marks.groupOf(m.inactive);
      if (group !== (known.groups.get(m.id) ?? null) && agreed.inactive[m.id] !== m.inactive) {
        push({ type: 'branch', messageId: m.id, group, at, device: ctx.device });
      }
    }
    for (const id of local.deleted) if (inDoc.has(id) && !known.hidden.has(id)) push({ type: 'hidden', messageId: id, at, device: ctx.device });
  });

  // Incoming: this home follows what stands in the merged records.
  const s = standingOf(map.values());
  if (s.deleted) {
    if (local) {
      port.delete(sessionId);
      report.forgotten++;
    }
    ctx.memory.set('agreed', JSON.stringify(NOTHING_AGREED));
    return report;
  }
  if (!s.state || (!local && agreed.had)) {
    // No state yet (an empty document), or deleted here with the deletion just sent.
    ctx.memory.set('agreed', JSON.stringify(agreement(port.read(sessionId))));
    return report;
  }
  // The state this device sent, read back redacted, is not a change: this home keeps its own text.
  if (!local || stableJson(sendable(ctx, local.state)) !== stableJson(s.state)) {
    const refused = port.writeState(sessionId, s.state, ctx.device);
    report.refused.push(...refused);
    if (!local) report.received++;
  }
  const here = new Set([...(local?.messages.map((m) => m.id) ?? []), ...(local?.deleted ?? [])]);
  const markOf = (id: string): number => marks.markOf(s.groups.get(id) ?? null);
  const placeIn = (id: string): ChatPlace => s.places.get(id) ?? { at: '', tie: 0 };
  const incoming = s.messages.filter((m) => !here.has(m.id) && !s.hidden.has(m.id)).map((m) => ({ ...m, inactive: markOf(m.id), place: placeIn(m.id) }));
  if (incoming.length) {
    for (const r of port.addMessages(sessionId, incoming)) {
      if (r.written) report.received++;
      report.refused.push(...r.refused);
    }
  }
  // Messages here take the places the records give them (one order on every device, whatever order they
  // arrived in); a message not in the document yet keeps its own, which it was just sent with.
  const misplaced = (local?.messages ?? []).filter((m) => s.places.has(m.id) && !samePlace(m.place, placeIn(m.id))).map((m) => ({ id: m.id, ...placeIn(m.id) }));
  if (misplaced.length) port.setPlaces(sessionId, misplaced);
  const moved = (local?.messages ?? []).filter((m) => m.inactive !== markOf(m.id)).map((m) => ({ id: m.id, inactive: markOf(m.id) }));
  if (moved.length) port.setInactive(sessionId, moved);
  const toHide = (local?.messages ?? []).filter((m) => s.hidden.has(m.id)).map((m) => m.id);
  if (toHide.length) {
    port.hide(sessionId, toHide);
    report.forgotten += toHide.length;
  }
  marks.save();
  ctx.memory.set('agreed', JSON.stringify(agreement(port.read(sessionId))));
  return report;
}

/** A message as it travels: without this device's set-aside number; its place travels beside it. */
function asSent(m: ChatMessage & { inactive: number; place: ChatPlace }): ChatMessage {
  const { inactive: _inactive, place: _place, ...rest } = m;
  return rest;
}

const samePlace = (a: ChatPlace, b: ChatPlace): boolean => a.at === b.at && a.tie === b.tie;

/** Chats as a sync kind: one document per chat, `chat/<sessionId>` (the session's id, the same everywhere). */
export function chatsKind(port: ChatSyncPort): SyncKind {
  return {
    kind: 'chat',
    localKeys: () => port.sessionIds(),
    reconcile: (sessionId, doc, ctx) => reconcileChat(sessionId, doc, port, ctx),
  };
}
