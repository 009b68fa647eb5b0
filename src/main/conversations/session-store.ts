// Sessions in db/app.sqlite. They live below chat and memory (both read them), in the room they share.
import { createHash, randomUUID } from 'node:crypto';
import { realpathSync, statSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import { applyChatSettingsPatch, chatSettingsSchema, type ChatSettings, type ChatSettingsPatch } from '../../shared/chat-settings';
import type { ModelRef } from '../../shared/config';
import type { Session } from '../../shared/domain';
import { MonadError } from '../../shared/errors';

interface SessionRow {
  id: string;
  agent_id: string;
  title: string;
  workspace: string | null;
  project_key: string | null;
  incognito: number;
  created_at: string;
  updated_at: string;
  message_count: number;
  chat_model: string | null;
  settings: string | null;
  title_source: string | null;
}

/** Where a chat's title came from (app-0012): only a first-line title is ever replaced by a generated one. */
export type TitleSource = 'first-line' | 'generated' | 'person' | 'kept';

/**
 * The message count is what the person sees in the chat (issue 27 §3): their messages and the replies,
 * a reply counted once however many steps (tool calls, their results) it took, and nothing set aside by
 * an edit, deleted, or only for the model (tool rows, system notes).
 */
const SELECT = `
  SELECT s.*, (
    SELECT count(*) FROM (
      SELECT m.role, lag(m.role) OVER (ORDER BY m.sort_at, m.sort_tie, m.id) AS prev FROM messages m
      WHERE m.session_id = s.id AND m.deleted_at IS NULL AND m.inactive = 0 AND m.role IN ('user', 'assistant')
    ) WHERE role = 'user' OR prev IS NOT 'assistant'
  ) AS message_count
  FROM sessions s`;

export const DEFAULT_SESSION_TITLE = 'New chat';

/** The project scope key: a stable hash of the workspace's real path (symlinks resolved). */
export function projectKeyFor(realPath: string): string {
  return createHash('sha256').update(realPath).digest('hex').slice(0, 16);
}

export function resolveWorkspace(folder: string): { workspace: string; projectKey: string } {
  let real: string;
  try {
    real = realpathSync(folder);
  } catch {
    throw new MonadError('BAD_INPUT', `Workspace folder does not exist: ${folder}`);
  }
  if (!statSync(real).isDirectory()) throw new MonadError('BAD_INPUT', `Workspace is not a folder: ${folder}`);
  return { workspace: real, projectKey: projectKeyFor(real) };
}

export class SessionStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  list(agentId?: string): Session[] {
    const rows = agentId
      ? (this.db.prepare(`${SELECT} WHERE s.agent_id = ? ORDER BY s.updated_at DESC, s.rowid DESC`).all(agentId) as SessionRow[])
      : (this.db.prepare(`${SELECT} ORDER BY s.updated_at DESC, s.rowid DESC`).all() as SessionRow[]);
    return rows.map(toSession);
  }

  get(id: string): Session {
    const row = this.db.prepare(`${SELECT} WHERE s.id = ?`).get(id) as SessionRow | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No session with id ${id}`);
    return toSession(row);
  }

  create(input: { agentId: string; title?: string; workspace?: string; incognito?: boolean; createdAt?: string }): Session {
    const id = randomUUID();
    const at = input.createdAt ?? this.now().toISOString();
    const ws = input.workspace ? resolveWorkspace(input.workspace) : null;
    this.db
      .prepare(
        `INSERT INTO sessions (id, agent_id, title, workspace, project_key, incognito, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(id, input.agentId, input.title ?? DEFAULT_SESSION_TITLE, ws?.workspace ?? null, ws?.projectKey ?? null, input.incognito ? 1 : 0, at, at);
    return this.get(id);
  }

  /** The person's own title: no generated title ever replaces it. */
  rename(id: string, title: string): Session {
    return this.setTitle(id, title, 'person');
  }

  setTitle(id: string, title: string, source: TitleSource): Session {
    const res = this.db.prepare(`UPDATE sessions SET title = ?, title_source = ?, updated_at = ? WHERE id = ?`).run(title, source, this.now().toISOString(), id);
    if (res.changes === 0) throw new MonadError('NOT_FOUND', `No session with id ${id}`);
    return this.get(id);
  }

  /**
   * Replaces the first-line title with a generated one, only while it is still exactly that first-line
   * title: a rename that lands while the title model is thinking wins. False when nothing was replaced.
   */
  replaceFirstLineTitle(id: string, firstLine: string, title: string): boolean {
    const res = this.db
      .prepare(`UPDATE sessions SET title = ?, title_source = 'generated' WHERE id = ? AND title_source = 'first-line' AND title = ?`)
      .run(title, id, firstLine);
    return res.changes > 0;
  }

  titleSource(id: string): TitleSource | null {
    const row = this.db.prepare(`SELECT title_source FROM sessions WHERE id = ?`).get(id) as { title_source: string | null } | undefined;
    if (!row) throw new MonadError('NOT_FOUND', `No session with id ${id}`);
    const v = row.title_source;
    return v === 'first-line' || v === 'generated' || v === 'person' || v === 'kept' ? v : null;
  }

  /** The title model had nothing usable (or failed): the first-line title stays, and is not asked about again. */
  keepFirstLineTitle(id: string): void {
    this.db.prepare(`UPDATE sessions SET title_source = 'kept' WHERE id = ? AND title_source = 'first-line'`).run(id);
  }

  /** This chat's own settings (issue 29 §2): fields given change, null ones go back to the agent's default. */
  setSettings(id: string, patch: ChatSettingsPatch): Session {
    const next = applyChatSettingsPatch(this.get(id).settings, patch);
    const json = Object.keys(next).length ? JSON.stringify(next) : null;
    this.db.prepare(`UPDATE sessions SET settings = ? WHERE id = ?`).run(json, id);
    return this.get(id);
  }

  /** Changes session options; `workspace: null` removes the folder (and with it the project scope). */
  update(id: string, patch: { workspace?: string | null; incognito?: boolean }): Session {
    const current = this.get(id);
    const ws = patch.workspace === undefined ? undefined : patch.workspace === null ? null : resolveWorkspace(patch.workspace);
    const workspace = ws === undefined ? current.workspace : (ws?.workspace ?? null);
    const projectKey = ws === undefined ? current.projectKey : (ws?.projectKey ?? null);
    const incognito = patch.incognito ?? current.incognito;
    this.db
      .prepare(`UPDATE sessions SET workspace = ?, project_key = ?, incognito = ?, updated_at = ? WHERE id = ?`)
      .run(workspace, projectKey, incognito ? 1 : 0, this.now().toISOString(), id);
    return this.get(id);
  }

  /** The chat model for this session only (null: the agent's chat model). */
  setChatModel(id: string, model: ModelRef | null): Session {
    const res = this.db.prepare(`UPDATE sessions SET chat_model = ? WHERE id = ?`).run(model ? JSON.stringify({ provider: model.provider, model: model.model }) : null, id);
    if (res.changes === 0) throw new MonadError('NOT_FOUND', `No session with id ${id}`);
    return this.get(id);
  }

  touch(id: string): void {
    this.db.prepare(`UPDATE sessions SET updated_at = ? WHERE id = ?`).run(this.now().toISOString(), id);
  }

  delete(id: string): void {
    const res = this.db.prepare(`DELETE FROM sessions WHERE id = ?`).run(id);
    if (res.changes === 0) throw new MonadError('NOT_FOUND', `No session with id ${id}`);
  }

  deleteForAgent(agentId: string): number {
    return this.db.prepare(`DELETE FROM sessions WHERE agent_id = ?`).run(agentId).changes;
  }
}

function toSession(r: SessionRow): Session {
  return {
    id: r.id,
    agentId: r.agent_id,
    title: r.title,
    workspace: r.workspace,
    projectKey: r.project_key,
    incognito: r.incognito === 1,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    messageCount: r.message_count,
    chatModel: parseModelRef(r.chat_model),
    settings: parseSettings(r.settings),
  };
}

/** Settings that no longer parse (a hand-edited row, a newer app's field) count as none: the agent's apply. */
function parseSettings(raw: string | null): ChatSettings {
  if (!raw) return {};
  try {
    const v = chatSettingsSchema.safeParse(JSON.parse(raw));
    return v.success ? v.data : {};
  } catch {
    return {};
  }
}

/** A stored override that no longer parses is treated as none: the agent's model answers. */
function parseModelRef(raw: string | null): ModelRef | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ModelRef>;
    return typeof v.provider === 'string' && typeof v.model === 'string' ? { provider: v.provider, model: v.model } : null;
  } catch {
    return null;
  }
}
