// A first sync writes thousands of messages through MessageStore.append: the INSERT (which compiles the
// placing trigger and the search index's triggers with it) is compiled once per store, not once per message
// (docs/sync.md, session 14's regressions). The messages are stored as before: every one, in its place.
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { appMigrations } from '../../src/main/db/migrations/app';
import { openDatabase } from '../../src/main/db/open';
import { MessageStore } from '../../src/main/conversations/message-store';
import { tempHome } from '../helpers/temp-home';

describe('MessageStore.append', () => {
  it('compiles its INSERT once for 20 messages, and stores all 20 in order', () => {
    const db = openDatabase(join(tempHome(), 'app.sqlite'), appMigrations, 'app');
    db.prepare(`INSERT INTO sessions (id, agent_id, title, created_at, updated_at) VALUES ('s1', 'default', 'Bees', 't', 't')`).run();
    const messages = new MessageStore(db);
    const prepare = vi.spyOn(db, 'prepare');
    for (let i = 0; i < 10; i++) messages.append({ sessionId: 's1', role: 'user', content: `question ${i}` });
    // Ten replies, five of them from another device with the places their records give (out of arrival order).
    for (let i = 0; i < 10; i++) messages.append({ sessionId: 's1', role: 'assistant', content: `answer ${i}`, ...(i % 2 ? { order: { at: `2020-01-01T00:00:0${9 - i}.000Z`, tie: i } } : {}) });
    const inserts = prepare.mock.calls.filter(([sql]) => /^\s*INSERT INTO messages\b/.test(String(sql)));
    prepare.mockRestore();
    expect(inserts.length).toBe(1);
    const stored = messages.inOrder('s1').map((m) => m.message.content);
    expect(stored).toHaveLength(20);
    expect(new Set(stored).size).toBe(20);
    // The placed ones go where their records say: before everything written here, latest time last.
    expect(stored.slice(0, 5)).toEqual(['answer 9', 'answer 7', 'answer 5', 'answer 3', 'answer 1']);
    db.close();
  });
});
