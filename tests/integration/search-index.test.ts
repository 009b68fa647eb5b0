// The messages FTS index (app migration 3) stays in step with every write, and search is scoped.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { openDatabase } from '../../src/main/db/open';
import type { Engine } from '../../src/main/engine';
import { SearchService } from '../../src/main/search/search-service';
import { openEngine, tempHome } from '../helpers/temp-home';

function ids(engine: Engine, query: string, opts: { agentId?: string; sessionId?: string; k?: number; excludeIncognito?: boolean } = {}): string[] {
  return engine.search.search({ query, ...opts }).messages.map((m) => m.messageId);
}

function integrityOk(engine: Engine): void {
  engine.appDb.exec(`INSERT INTO message_fts (message_fts) VALUES ('integrity-check')`);
}

function indexed(engine: Engine): number {
  return engine.appDb.prepare(`SELECT count(*) FROM message_fts_docsize`).pluck().get() as number;
}

describe('message search index', () => {
  it('indexes live user and assistant text only, and follows soft delete, restore and edits', () => {
    const engine = openEngine();
    const s = engine.sessions.create({ agentId: 'default', title: 'Trip planning' });
    const user = engine.messages.append({ sessionId: s.id, role: 'user', content: 'We should visit Lisbon in spring' });
    engine.messages.append({ sessionId: s.id, role: 'tool', content: 'lisbon weather: sunny', toolCallId: 'c1' });
    engine.messages.append({ sessionId: s.id, role: 'system', content: 'lisbon system note' });
    engine.messages.append({ sessionId: s.id, role: 'assistant', content: '' });
    expect(ids(engine, 'lisbon')).toEqual([user.id]);
    expect(indexed(engine)).toBe(1);

    expect(engine.messages.softDelete([user.id])).toBe(1);
    expect(ids(engine, 'lisbon')).toEqual([]);
    integrityOk(engine);

    // Restoring (clearing deleted_at) puts it back; an edit re-indexes the new text.
    engine.appDb.prepare(`UPDATE messages SET deleted_at = NULL WHERE id = ?`).run(user.id);
    expect(ids(engine, 'lisbon')).toEqual([user.id]);
    engine.appDb.prepare(`UPDATE messages SET content = 'Porto instead' WHERE id = ?`).run(user.id);
    expect(ids(engine, 'lisbon')).toEqual([]);
    expect(ids(engine, 'porto')).toEqual([user.id]);
    // Unrelated updates leave the index alone.
    engine.appDb.prepare(`UPDATE messages SET usage_input = 5 WHERE id = ?`).run(user.id);
    expect(ids(engine, 'porto')).toEqual([user.id]);
    integrityOk(engine);
  });

  it('forgets every message of a deleted session (cascade)', async () => {
    const engine = openEngine();
    const keep = engine.sessions.create({ agentId: 'default', title: 'Keep' });
    const gone = engine.sessions.create({ agentId: 'default', title: 'Gone' });
    const kept = engine.messages.append({ sessionId: keep.id, role: 'user', content: 'the pottery class was fun' });
    for (let i = 0; i < 5; i++) engine.messages.append({ sessionId: gone.id, role: i % 2 ? 'assistant' : 'user', content: `pottery wheel number ${i}` });
    expect(ids(engine, 'pottery')).toHaveLength(6);
    await engine.deleteSession(gone.id);
    expect(ids(engine, 'pottery')).toEqual([kept.id]);
    expect(indexed(engine)).toBe(1);
    integrityOk(engine);
  });

  it('scopes by agent and session, and follows a session moved to another agent', () => {
    const engine = openEngine();
    engine.agents.create({ id: 'coder', name: 'Coder' } as Parameters<Engine['agents']['create']>[0]);
    const a = engine.sessions.create({ agentId: 'default', title: 'A' });
    const b = engine.sessions.create({ agentId: 'coder', title: 'B' });
    const a2 = engine.sessions.create({ agentId: 'default', title: 'A2' });
    const ma = engine.messages.append({ sessionId: a.id, role: 'user', content: 'my guitar needs new strings' });
    const mb = engine.messages.append({ sessionId: b.id, role: 'user', content: 'the guitar tuner app crashed' });
    const ma2 = engine.messages.append({ sessionId: a2.id, role: 'assistant', content: 'guitar lessons on Tuesday' });
    expect(ids(engine, 'guitar').sort()).toEqual([ma.id, mb.id, ma2.id].sort());
    expect(ids(engine, 'guitar', { agentId: 'default' }).sort()).toEqual([ma.id, ma2.id].sort());
    expect(ids(engine, 'guitar', { agentId: 'coder' })).toEqual([mb.id]);
    expect(ids(engine, 'guitar', { agentId: 'nobody' })).toEqual([]);
    expect(ids(engine, 'guitar', { sessionId: a2.id })).toEqual([ma2.id]);
    expect(ids(engine, 'guitar', { agentId: 'coder', sessionId: a.id })).toEqual([]);

    engine.appDb.prepare(`UPDATE sessions SET agent_id = 'coder' WHERE id = ?`).run(a.id);
    expect(ids(engine, 'guitar', { agentId: 'coder' }).sort()).toEqual([ma.id, mb.id].sort());
    expect(ids(engine, 'guitar', { agentId: 'default' })).toEqual([ma2.id]);
    integrityOk(engine);
  });

  it('leaves incognito chats out when asked (the agent tool does)', () => {
    const engine = openEngine();
    const open = engine.sessions.create({ agentId: 'default', title: 'Open' });
    const secret = engine.sessions.create({ agentId: 'default', title: 'Secret', incognito: true });
    const m1 = engine.messages.append({ sessionId: open.id, role: 'user', content: 'birthday present ideas' });
    const m2 = engine.messages.append({ sessionId: secret.id, role: 'user', content: 'birthday surprise party' });
    expect(ids(engine, 'birthday').sort()).toEqual([m1.id, m2.id].sort());
    expect(ids(engine, 'birthday', { excludeIncognito: true })).toEqual([m1.id]);
  });

  it('takes any text as a query: FTS5 syntax is never passed through', () => {
    const engine = openEngine();
    const s = engine.sessions.create({ agentId: 'default' });
    const m = engine.messages.append({ sessionId: s.id, role: 'user', content: 'NEAR the "old" mill, नमस्ते and café* OR crème' });
    for (const q of ['NEAR(old mill)', '"old" OR', 'café*', 'नमस्ते', 'cre\u0301me', '-mill ^old', 'AND', '{body}: mill']) {
      expect(() => engine.search.search({ query: q }), q).not.toThrow();
    }
    expect(ids(engine, 'café* mill')).toEqual([m.id]);
    expect(ids(engine, 'CREME')).toEqual([m.id]);
  });

  it('backfills messages that existed before the migration', () => {
    const path = join(tempHome(), 'app.sqlite');
    const db = new BetterSqlite3(path);
    migrate(db, appMigrations, 'app', { target: 2 });
    db.exec(`
      INSERT INTO sessions (id, agent_id, title, created_at, updated_at) VALUES ('s1', 'default', 'Old chat', 't', 't'), ('s2', 'other', 'Other', 't', 't');
      INSERT INTO messages (id, session_id, role, content, created_at) VALUES
        ('m1', 's1', 'user', 'the old violin in the attic', '2024-01-01T00:00:00.000Z'),
        ('m2', 's1', 'assistant', 'a violin can be restored', '2024-01-01T00:00:01.000Z'),
        ('m3', 's1', 'tool', 'violin tool output', '2024-01-01T00:00:02.000Z'),
        ('m4', 's2', 'user', 'violin for the other agent', '2024-01-01T00:00:03.000Z');
      INSERT INTO messages (id, session_id, role, content, created_at, deleted_at) VALUES ('m5', 's1', 'user', 'deleted violin', 't', 't');
    `);
    db.close();
    const migrated = openDatabase(path, appMigrations, 'app');
    const search = new SearchService({ db: migrated });
    expect(search.search({ query: 'violin' }).messages.map((m) => m.messageId).sort()).toEqual(['m1', 'm2', 'm4']);
    expect(search.search({ query: 'violin', agentId: 'default' }).messages.map((m) => m.messageId).sort()).toEqual(['m1', 'm2']);
    migrated.close();
  });
});
