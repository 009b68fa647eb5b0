// Where attachments are kept: the bytes in <home>/attachments/<sha256> (owner-only folder and files,
// written atomically, so a crash never leaves half a file under a hash), what was extracted from them in
// app.sqlite (migration app-0011), and which message carries which file under which name.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import type { AttachmentKind, AttachmentRef } from '../../shared/attachments';
import { MonadError } from '../../shared/errors';
import { statement } from '../db/statements';
import { writeFileAtomic } from '../fs/atomic-write';
import { mkdirPrivate, PRIVATE_FILE_MODE } from '../fs/private-mode';

export interface StoredAttachment {
  id: string;
  kind: AttachmentKind;
  mime: string;
  size: number;
  pages: number | null;
  text: string;
  truncated: boolean;
}

/** A message's file: the stored attachment and the name it was sent under. */
export interface LinkedAttachment extends StoredAttachment {
  name: string;
}

interface Row {
  id: string;
  kind: AttachmentKind;
  mime: string;
  size: number;
  pages: number | null;
  text: string;
  truncated: number;
}

export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

export class AttachmentStore {
  readonly dir: string;

  constructor(
    private readonly db: Database,
    /** The home's attachments folder (HomePaths.attachments). */
    dir: string,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.dir = dir;
  }

  /** The stored attachment with these bytes, if any (dedupe: the same file is read and extracted once). */
  get(id: string): StoredAttachment | null {
    const row = this.db.prepare(`SELECT id, kind, mime, size, pages, text, truncated FROM attachments WHERE id = ?`).get(id) as Row | undefined;
    return row ? fromRow(row) : null;
  }

  /** Stores the bytes under their hash and the row beside them; an existing file is not written again. */
  put(bytes: Uint8Array, a: Omit<StoredAttachment, 'id' | 'size'>): StoredAttachment {
    const id = sha256(bytes);
    mkdirPrivate(this.dir);
    const path = this.pathOf(id);
    if (!existsSync(path)) writeFileAtomic(path, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { mode: PRIVATE_FILE_MODE });
    this.db
      .prepare(
        `INSERT INTO attachments (id, kind, mime, size, pages, text, truncated, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO NOTHING`,
      )
      .run(id, a.kind, a.mime, bytes.length, a.pages, a.text, a.truncated ? 1 : 0, this.now().toISOString());
    return this.get(id)!;
  }

  /** The bytes of a stored attachment (images for the model, the preview, export). */
  bytes(id: string): Buffer {
    const path = this.pathOf(id);
    try {
      return readFileSync(path);
    } catch {
      throw new MonadError('NOT_FOUND', `The attached file ${id.slice(0, 12)}… is missing from ${this.dir}. Restore it from a backup, or send the message again with the file.`);
    }
  }

  pathOf(id: string): string {
    if (!/^[0-9a-f]{64}$/.test(id)) throw new MonadError('BAD_INPUT', 'Not an attachment id');
    return join(this.dir, id);
  }

  /** The files a chat's messages carry (read before the chat is deleted, for `dropUnlinked`). */
  idsInSession(sessionId: string): string[] {
    return this.db
      .prepare(`SELECT DISTINCT l.attachment_id FROM message_attachments l JOIN messages m ON m.id = l.message_id WHERE m.session_id = ?`)
      .pluck()
      .all(sessionId) as string[];
  }

  /**
   * Removes those of `ids` no message links any more: a deleted chat's files leave the home with it
   * (row and file), unless another message still carries the same bytes.
   */
  dropUnlinked(ids: readonly string[]): number {
    let dropped = 0;
    for (const id of ids) {
      const linked = this.db.prepare(`SELECT 1 FROM message_attachments WHERE attachment_id = ? LIMIT 1`).get(id);
      if (linked) continue;
      this.db.prepare(`DELETE FROM attachments WHERE id = ?`).run(id);
      rmSync(this.pathOf(id), { force: true });
      dropped++;
    }
    return dropped;
  }

  /**
   * Files attached but never sent (a chip removed, a draft abandoned) that are older than `before`: they
   * were only ever meant to go with a message, so they do not stay in the home. Sent files are never touched.
   */
  sweepUnsent(before: Date): number {
    const ids = this.db
      .prepare(`SELECT id FROM attachments a WHERE created_at < ? AND NOT EXISTS (SELECT 1 FROM message_attachments l WHERE l.attachment_id = a.id)`)
      .pluck()
      .all(before.toISOString()) as string[];
    return this.dropUnlinked(ids);
  }

  /** Each message's attachments with their text, in the order attached (what a prompt is built from). */
  forMessages(messageIds: string[]): Map<string, LinkedAttachment[]> {
    return linkedRows(this.db, messageIds, true) as Map<string, LinkedAttachment[]>;
  }
}

/** Links files to a message in order; the message store calls it in the transaction that inserts the message. */
export function linkAttachments(db: Database, messageId: string, files: readonly { id: string; name: string }[]): void {
  const ins = db.prepare(`INSERT INTO message_attachments (message_id, position, attachment_id, name) VALUES (?, ?, ?, ?)`);
  files.forEach((f, i) => ins.run(messageId, i, f.id, f.name));
}

/** Each message's attachments as a message shows them (no text), in the order attached. */
export function attachmentRefsOf(db: Database, messageIds: string[]): Map<string, AttachmentRef[]> {
  const linked = linkedRows(db, messageIds, false);
  const out = new Map<string, AttachmentRef[]>();
  for (const [id, list] of linked) out.set(id, list.map((a) => refOf(a, a.name)));
  return out;
}

function linkedRows(db: Database, messageIds: string[], withText: boolean): Map<string, (StoredAttachment & { name: string; chars?: number })[]> {
  const out = new Map<string, (StoredAttachment & { name: string; chars?: number })[]>();
  // length(a.text) without the text itself: a message list must not read whole PDFs.
  const text = withText ? 'a.text' : `substr('', 1, 0) AS text, length(a.text) AS chars`;
  // The ids as one JSON parameter: one statement whatever their number (statements.ts keeps it).
  const rows = statement(
    db,
    `SELECT l.message_id, l.name, a.id, a.kind, a.mime, a.size, a.pages, ${text}, a.truncated
     FROM message_attachments l JOIN attachments a ON a.id = l.attachment_id
     WHERE l.message_id IN (SELECT value FROM json_each(?)) ORDER BY l.message_id, l.position`,
  ).all(JSON.stringify(messageIds)) as (Row & { message_id: string; name: string; chars?: number })[];
  for (const r of rows) {
    const list = out.get(r.message_id) ?? [];
    const a = { ...fromRow(r), name: r.name };
    list.push(r.chars === undefined ? a : { ...a, chars: r.chars });
    out.set(r.message_id, list);
  }
  return out;
}

export function refOf(a: StoredAttachment & { chars?: number }, name: string): AttachmentRef {
  return { id: a.id, name, kind: a.kind, mime: a.mime, size: a.size, pages: a.pages, chars: a.chars ?? a.text.length };
}

function fromRow(r: Row): StoredAttachment {
  return { id: r.id, kind: r.kind, mime: r.mime, size: r.size, pages: r.pages, text: r.text, truncated: r.truncated === 1 };
}
