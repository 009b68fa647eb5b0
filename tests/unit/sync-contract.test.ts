// The sync channels (issue 30 §5) through `dispatch`, on a home that does not sync: the state says so, and
// "sync now" says what to do instead of pretending. Which engine events wake which kinds of synced data.
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../src/main/contract/dispatch';
import { createHandlers } from '../../src/main/contract/handlers';
import { kindsChangedBy } from '../../src/main/engine-sync-live';
import { openEngine } from '../helpers/temp-home';

describe('sync channels on a home that does not sync', () => {
  it('sync.status is "not set up"; sync.now refuses with what to do', async () => {
    const handlers = createHandlers(openEngine());
    const status = await dispatch(handlers, 'sync.status', {});
    expect(status).toMatchObject({ ok: true, data: { state: 'not-set-up', relay: null, pending: 0, conflicts: 0, lastError: null } });
    const now = await dispatch(handlers, 'sync.now', {});
    expect(now.ok).toBe(false);
    if (!now.ok) {
      expect(now.error.code).toBe('BAD_INPUT');
      expect(now.error.message).toMatch(/does not sync with other devices yet.*monad sync now --relay URL --space NAME.*press Sync now again/);
    }
    expect((await dispatch(handlers, 'sync.status', { extra: 1 })).ok).toBe(false);
  });
});

describe('sync.pick: a fact or an identity file, one channel', () => {
  it('names an identity file by its path; a path outside the identity files is refused before any handler runs', async () => {
    const handlers = createHandlers(openEngine());
    // Valid input reaches the handler, which says there is nothing to pick between on a home that does not sync.
    for (const input of [{ kind: 'identity', file: 'USER.md', versionId: 'abc123' }, { kind: 'identity', file: 'agents/default/SOUL.md', versionId: 'abc123' }, { scope: 'global', factId: 'f1', versionId: 'v1' }]) {
      const r = await dispatch(handlers, 'sync.pick', input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toMatch(/cannot pick between versions|does not sync with other devices now/);
    }
    for (const file of ['../USER.md', 'core/USER.md', 'agents/../../x/SOUL.md', 'agents/default/NOTES.md', 'projects/p/AGENTS.md']) {
      const r = await dispatch(handlers, 'sync.pick', { kind: 'identity', file, versionId: 'abc123' });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe('BAD_INPUT');
      if (!r.ok) expect(r.error.message).not.toMatch(/cannot pick between versions|does not sync with other devices now/);
    }
    // A fact's fields with an identity file's kind, or the reverse, are neither.
    expect((await dispatch(handlers, 'sync.pick', { kind: 'identity', scope: 'global', factId: 'f1', versionId: 'v1' })).ok).toBe(false);
  });
});

describe('which engine events reconcile which kinds', () => {
  const kinds = ['facts', 'chat', 'graph', 'agents'];
  it('memory changes reach every kind but chats; chat events reach chats; config reaches agents', () => {
    expect(kindsChangedBy('memory.changed', kinds)).toEqual(['facts', 'graph', 'agents']);
    expect(kindsChangedBy('chat.message', kinds)).toEqual(['chat']);
    expect(kindsChangedBy('sessions.changed', kinds)).toEqual(['chat']);
    expect(kindsChangedBy('config.changed', kinds)).toEqual(['agents']);
    expect(kindsChangedBy('chat.delta', kinds)).toBeNull();
    // A dismissal in the Inbox writes no History entry: its own event sends it.
    expect(kindsChangedBy('inbox.changed', [...kinds, 'inbox'])).toEqual(['inbox']);
    expect(kindsChangedBy('inbox.changed', kinds)).toBeNull();
    // A kind that is not synced is never named.
    expect(kindsChangedBy('chat.message', ['facts'])).toBeNull();
  });
});
