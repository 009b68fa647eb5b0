// The relay's notices to live devices (live-sync-notices.ts) come from the network: only the two shapes the
// relay sends are read, and a changed name is never the root document or something that is not a name.
import { describe, expect, it } from 'vitest';
import { changeNotice, NOTICES_HELLO, parseNotice, splitDocName } from '../../src/main/sync/live-sync-notices';

describe('relay notices', () => {
  it('reads what the relay sends', () => {
    expect(parseNotice(NOTICES_HELLO)).toEqual({ hello: true });
    expect(parseNotice(changeNotice('facts/project:garden'))).toEqual({ changed: 'facts/project:garden' });
    expect(parseNotice(changeNotice('chat/5f0c1d2e-aaaa-bbbb-cccc-111122223333'))).toEqual({ changed: 'chat/5f0c1d2e-aaaa-bbbb-cccc-111122223333' });
  });

  it('ignores anything else', () => {
    for (const payload of ['', 'not json', 'null', '42', '"changed"', '[]', '{}', '{"notices":2}', '{"changed":7}', '{"changed":""}', '{"changed":"home"}', JSON.stringify({ changed: 'x'.repeat(513) }), '{"__proto__":{"changed":"facts/global"}}']) {
      expect(parseNotice(payload), payload).toBeNull();
    }
  });

  it('splits a relay document name into its home and its name inside the home', () => {
    expect(splitDocName('home-1/facts/global')).toEqual({ space: 'home-1', local: 'facts/global' });
    expect(splitDocName('home-1/home')).toEqual({ space: 'home-1', local: 'home' });
    for (const bad of ['', 'nohome', '/facts/global', 'home-1/']) expect(splitDocName(bad), bad).toBeNull();
  });
});
