// `monad export`: one JSON archive with everything a person needs to move their Monad — config without
// secrets, identity files, facts with their sources and earlier texts, sessions and messages (with the
// branches edit-and-resend set aside), graph, laws, the history of memory and the Inbox's decisions — in
// a stable order, so exporting the same memory twice gives the same content (format v2,
// docs/import-export.md).
import type { TurnReceipt } from '../../shared/receipt';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ExportPorts } from './transfer-ports';
import type { ExportArchive } from './formats';
import { exportGraph, exportLaws } from './export-graph';
import { archiveText, streamed, whole, writeArchiveToFd, type ArchivePart, type PieceFilter } from './archive-writer';
import { exportFactsV2, exportInbox, journalEntries } from './export-memory';

const IDENTITY_NAMES = new Set(['USER.md', 'SOUL.md', 'AGENTS.md', 'AGENT.md']);

export function exportParts(engine: ExportPorts): [string, ArchivePart][] {
  const current = structuredClone(engine.config.get());
  // Keys never leave the secret store, and no reference to one is written either: a provider that has
  // a key is marked `hasKey`, so an import knows to leave it out (keys are entered again by hand).
  const keyed = new Set(engine.providers.list().filter((p) => p.hasKey || p.keyForOtherOrigin).map((p) => p.id));
  const config: ExportArchive['config'] = {
    ...current,
    models: {
      ...current.models,
      providers: current.models.providers.map((p) => {
        const { keyRef: _ref, ...rest } = p as typeof p & { keyRef?: string };
        return keyed.has(p.id) ? { ...rest, hasKey: true } : rest;
      }),
    },
  };
  // Sessions and History, the two long parts, are read and written an item at a time (archive-writer.ts):
  // the archive is never one object, nor one string, in memory on the way to a file.
  return [
    ['format', whole('monad-export')],
    ['version', whole(2)],
    ['exportedAt', whole(engine.now().toISOString())],
    ['config', whole(config)],
    ['identity', whole(identityFiles(engine))],
    ['facts', whole(exportFactsV2(engine))],
    ['sessions', streamed(sessionItems(engine))],
    ['graph', whole(exportGraph({ memoryDb: engine.memoryDb, appDb: engine.appDb }))],
    ['laws', whole(exportLaws(engine.laws.store, engine.memoryDb))],
    ['inbox', whole(exportInbox(engine))],
    // Last: the longest section, read item by item on import (json-stream.ts).
    ['journal', streamed(journalEntries(engine))],
  ];
}

/** The archive as one object (tests, and callers that need it whole). */
export function buildExport(engine: ExportPorts): ExportArchive {
  return JSON.parse(archiveText(exportParts(engine), engine.egress.value.bind(engine.egress) as PieceFilter)) as ExportArchive;
}

/**
 * The archive as text. A key the person pasted into a chat, or that reached memory before it was stored,
 * leaves in no text: every piece passes the engine's egress filter like every other exit.
 */
export function exportText(engine: ExportPorts): string {
  return archiveText(exportParts(engine), engine.egress.value.bind(engine.egress) as PieceFilter);
}

/** The archive straight into a file descriptor (an atomic write's temp file), a block at a time. */
export function exportToFd(engine: ExportPorts, fd: number): number {
  return writeArchiveToFd(fd, exportParts(engine), engine.egress.value.bind(engine.egress) as PieceFilter);
}

function identityFiles(engine: ExportPorts): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (path: string) => {
    if (existsSync(path)) out[relative(engine.paths.root, path).split('\\').join('/')] = readFileSync(path, 'utf8');
  };
  add(join(engine.paths.core, 'USER.md'));
  if (existsSync(engine.paths.agents)) {
    for (const agent of readdirSync(engine.paths.agents).sort()) {
      for (const name of [...IDENTITY_NAMES].sort()) if (name !== 'USER.md') add(join(engine.paths.agents, agent, name));
    }
  }
  return out;
}

function receiptField(engine: ExportPorts, messageId: string): { receipt?: TurnReceipt } {
  const r = engine.messages.receiptOf(messageId).receipt;
  return r ? { receipt: r } : {};
}

function* sessionItems(engine: ExportPorts): Generator<ExportArchive['sessions'][number]> {
  const rows = engine.appDb
    .prepare(`SELECT id, recall_block, recall_built_at FROM sessions ORDER BY created_at, id`)
    .all() as { id: string; recall_block: string | null; recall_built_at: string | null }[];
  // Branches (app migration 8): each message keeps the edit it is a version of and the set-aside number
  // it belongs to, so an import restores branches as branches, not as one flat list.
  const branchRows = engine.appDb.prepare(`SELECT id, edit_root, inactive FROM messages WHERE session_id = ? AND deleted_at IS NULL`);
  const chatModel = engine.appDb.prepare(`SELECT chat_model FROM sessions WHERE id = ?`).pluck();
  for (const r of rows) {
    const s = engine.sessions.get(r.id);
    const branches = new Map<string, { editRoot: string | null; inactive: number }>();
    for (const b of branchRows.all(s.id) as { id: string; edit_root: string | null; inactive: number }[]) branches.set(b.id, { editRoot: b.edit_root, inactive: b.inactive });
    const model = chatModel.get(s.id) as string | null;
    const listed = engine.messages.inOrder(s.id);
    // Attachments (issue 29 §1): a user message's files travel with it, bytes and all.
    const files = engine.attachments.archiveOf(listed.filter(({ message: m }) => m.role === 'user').map(({ message: m }) => m.id));
    const messages = listed.map(({ message: m }) => ({
      id: m.id,
      role: m.role,
      content: m.content,
      toolCalls: m.toolCalls,
      toolCallId: m.toolCallId,
      usage: m.usage,
      error: m.error,
      createdAt: m.createdAt,
      // How a user message was entered (typed, pasted, forwarded): facts from pasted text stay marked so.
      origin: m.role === 'user' ? m.origin : null,
      editRoot: branches.get(m.id)?.editRoot ?? null,
      inactive: branches.get(m.id)?.inactive ?? 0,
      // Which model wrote a reply (issue 29 §2), as the provider was named then.
      writtenBy: m.role === 'assistant' ? (m.writtenBy ?? null) : null,
      // Receipts: only replies that have one carry it.
      ...(m.memory ? receiptField(engine, m.id) : {}),
      ...(files.has(m.id) ? { attachments: files.get(m.id) } : {}),
    }));
    yield {
      id: s.id,
      agentId: s.agentId,
      title: s.title,
      workspace: s.workspace,
      projectKey: s.projectKey,
      incognito: s.incognito,
      createdAt: s.createdAt,
      updatedAt: s.updatedAt,
      recallBlock: r.recall_block,
      recallBuiltAt: r.recall_built_at,
      chatModel: model ? (JSON.parse(model) as { provider: string; model: string }) : null,
      // Per-chat settings (issue 29 §2), when the chat has any.
      ...(s.settings && Object.keys(s.settings).length ? { settings: s.settings } : {}),
      messages,
    };
  }
}
