// factMessages (memory/facts/fact-origins.ts): the one walk of a fact's earlier versions that the search's
// derived field and sync's fact sources both read.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/main/db/migrate';
import { memoryMigrations } from '../../src/main/db/migrations/memory';
import { FactOrigins, factMessages } from '../../src/main/memory/facts/fact-origins';
import { tempHome } from '../helpers/temp-home';

function origins() {
  const db = new BetterSqlite3(join(tempHome(), 'memory.sqlite'));
  migrate(db, memoryMigrations, 'memory');
  return { db, origins: new FactOrigins(db) };
}

describe('factMessages', () => {
  it("follows edits back to the first text, each message once, the fact's own rows before its earlier texts' rows", () => {
    const { db, origins: o } = origins();
    o.record({ scope: 'global', factId: 'aaa', origin: 'agent', event: 'recorded', sessionId: 's1', messageId: 'm1' });
    o.record({ scope: 'global', factId: 'bbb', origin: 'person', event: 'updated', previousId: 'aaa', sessionId: 's2', messageId: 'm2' });
    // An edit made from the same message again, and a later duplicate recording: still one entry each.
    o.record({ scope: 'global', factId: 'ccc', origin: 'agent', event: 'updated', previousId: 'bbb', sessionId: 's1', messageId: 'm1' });
    o.record({ scope: 'global', factId: 'ccc', origin: 'pasted', event: 'duplicate', sessionId: 's3', messageId: 'm3' });
    // Another scope's rows with the same ids are not read.
    o.record({ scope: 'agent:x', factId: 'ccc', origin: 'agent', event: 'recorded', messageId: 'm9' });
    const out = factMessages(db, 'global', ['ccc']);
    expect(out.get('ccc')).toEqual([
      { messageId: 'm1', sessionId: 's1', origin: 'agent' },
      { messageId: 'm3', sessionId: 's3', origin: 'pasted' },
      { messageId: 'm2', sessionId: 's2', origin: 'person' },
    ]);
    db.close();
  });

  it('ends a loop of previous ids, leaves out facts with no message, and asks only for the ids given', () => {
    const { db, origins: o } = origins();
    o.record({ scope: 'global', factId: 'aaa', origin: 'agent', event: 'updated', previousId: 'bbb', messageId: 'm1' });
    o.record({ scope: 'global', factId: 'bbb', origin: 'agent', event: 'updated', previousId: 'aaa', messageId: 'm2' });
    o.record({ scope: 'global', factId: 'ddd', origin: 'person', event: 'recorded' });
    const out = factMessages(db, 'global', ['aaa', 'ddd']);
    expect([...out.keys()]).toEqual(['aaa']);
    expect(out.get('aaa')!.map((m) => m.messageId)).toEqual(['m1', 'm2']);
    expect(factMessages(db, 'global', []).size).toBe(0);
    db.close();
  });
});
