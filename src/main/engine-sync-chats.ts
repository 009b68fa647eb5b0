// The chats kind's port onto this home (issue 30 §2), built in the composition root's room so that the
// sync room depends only on ChatSyncPort. Chats from another device are written as an import writes chats
// (transfer/import.ts), with the import's validation: the archive's schemas, the same cleaner (titles
// through the fact sanitizer, message texts with secrets redacted and invisible characters stripped,
// oversize messages refused) and the same re-hash and re-judging of attached files (chatBlobPort).
// Messages are appended through the message store, as a local turn appends them, so search indexes them as
// it does any message; a reply's receipt is kept as an import keeps one (journal ids dropped, marked imported).
import { z } from 'zod';
import { chatSettingsSchema } from '../shared/chat-settings';
import { idSchema } from '../shared/config';
import { attachmentName, MAX_MESSAGE_ATTACHMENTS } from '../shared/attachments';
import { MonadError } from '../shared/errors';
import type { Engine } from './engine';
import { archiveMessageSchema } from './transfer/formats';
import { dateSchema, projectKeySchema, sessionIdSchema } from './transfer/formats-fields';
import { ImportCleaner, printable } from './transfer/import-clean';
import { emptyReport } from './transfer/import';
import { importedReceipt } from './transfer/import-chats';
import { replyMemoryOf } from '../shared/receipt';
import { MAX_MESSAGE_CHARS } from './transfer/limits';
import { archiveAttachmentSchema } from './attachments/attachment-archive';
import type { ChatBlobPort, ChatSyncPort, LocalChat, Refusal } from './sync/chat-ports';
import { statement } from './db/statements';

/** A chat's title when the one from the other device was refused here (the sanitizer says why, in the report). */
const FALLBACK_TITLE = 'Synced chat';

const stateSchema = z.object({
  agentId: idSchema,
  title: z.string().max(1000),
  titleSource: z.enum(['first-line', 'generated', 'person', 'kept']).nullable(),
  projectKey: projectKeySchema.nullable(),
  incognito: z.boolean(),
  createdAt: dateSchema,
  chatModel: z.object({ provider: idSchema, model: z.string().min(1).max(200) }).nullable(),
  settings: z.record(z.string(), z.unknown()),
});

const filesSchema = z.array(z.object({ name: attachmentName, sha256: z.string().regex(/^[0-9a-f]{64}$/) })).max(MAX_MESSAGE_ATTACHMENTS);

/** Whether memory here was learned from any of these messages (a JSON array of ids, given twice). */
const LEARNED_FROM_ANY = `SELECT 1 FROM fact_origin WHERE message_id IN (SELECT value FROM json_each(?))
  UNION ALL SELECT 1 FROM graph_edge_support WHERE message_id IN (SELECT value FROM json_each(?)) LIMIT 1`;

export function chatSyncPort(engine: Engine): ChatSyncPort {
  const db = engine.appDb;
  // A fresh cleaner per write: the import's, with this home's stored secrets (a key pasted on one device
  // and stored on this one is redacted here too), as the engine's egress filter holds them compiled: a first
  // sync of thousands of chats compiles them once, not once a chat.
  const cleanerFor = (): { cleaner: ImportCleaner; report: ReturnType<typeof emptyReport> } => {
    const report = emptyReport();
    return { cleaner: new ImportCleaner(report, engine.egress.known()), report };
  };
  const refusalsOf = (report: ReturnType<typeof emptyReport>): Refusal[] => report.refused.map((r) => ({ text: r.excerpt, reason: `${r.what}: ${r.reason}` }));
  const hasFile = (sha256: string): boolean => db.prepare(`SELECT 1 FROM attachments WHERE id = ?`).get(sha256) !== undefined;
  /** A message's files: linked when this home holds their bytes (the blob kind brought and checked them). */
  const linkable = (files: readonly { name: string; sha256: string }[], where: string): { kept: { id: string; name: string }[]; refused: Refusal[] } => {
    const kept = files.filter((f) => hasFile(f.sha256)).map((f) => ({ id: f.sha256, name: f.name }));
    const refused = files
      .filter((f) => !hasFile(f.sha256))
      .map((f) => ({ text: printable(f.name), reason: `${where}: the file ${printable(f.name)} did not arrive here (refused, or not synced yet); the message is kept without it` }));
    return { kept, refused };
  };
  const exists = (id: string): boolean => db.prepare(`SELECT 1 FROM sessions WHERE id = ?`).get(id) !== undefined;

  const read = (sessionId: string): LocalChat | null => {
    if (!exists(sessionId)) return null;
    const s = engine.sessions.get(sessionId);
    const marks = new Map(
      (db.prepare(`SELECT id, edit_root, inactive FROM messages WHERE session_id = ? AND deleted_at IS NULL`).all(sessionId) as { id: string; edit_root: string | null; inactive: number }[]).map((r) => [r.id, r]),
    );
    const inOrder = engine.messages.inOrder(sessionId);
    const listed = inOrder.map(({ message }) => message);
    const places = new Map(inOrder.map(({ message, order }) => [message.id, order]));
    // since() leaves files out: the user messages' files, in one query.
    const refs = engine.attachments.files(listed.filter((m) => m.role === 'user').map((m) => m.id));
    const live = new Set(listed.map((m) => m.id));
    const messages = listed.map((m) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      toolCalls: m.toolCalls,
      toolCallId: m.toolCallId,
      usage: m.usage,
      error: m.error,
      createdAt: m.createdAt,
      origin: m.role === 'user' ? m.origin : null,
      editRoot: marks.get(m.id)?.edit_root ?? null,
      writtenBy: m.role === 'assistant' ? (m.writtenBy ?? null) : null,
      files: (refs.get(m.id) ?? []).map((f) => ({ name: f.name, sha256: f.id })),
      inactive: marks.get(m.id)?.inactive ?? 0,
      place: places.get(m.id) ?? { at: '', tie: 0 },
    }));
    return {
      state: {
        agentId: s.agentId,
        title: s.title,
        titleSource: engine.sessions.titleSource(sessionId),
        projectKey: s.projectKey,
        incognito: s.incognito,
        createdAt: s.createdAt,
        chatModel: s.chatModel ?? null,
        settings: { ...s.settings },
      },
      messages,
      deleted: engine.messages.idsOf(sessionId).filter((id) => !live.has(id)),
    };
  };

  const digestOf = db.prepare(
    `SELECT (SELECT json_array(agent_id, title, title_source, project_key, incognito, created_at, chat_model, settings) FROM sessions WHERE id = ?)
       || (SELECT count(*) || ':' || coalesce(group_concat(id || '/' || inactive || '/' || (deleted_at IS NOT NULL) || '/' || sort_at || '/' || sort_tie, ','), '') FROM (SELECT id, inactive, deleted_at, sort_at, sort_tie FROM messages WHERE session_id = ? ORDER BY seq))`,
  ).pluck();
  return {
    // Ids only, in the list's order: sessions.list() also counts every chat's turns (a pass over all messages),
    // and the live sync asks for the ids at every chat event (each chat a first sync writes is one).
    sessionIds: () => db.prepare(`SELECT id FROM sessions ORDER BY updated_at DESC, rowid DESC`).pluck().all() as string[],
    digest: (sessionId) => String(digestOf.get(sessionId, sessionId) ?? 'none'),
    read,

    receipts(messageIds) {
      const out = new Map<string, unknown>();
      for (const id of messageIds) {
        const r = engine.messages.receiptOf(id).receipt;
        if (r) out.set(id, r);
      }
      return out;
    },

    writeState(sessionId, raw, device) {
      const { cleaner, report } = cleanerFor();
      const where = `chat ${printable(sessionId, 40)} from device ${printable(device, 40)}`;
      const id = sessionIdSchema.safeParse(sessionId);
      const parsed = stateSchema.safeParse(raw);
      if (!id.success || !parsed.success) return [{ text: printable(String(raw?.title ?? sessionId)), reason: `${where}: not a chat this Monad can read; left out` }];
      const s = parsed.data;
      const title = cleaner.memoryText(s.title.replace(/\s+/g, ' '), 'chat title', where)?.slice(0, 200) ?? FALLBACK_TITLE;
      // Instructions travel (chat-ports.ts says why), cleaned like a message; numbers kept when in range.
      const settings = chatSettingsSchema.safeParse(cleaner.messageValue(s.settings));
      if (!settings.success) report.warnings.push(`${where}: its settings are not ones this Monad takes; the agent's apply`);
      // A chat model is kept only when this home has that provider (as an import does): otherwise the agent's answers.
      const known = new Set(engine.config.get().models.providers.map((p) => p.id));
      const chatModel = s.chatModel && known.has(s.chatModel.provider) ? JSON.stringify(s.chatModel) : null;
      const settingsJson = settings.success && Object.keys(settings.data).length ? JSON.stringify(settings.data) : null;
      const before = exists(sessionId) ? engine.sessions.get(sessionId).agentId : null;
      db.transaction(() => {
        // As an import adds a chat: no workspace (a folder on another machine), no recall block (rebuilt).
        db.prepare(
          `INSERT OR IGNORE INTO sessions (id, agent_id, title, workspace, project_key, incognito, created_at, updated_at) VALUES (?, ?, ?, NULL, ?, ?, ?, ?)`,
        ).run(sessionId, s.agentId, title, s.projectKey, s.incognito ? 1 : 0, s.createdAt, s.createdAt);
        db.prepare(`UPDATE sessions SET agent_id = ?, title = ?, title_source = ?, project_key = ?, incognito = ?, chat_model = ?, settings = ? WHERE id = ?`).run(
          s.agentId,
          title,
          s.titleSource,
          s.projectKey,
          s.incognito ? 1 : 0,
          chatModel,
          settingsJson,
          sessionId,
        );
      })();
      for (const agentId of new Set([before, s.agentId])) if (agentId) engine.events.emit('sessions.changed', { agentId });
      return [...refusalsOf(report), ...report.warnings.map((w) => ({ text: '', reason: w }))];
    },

    addMessages(sessionId, messages) {
      const { cleaner, report } = cleanerFor();
      const owner = db.prepare(`SELECT session_id FROM messages WHERE id = ?`).pluck();
      // Compiled once per chat, not per message (a first sync writes thousands).
      const touch = db.prepare(`UPDATE sessions SET updated_at = max(updated_at, ?) WHERE id = ?`);
      const known = new Set(engine.messages.idsOf(sessionId));
      const out = db.transaction(() =>
        messages.map((raw, i) => {
          const where = `message ${i + 1} of chat ${printable(sessionId, 40)}`;
          const refusedBefore = report.refused.length;
          const refused = (reason: string): { written: boolean; refused: Refusal[] } => ({ written: false, refused: [{ text: printable(String(raw?.content ?? '')), reason: `${where}: ${reason}` }] });
          const m = archiveMessageSchema.safeParse(raw);
          const files = filesSchema.safeParse(raw?.files ?? []);
          if (!m.success || typeof m.data.content !== 'string' || !files.success) return refused('not a message this Monad can read; left out');
          if (m.data.content.length > MAX_MESSAGE_CHARS) return refused(`longer than ${MAX_MESSAGE_CHARS.toLocaleString('en')} characters; left out`);
          const other = owner.get(m.data.id) as string | undefined;
          if (other !== undefined) return other === sessionId ? { written: false, refused: [] } : refused('its id belongs to another chat here; left out');
          const stored = m.data.role === 'user' ? linkable(files.data, where) : { kept: [], refused: [] };
          const receipt = m.data.role === 'assistant' && m.data.receipt != null ? importedReceipt(cleaner, m.data.receipt) : null;
          if (m.data.role === 'assistant' && m.data.receipt != null && !receipt) report.warnings.push(`${where}: its memory receipt is not one Monad writes; left out`);
          const wb = m.data.role === 'assistant' && m.data.writtenBy ? { provider: printable(cleaner.messageText(m.data.writtenBy.provider), 100), model: printable(cleaner.messageText(m.data.writtenBy.model), 200) } : null;
          engine.messages.append({
            id: m.data.id,
            sessionId,
            role: m.data.role,
            content: cleaner.messageText(m.data.content),
            toolCalls: m.data.toolCalls?.length ? m.data.toolCalls.map((c) => ({ id: c.id, name: c.name, args: cleaner.messageValue(c.args) })) : null,
            toolCallId: m.data.toolCallId ?? null,
            usage: m.data.usage ?? null,
            error: m.data.error ? cleaner.messageText(m.data.error) : null,
            createdAt: m.data.createdAt,
            origin: m.data.role === 'user' ? (m.data.origin ?? null) : null,
            // A branch names the first version of its message, which must be a message of this chat.
            editRoot: m.data.editRoot && known.has(m.data.editRoot) ? m.data.editRoot : null,
            writtenBy: wb && wb.provider && wb.model ? wb : null,
            attachments: stored.kept,
            receipt: receipt ? { full: receipt, summary: replyMemoryOf(receipt) } : null,
            // Its place in the chat as the records give it, the same on every device.
            order: { at: raw.place?.at ?? '', tie: Number.isSafeInteger(raw.place?.tie) ? raw.place.tie : 0 },
          });
          known.add(m.data.id);
          const inactive = Number.isInteger(raw.inactive) && raw.inactive >= 0 ? raw.inactive : 0;
          if (inactive) db.prepare(`UPDATE messages SET inactive = ? WHERE id = ?`).run(inactive, m.data.id);
          touch.run(m.data.createdAt, sessionId);
          return { written: true, refused: [...refusalsOf({ ...report, refused: report.refused.slice(refusedBefore) }), ...stored.refused] };
        }),
      )();
      if (out.some((r) => r.written)) {
        // Memory this home holds may have been learned from a message that only now arrived (facts sync before
        // chats, and a live sync in any order): the search's derived field looks again when one of them is such
        // a source (an indexed lookup, so that a live message nothing was learned from costs no recomputation).
        const ids = JSON.stringify(messages.filter((_, i) => out[i].written).map((m) => m.id));
        if (statement(engine.memoryDb, LEARNED_FROM_ANY, 'pluck').get(ids, ids) !== undefined) engine.search.derived?.changed();
        engine.events.emit('sessions.changed', { agentId: engine.sessions.get(sessionId).agentId });
        // The sidebar hears sessions.changed; a window showing this chat reloads its messages on this one.
        engine.events.emit('messages.changed', { sessionId });
      }
      const warnings = report.warnings.map((w) => ({ text: '', reason: w }));
      if (warnings.length && out.length) out[out.length - 1].refused.push(...warnings);
      return out;
    },

    // The bridge calls these only when a mark or a hidden reply differs here: the open chat redraws the path.
    setInactive(sessionId, marks) {
      engine.messages.applyMarks(sessionId, marks);
      engine.events.emit('messages.changed', { sessionId });
    },

    // Called only when a message here is out of its place: the open chat redraws in the shared order.
    setPlaces(sessionId, places) {
      engine.messages.setOrder(sessionId, places);
      engine.events.emit('messages.changed', { sessionId });
    },

    hide(sessionId, ids) {
      if (engine.messages.softDelete(ids) > 0) engine.events.emit('messages.changed', { sessionId });
    },

    delete(sessionId) {
      // deleteSession removes the row before its first await (its files and the memory layers' SessionEnd
      // follow): the chat is gone from this home when this returns, as the bridge's next read expects.
      engine.deleteSession(sessionId).catch((err: unknown) => engine.log(`[sync] deleting chat ${sessionId} that another device deleted`, err));
    },
  };
}

/** Attached files' bytes (chat-blobs.ts): read from the attachment store, stored as an import stores one. */
export function chatBlobPort(engine: Engine): ChatBlobPort {
  const db = engine.appDb;
  return {
    fileHashes: () => db.prepare(`SELECT DISTINCT attachment_id FROM message_attachments ORDER BY attachment_id`).pluck().all() as string[],
    has: (sha256) => db.prepare(`SELECT 1 FROM attachments WHERE id = ?`).get(sha256) !== undefined,
    blob(sha256) {
      const row = db.prepare(`SELECT ma.message_id AS messageId, ma.name AS name FROM message_attachments ma WHERE ma.attachment_id = ? LIMIT 1`).get(sha256) as { messageId: string; name: string } | undefined;
      if (!row) return null;
      const a = (engine.attachments.archiveOf([row.messageId]).get(row.messageId) ?? []).find((f) => f.sha256 === sha256);
      return a ? { name: a.name, sha256: a.sha256, data: a.data, ...(a.pdf ? { pdf: a.pdf } : {}) } : null;
    },
    store(blob) {
      const report = emptyReport();
      const cleaner = new ImportCleaner(report, engine.egress.known());
      const parsed = archiveAttachmentSchema.safeParse(blob);
      if (!parsed.success) return `${printable(String(blob?.name ?? 'a file'))}: not a file record this Monad can read; left out`;
      try {
        engine.attachments.fromArchive(parsed.data, (t) => cleaner.messageText(t));
        return null;
      } catch (err) {
        if (err instanceof MonadError) return `${printable(parsed.data.name)} was left out: ${err.message}`;
        throw err;
      }
    },
  };
}

