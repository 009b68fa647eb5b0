// Receipts (issue 16), the parts below the turn: the receipt migration on a database of the version before that holds
// messages; the journal entries a turn makes becoming change lines (and only this turn's); the receipt
// schema refusing what Monad never writes; the chips' read / saved / not saved.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TurnReceiptBuilder, changeOf, type JournalFeed } from '../../src/main/chat/turn-receipt';
import { MessageStore } from '../../src/main/conversations/message-store';
import { migrate, schemaVersion } from '../../src/main/db/migrate';
import { appMigrations } from '../../src/main/db/migrations/app';
import { app0007MessageReceipt } from '../../src/main/db/migrations/app-0007-message-receipt';
import type { JournalEntry } from '../../src/shared/journal';
import { turnReceiptSchema } from '../../src/shared/receipt';
import { toolAccess } from '../../src/renderer/src/features/receipts/tool-access';
import { tempHome } from '../helpers/temp-home';

function entry(over: Partial<JournalEntry>): JournalEntry {
  return { id: 1, at: 't', layer: 'facts', action: 'fact.recorded', scope: 'global', item: 'fact:x', actor: 'agent', source: null, before: null, after: null, summary: '', groupId: null, undoes: null, undoneBy: null, ...over };
}

/** A journal the test appends to by hand. */
function feed(): JournalFeed & { emit(e: JournalEntry): void } {
  const listeners = new Set<(e: JournalEntry) => void>();
  return {
    onAppend(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    emit(e) {
      for (const l of listeners) l(e);
    },
  };
}

describe('receipts', () => {
  it('the receipt migration: messages keep their rows and gain an empty receipt; a stored receipt reads back, a forged one does not', () => {
    const db = new BetterSqlite3(join(tempHome(), 'app.sqlite'));
    migrate(db, appMigrations, 'app', { target: app0007MessageReceipt.version - 1 });
    db.prepare(`insert into sessions (id, agent_id, title, created_at, updated_at) values ('s1','default','t','t','t')`).run();
    db.prepare(`insert into messages (id, session_id, role, content, created_at) values ('m1','s1','assistant','hello','t')`).run();
    migrate(db, appMigrations, 'app');
    expect(schemaVersion(db)).toBe(appMigrations.at(-1)!.version);
    const store = new MessageStore(db);
    expect(store.get('m1')).toMatchObject({ content: 'hello', memory: null });
    expect(store.receiptOf('m1').receipt).toBeNull();

    const b = new TurnReceiptBuilder(null, { sessionId: 's1', userMessageId: null });
    b.read('memory-view', 'global', [{ kind: 'fact', scope: 'global', factId: 'abcdefabcdef', text: 'Drinks tea' }]);
    const m2 = store.append({ sessionId: 's1', role: 'assistant', content: 'ok', receipt: b.finish() });
    expect(m2.memory).toEqual({ items: 1, background: false, changes: [] });
    expect(store.receiptOf(m2.id).receipt?.reads[0].items[0]).toMatchObject({ factId: 'abcdefabcdef' });
    // A row edited by hand into something Monad never writes is not shown half-read.
    db.prepare(`update messages set receipt = ? where id = ?`).run(JSON.stringify({ version: 1, frozen: null, identity: [], reads: [], changes: [{ kind: 'remembered', journalId: 'drop table' }] }), m2.id);
    expect(store.receiptOf(m2.id).receipt).toBeNull();
    db.close();
  });

  it('turns only this turn’s journaled fact writes into lines, and never an undo', () => {
    const journal = feed();
    const b = new TurnReceiptBuilder(journal, { sessionId: 's1', userMessageId: 'u1' });
    const ours = { sessionId: 's1', messageId: 'u1' };
    journal.emit(entry({ id: 5, source: ours, after: { scope: 'global', id: 'abcdefabcdef', text: 'Drinks tea' } }));
    journal.emit(entry({ id: 6, source: { sessionId: 's2', messageId: 'u9' }, after: { scope: 'global', id: 'bbbbbbbbbbbb', text: 'Another chat' } }));
    journal.emit(entry({ id: 7, source: { via: 'app' }, actor: 'person', after: { scope: 'global', id: 'cccccccccccc', text: 'The person, elsewhere' } }));
    journal.emit(entry({ id: 8, source: ours, undoes: 5, action: 'fact.forgotten', before: { scope: 'global', id: 'abcdefabcdef', text: 'Drinks tea' } }));
    journal.emit(entry({ id: 9, layer: 'graph', action: 'relation.added', source: ours }));
    const { full } = b.finish();
    journal.emit(entry({ id: 10, source: ours, after: { scope: 'global', id: 'dddddddddddd', text: 'After the turn' } }));
    expect(full.changes).toEqual([{ kind: 'remembered', layer: 'facts', scope: 'global', text: 'Drinks tea', factId: 'abcdefabcdef', memoryId: null, journalId: 5, origin: 'inferred' }]);
  });

  it('says an edit and a forget in words, with the text before', () => {
    expect(changeOf(entry({ id: 3, action: 'fact.edited', before: { id: 'aaaaaaaaaaaa', text: 'Lives in Porto' }, after: { id: 'bbbbbbbbbbbb', text: 'Lives in Lisbon' } }))).toEqual({
      kind: 'updated',
      scope: 'global',
      text: 'Lives in Lisbon',
      before: 'Lives in Porto',
      factId: 'bbbbbbbbbbbb',
      journalId: 3,
      origin: 'inferred',
    });
    // The line says whose words a write was, as the Memory tab will (issue 27 §3).
    expect(changeOf(entry({ id: 4, source: { sessionId: 's1', messageId: 'u1', stated: true }, after: { id: 'aaaaaaaaaaaa', text: 'Has a cat' } }))).toMatchObject({ kind: 'remembered', origin: 'you' });
    expect(changeOf(entry({ id: 4, actor: 'person', source: { via: 'app' }, after: { id: 'aaaaaaaaaaaa', text: 'Has a cat' } }))).toMatchObject({ kind: 'remembered', origin: 'you' });
    expect(changeOf(entry({ id: 4, action: 'fact.forgotten', before: { id: 'aaaaaaaaaaaa', text: 'Has a cat' } }))).toMatchObject({ kind: 'forgotten', text: 'Has a cat', factId: 'aaaaaaaaaaaa' });
    expect(changeOf(entry({ action: 'fact.merged' }))).toBeNull();
  });

  it('keeps items the schema would refuse out of the receipt instead of losing the whole receipt', () => {
    const b = new TurnReceiptBuilder(null, { sessionId: 's1', userMessageId: null });
    b.read('graph-explore', 'x', [
      { kind: 'entity', scope: 'global', nodeId: 3, name: 'Ana', type: 'person', summary: '' },
      { kind: 'entity', scope: 'global', nodeId: -1, name: 'Bad', type: 'person', summary: '' },
    ]);
    b.change({ kind: 'proposed', scope: 'global', text: 'Waits in the inbox', proposalId: 'p1' });
    const { full, summary } = b.finish();
    expect(full.reads[0].items.map((i) => (i.kind === 'entity' ? i.name : ''))).toEqual(['Ana']);
    expect(summary.changes).toEqual([{ kind: 'proposed', scope: 'global', text: 'Waits in the inbox', proposalId: 'p1' }]);
    expect(turnReceiptSchema.safeParse({ ...full, extra: 1 }).success).toBe(false);
  });

  it('tells read from write on the memory chips', () => {
    const chip = (name: string, args: unknown, result: string, state: 'done' | 'running' | 'error' = 'done') => toolAccess({ callId: 'c', name, args, result, state });
    expect(chip('memory', { action: 'view' }, '2 facts in global:')).toBe('read');
    expect(chip('memory_search', { query: 'x' }, 'Nothing in your memory matches')).toBe('read');
    expect(chip('memory', { action: 'record', text: 'x' }, 'Recorded [abcdefabcdef] in global: "x".')).toBe('saved');
    expect(chip('memory', { action: 'delete', id: 'x' }, 'Deleted [abcdefabcdef] "x" from global.')).toBe('saved');
    expect(chip('memory', { action: 'record', text: 'x' }, 'Rejected, nothing was saved: looks like an instruction')).toBe('not-saved');
    expect(chip('memory', { action: 'record', text: 'x' }, 'Not saved: this is an incognito session')).toBe('not-saved');
    expect(chip('memory', { action: 'record', text: 'x' }, 'Already known as [abcdefabcdef] in global')).toBe('known');
    expect(chip('memory', { action: 'record', text: 'x' }, '', 'running')).toBe('writing');
    // Waiting in the Inbox ("Ask me first") is not saved (issue 27 §3).
    expect(chip('memory', { action: 'record', text: 'x' }, 'Pending, not saved yet: the person reviews memory writes first (proposal chat:1)')).toBe('pending');
    expect(chip('memory', { action: 'record', text: 'x' }, 'Already waiting for the person in their Inbox (proposal chat:1)')).toBe('pending');
    expect(chip('memory', { action: 'update' }, '', 'error')).toBe('not-saved');
    expect(chip('lookup_weather', { city: 'Lisbon' }, '{}')).toBeNull();
  });
});
