// Links the OS hands the desktop app (issue 30 §4): Monad registers monad:// as its protocol, so opening an
// invite link (`monad://sync/join?relay=…&code=…`, what the invite's QR code carries) starts or focuses the
// app — on macOS as an `open-url` event, on Windows and Linux as an argument of the (second) instance.
// Each link is parsed strictly (shared/sync-join-link.ts) and handed to the window as `sync.joinLink`, which
// opens Settings → Devices with the Join form filled; nothing joins until the person presses Join.
// Pure (no `electron` import), so the logic is tested in Node; index.ts wires it to Electron's events.
import { looksLikeJoinLink, parseSyncJoinLink, type SyncJoinLinkResult } from '../../shared/sync-join-link';
import { APP_SCHEME } from './renderer-url';

/**
 * The monad:// link among a process's arguments, if any. Chromium's own switches (`--foo`) and the app's
 * path are skipped; only an argument in our scheme counts, so a file path or another URL never does.
 */
export function linkFromArgv(argv: readonly string[]): string | null {
  const prefix = `${APP_SCHEME}:`;
  for (const arg of argv) if (!arg.startsWith('-') && arg.toLowerCase().startsWith(prefix)) return arg;
  return null;
}

/**
 * Holds links until the window can take them: a link that starts the app arrives before its page has loaded
 * (and on macOS before `ready`). Only the latest one is kept: a person opens one invite at a time.
 */
export class JoinLinkInbox {
  private pending: SyncJoinLinkResult | null = null;
  private deliver: ((r: SyncJoinLinkResult) => void) | null = null;

  /** A link from the OS. Anything that is not ours (monad://app/…, another scheme) is ignored. */
  receive(raw: string): void {
    if (!looksLikeJoinLink(raw)) return;
    const result = parseSyncJoinLink(raw);
    // A link to the app's own pages (monad://app/…) is not an invite: opening it must not show an error.
    if (!result.ok && !/^monad:\/\/sync\b/i.test(raw.trim())) return;
    this.pending = result;
    this.flush();
  }

  /** The window's page is ready (or null when it is gone): pending and later links go to `send`. */
  attach(send: ((r: SyncJoinLinkResult) => void) | null): void {
    this.deliver = send;
    this.flush();
  }

  private flush(): void {
    if (!this.deliver || !this.pending) return;
    const r = this.pending;
    this.pending = null;
    this.deliver(r);
  }
}
