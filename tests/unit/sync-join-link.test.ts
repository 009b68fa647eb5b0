// The invite link's parser (issue 30 §4): the link the invite's QR code carries is accepted exactly, and
// anything else a hostile page, message or paste could hand Monad is refused with words saying why.
import { describe, expect, it } from 'vitest';
import { inviteUri } from '../../src/main/sync/devices-service';
import { looksLikeJoinLink, parseSyncJoinLink } from '../../src/shared/sync-join-link';

const CODE = 'abandon-ability-able-about-above-absent';

function refused(raw: string): string {
  const r = parseSyncJoinLink(raw);
  if (r.ok) throw new Error(`accepted ${raw}`);
  return r.error;
}

describe('parseSyncJoinLink', () => {
  it('reads back what an invite makes, for wss and loopback ws relays, with or without a path', () => {
    for (const relay of ['wss://sync.example.org', 'ws://127.0.0.1:41234', 'wss://example.org:8443/monad']) {
      expect(parseSyncJoinLink(inviteUri(relay, CODE))).toEqual({ ok: true, link: { relay, code: CODE } });
    }
  });

  it('normalises the code as a person may have typed it, and trims the link', () => {
    const raw = `  monad://sync/join?relay=wss%3A%2F%2Fr.example.org%2F&code=Abandon%20ABILITY.able,about-above%20absent \n`;
    expect(parseSyncJoinLink(raw)).toEqual({ ok: true, link: { relay: 'wss://r.example.org', code: CODE } });
  });

  it.each([
    ['another scheme', `https://sync/join?relay=wss://r.example.org&code=${CODE}`, /starts with https:/],
    ['javascript:', `javascript:alert(1)//monad://sync/join?relay=wss://r&code=${CODE}`, /javascript:/],
    ['another path', `monad://app/index.html?relay=wss://r.example.org&code=${CODE}`, /not sync\/join/],
    ['a user in the link', `monad://me@sync/join?relay=wss://r.example.org&code=${CODE}`, /user name/],
    ['an extra parameter', `monad://sync/join?relay=wss://r.example.org&code=${CODE}&token=x`, /parameters an invite never has \(token\)/],
    ['two relays', `monad://sync/join?relay=wss://a.example.org&relay=wss://b.example.org&code=${CODE}`, /exactly one relay/],
    ['no code', 'monad://sync/join?relay=wss://r.example.org', /exactly one relay and one code/],
    ['an http relay', `monad://sync/join?relay=http://r.example.org&code=${CODE}`, /relay starts with http:/],
    ['a javascript relay', `monad://sync/join?relay=javascript:alert(1)&code=${CODE}`, /relay starts with javascript:/],
    ['a relay with credentials', `monad://sync/join?relay=${encodeURIComponent('wss://u:p@r.example.org')}&code=${CODE}`, /user name or password/],
    ['a relay with a query', `monad://sync/join?relay=${encodeURIComponent('wss://r.example.org/?x=1')}&code=${CODE}`, /query or a fragment/],
    ['five words', 'monad://sync/join?relay=wss://r.example.org&code=one-two-three-four-five', /not six words/],
    ['a code with markup', `monad://sync/join?relay=wss://r.example.org&code=${encodeURIComponent('<img src=x>-a-b-c-d-e')}`, /not six words/],
    ['a fragment', `monad://sync/join?relay=wss://r.example.org&code=${CODE}#x`, /fragment/],
    ['control characters', `monad://sync/join?relay=wss://r.example.org&code=${CODE}\u0007`, /control characters/],
    ['an overlong link', `monad://sync/join?relay=wss://r.example.org/${'a'.repeat(3000)}&code=${CODE}`, /characters long/],
    ['not a link', 'abandon-ability', /not a link/],
  ])('refuses %s, saying why and what to do', (_name, raw, why) => {
    const error = refused(raw);
    expect(error).toMatch(why);
    expect(error).toMatch(/copy it again .* or type the six words/);
  });
});

describe('looksLikeJoinLink', () => {
  it('tells a link from typed words and from a bare relay address', () => {
    expect(looksLikeJoinLink(inviteUri('wss://r.example.org', CODE))).toBe(true);
    expect(looksLikeJoinLink(' javascript:alert(1)')).toBe(true);
    expect(looksLikeJoinLink('abandon ability able about above absent')).toBe(false);
    expect(looksLikeJoinLink('wss://r.example.org')).toBe(false);
    expect(looksLikeJoinLink('ws:')).toBe(false); // a relay address half typed
  });
});
