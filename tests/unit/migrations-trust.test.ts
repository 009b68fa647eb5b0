// App migration 4 (message origin), memory migrations 5-6 (fact origins, fact-check verdicts) and 8 (fact
// provenance), each applied to a database of the previous version that holds data.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { tempHome } from '../helpers/temp-home';

describe('trust-boundary migrations', () => {
  it('app 3 → 4: messages keep their rows, gain an origin that only user messages may carry a known value in', () => {
    const db = new BetterSqlite3(join(tempHome(), 'app.sqlite'));
    migrate(db, appMigrations, 'app', { target: 3 });
    db.prepare(`insert into sessions (id, agent_id, title, created_at, updated_at) values ('s1','default','t','t','t')`).run();
    db.prepare(`insert into messages (id, session_id, role, content, created_at) values ('m1','s1','user','hello','t')`).run();
    migrate(db, appMigrations, 'app', { target: 4 });
    expect(schemaVersion(db)).toBe(4);
    expect(db.prepare(`select content, origin from messages where id = 'm1'`).get()).toEqual({ content: 'hello', origin: null });
    db.prepare(`insert into messages (id, session_id, role, content, created_at, origin) values ('m2','s1','user','x','t','pasted')`).run();
    expect(() => db.prepare(`insert into messages (id, session_id, role, content, created_at, origin) values ('m3','s1','user','x','t','smuggled')`).run()).toThrow(/CHECK/);
    db.close();
  });

  it('memory 4 → 6: the graph is kept; fact_origin and fact_check exist with their constraints', () => {
    const db = new BetterSqlite3(join(tempHome(), 'memory.sqlite'));
    migrate(db, memoryMigrations, 'memory', { target: 4 });
    db.prepare(`insert into graph_node (scope, name, norm_name, created_at, updated_at) values ('global','Lisbon','lisbon','t','t')`).run();
    migrate(db, memoryMigrations, 'memory', { target: 6 });
    expect(schemaVersion(db)).toBe(6);
    expect(db.prepare(`select name from graph_node`).pluck().all()).toEqual(['Lisbon']);
    db.prepare(`insert into fact_origin (scope, fact_id, origin, event, recorded_at) values ('global','abcdefabcdef','pasted','recorded','t')`).run();
    expect(() => db.prepare(`insert into fact_origin (scope, fact_id, origin, event, recorded_at) values ('global','abcdefabcdef','trusted','recorded','t')`).run()).toThrow(/CHECK/);
    db.prepare(`insert into fact_check (fact_id, verdict, reason, model, checked_at) values ('abcdefabcdef','instruction','x','p/m','t')`).run();
    expect(() => db.prepare(`insert into fact_check (fact_id, verdict, reason, model, checked_at) values ('abcdefabcdef','fact','x','p/m','t')`).run()).toThrow(/UNIQUE|PRIMARY/);
    expect(() => db.prepare(`insert into fact_check (fact_id, verdict, model, checked_at) values ('000000000000','maybe','p/m','t')`).run()).toThrow(/CHECK/);
    db.close();
  });

  it('memory 7 → 8: journal entries and fact versions are kept; versions gain a source, entries links, facts proposals', () => {
    const db = new BetterSqlite3(join(tempHome(), 'memory.sqlite'));
    migrate(db, memoryMigrations, 'memory', { target: 7 });
    db.prepare(`insert into memory_journal (at, layer, action, scope, item, actor, summary) values ('t','facts','fact.recorded','global','fact:abcdefabcdef','person','Recorded')`).run();
    db.prepare(`insert into fact_version (scope, fact_id, text, valid_from, journal_id) values ('global','abcdefabcdef','User likes tea','t',1)`).run();
    migrate(db, memoryMigrations, 'memory', { target: 8 });
    expect(schemaVersion(db)).toBe(8);
    expect(db.prepare(`select text, actor, source, event from fact_version`).get()).toEqual({ text: 'User likes tea', actor: null, source: null, event: null });
    expect(db.prepare(`select summary from memory_journal`).pluck().all()).toEqual(['Recorded']);
    db.prepare(`update fact_version set actor = 'person', event = 'edited'`).run();
    expect(() => db.prepare(`update fact_version set actor = 'someone'`).run()).toThrow(/CHECK/);
    expect(() => db.prepare(`update fact_version set event = 'guessed'`).run()).toThrow(/CHECK/);
    db.prepare(`insert into memory_journal_link (entry, item) values (1, 'fact:123456123456')`).run();
    db.prepare(`insert into fact_proposal (scope, kind, text, from_ids, from_texts, actor, proposed_at) values ('global','merge','x','[]','[]','consolidation','t')`).run();
    expect(() => db.prepare(`insert into fact_proposal (scope, kind, text, from_ids, from_texts, actor, proposed_at) values ('global','rewrite','x','[]','[]','consolidation','t')`).run()).toThrow(/CHECK/);
    db.close();
  });
});
