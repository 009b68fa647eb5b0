// App migration 10 (messages.model_provider / model_id): replies written before the upgrade keep their
// text and say nothing about their model; a reply written after it says which model wrote it.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { openDatabase } from '../../src/main/db/open';
import { MessageStore } from '../../src/main/conversations/message-store';
import { tempHome } from '../helpers/temp-home';

describe('app migration 10: the model that wrote a reply', () => {
  it('upgrades from 9 keeping an older reply (no model), then stores and reads back the model of a new one', () => {
    const path = join(tempHome(), 'app.sqlite');
    const db = new BetterSqlite3(path);
    migrate(db, appMigrations, 'app', { target: 9 });
    db.prepare(`INSERT INTO sessions (id, agent_id, title, created_at, updated_at) VALUES ('s1', 'default', 'Bees', 't', 't')`).run();
    db.prepare(`INSERT INTO messages (id, session_id, role, content, created_at) VALUES ('old', 's1', 'assistant', 'Two hives, then.', '2026-12-01T10:00:00Z')`).run();
    db.close();

    const upgraded = openDatabase(path, appMigrations, 'app');
    expect(schemaVersion(upgraded)).toBe(appMigrations.at(-1)!.version);
    const messages = new MessageStore(upgraded);
    expect(messages.get('old')).toMatchObject({ content: 'Two hives, then.', writtenBy: null });

    const reply = messages.append({ sessionId: 's1', role: 'assistant', content: 'Three.', writtenBy: { provider: 'Ollama', model: 'llama3.2:3b' } });
    expect(messages.get(reply.id).writtenBy).toEqual({ provider: 'Ollama', model: 'llama3.2:3b' });
    // The person's own words name no model, whatever the caller passes.
    const user = messages.append({ sessionId: 's1', role: 'user', content: 'How many?', writtenBy: { provider: 'Ollama', model: 'llama3.2:3b' } });
    expect(messages.get(user.id).writtenBy).toBeNull();
    expect(upgraded.prepare(`SELECT model_provider, model_id FROM messages WHERE id = ?`).get(reply.id)).toEqual({ model_provider: 'Ollama', model_id: 'llama3.2:3b' });
    upgraded.close();
  });
});
