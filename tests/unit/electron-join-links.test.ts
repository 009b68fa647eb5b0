// The desktop app's monad:// handling (issue 30 §4), in Node: the Electron wiring in src/main/index.ts
// (setAsDefaultProtocolClient, open-url, second-instance) cannot run here (no Electron binary), so the
// logic it calls is tested directly: which argument is the link, and that a link reaches the window only
// when its page is ready, parsed, with hostile invite links refused in words and other links ignored.
import { describe, expect, it } from 'vitest';
import { JoinLinkInbox, linkFromArgv } from '../../src/main/electron/join-links';
import { inviteUri } from '../../src/main/sync/devices-service';
import type { SyncJoinLinkResult } from '../../src/shared/sync-join-link';

const CODE = 'abandon-ability-able-about-above-absent';
const LINK = inviteUri('wss://relay.example.org', CODE);

describe('linkFromArgv', () => {
  it('finds the link among the second instance argv (Windows/Linux), never a switch or a path', () => {
    expect(linkFromArgv(['/opt/Monad/monad', '--allow-file-access-from-files', LINK])).toBe(LINK);
    expect(linkFromArgv(['C:\\Monad\\Monad.exe', '--', 'MONAD://sync/join?x'])).toBe('MONAD://sync/join?x');
    expect(linkFromArgv(['/opt/Monad/monad', '--monad://sync/join', '/home/me/notes.md', 'https://example.org'])).toBeNull();
  });
});

describe('JoinLinkInbox', () => {
  it('holds a link that started the app until the page is ready, then hands it over once', () => {
    const inbox = new JoinLinkInbox();
    const got: SyncJoinLinkResult[] = [];
    inbox.receive(LINK);
    expect(got).toEqual([]);
    inbox.attach((r) => got.push(r));
    expect(got).toEqual([{ ok: true, link: { relay: 'wss://relay.example.org', code: CODE } }]);
    inbox.attach((r) => got.push(r)); // a reload does not replay it
    expect(got).toHaveLength(1);
  });

  it('passes a hostile invite link on as a refusal in words, and ignores links that are not invites', () => {
    const inbox = new JoinLinkInbox();
    const got: SyncJoinLinkResult[] = [];
    inbox.attach((r) => got.push(r));
    inbox.receive(`${LINK}&token=x`);
    inbox.receive('monad://sync/join?relay=javascript:alert(1)&code=' + CODE);
    inbox.receive('monad://app/index.html');
    inbox.receive('https://evil.example.org/?monad://sync/join');
    expect(got.map((r) => r.ok)).toEqual([false, false]);
    expect(got[0]).toMatchObject({ error: expect.stringMatching(/parameters an invite never has \(token\)/) });
    expect(got[1]).toMatchObject({ error: expect.stringMatching(/relay starts with javascript:/) });
  });

  it('keeps links while the window is gone and delivers the latest when a new one is ready', () => {
    const inbox = new JoinLinkInbox();
    inbox.attach(() => undefined);
    inbox.attach(null);
    inbox.receive(inviteUri('wss://old.example.org', CODE));
    inbox.receive(LINK);
    const got: SyncJoinLinkResult[] = [];
    inbox.attach((r) => got.push(r));
    expect(got).toEqual([{ ok: true, link: { relay: 'wss://relay.example.org', code: CODE } }]);
  });
});
