// The invite's link (issue 30 §4): `monad://sync/join?relay=…&code=…`, what the invite's QR code carries
// and what the OS hands the app when a person opens it. One strict parser for every place a link can reach
// Monad (Settings → Devices, `monad sync join`, the desktop app's protocol handler). A link comes from
// outside — a scanned code, a chat message, a web page — so anything but exactly this shape is refused,
// in words. Pure (types + zod; no node imports): the renderer runs it too. The engine still checks the
// relay's address (ws:// only to this machine) and the code's words against the word list when it joins.
import { z } from 'zod';

/** Longer than any real invite (a relay address and six short words); refuses pasted walls of text. */
export const JOIN_LINK_MAX_CHARS = 2048;

/** The invite's six words, in shape: 3–8 lowercase letters each (the BIP-39 list's words), hyphenated. */
const CODE_SHAPE = /^[a-z]{3,8}(?:-[a-z]{3,8}){5}$/;

export const SyncJoinLinkSchema = z.object({
  /** The relay's ws:// or wss:// address, as the link carried it (no trailing slash). */
  relay: z.string().min(1).max(JOIN_LINK_MAX_CHARS),
  /** The six words, lowercase, joined by hyphens. */
  code: z.string().regex(CODE_SHAPE),
});
export type SyncJoinLink = z.infer<typeof SyncJoinLinkSchema>;

export type SyncJoinLinkResult = { ok: true; link: SyncJoinLink } | { ok: false; error: string };

/** True when text someone pasted or passed is meant as a link (so it is parsed as one, never as a code). */
export function looksLikeJoinLink(text: string): boolean {
  // A relay's own address (ws:, wss:, even half typed) is not a link to parse.
  return /^\s*[a-z][a-z0-9+.-]*:/i.test(text) && !/^\s*wss?:/i.test(text);
}

const refuse = (why: string): SyncJoinLinkResult => ({
  ok: false,
  error: `This is not a Monad invite link: ${why}. An invite link looks like monad://sync/join?relay=wss://…&code=six-words — copy it again from the inviting device's Settings → Devices, or type the six words and the relay's address.`,
});

export function parseSyncJoinLink(raw: string): SyncJoinLinkResult {
  const text = raw.trim();
  if (text.length > JOIN_LINK_MAX_CHARS) return refuse(`it is ${text.length} characters long, more than any invite`);
  // Control characters have no place in a link; URL parsing would silently drop some of them.
  if (/[\u0000-\u001f\u007f\s]/.test(text)) return refuse('it contains spaces or control characters');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return refuse('it is not a link at all');
  }
  if (url.protocol !== 'monad:') return refuse(`it starts with ${url.protocol}, not monad:`);
  if (url.username || url.password || url.port) return refuse('it carries a user name, password or port');
  if (url.host !== 'sync' || url.pathname !== '/join') return refuse(`it points at ${url.host}${url.pathname}, not sync/join`);
  if (url.hash) return refuse('it has a #fragment');
  const keys = [...url.searchParams.keys()];
  const unknown = keys.filter((k) => k !== 'relay' && k !== 'code');
  if (unknown.length > 0) return refuse(`it has parameters an invite never has (${unknown.slice(0, 3).join(', ')})`);
  const relays = url.searchParams.getAll('relay');
  const codes = url.searchParams.getAll('code');
  if (relays.length !== 1 || codes.length !== 1) return refuse('it needs exactly one relay and one code');
  const relay = checkLinkRelay(relays[0]!);
  if (typeof relay !== 'string') return relay;
  const code = codes[0]!.toLowerCase().split(/[^a-z]+/).filter(Boolean).join('-');
  const parsed = SyncJoinLinkSchema.safeParse({ relay, code });
  if (!parsed.success) return refuse('its code is not six words');
  return { ok: true, link: parsed.data };
}

/** The relay inside a link: a plain ws(s) address; credentials, a query or a fragment are never part of one. */
function checkLinkRelay(value: string): string | SyncJoinLinkResult {
  let relay: URL;
  try {
    relay = new URL(value);
  } catch {
    return refuse('its relay is not an address');
  }
  if (relay.protocol !== 'ws:' && relay.protocol !== 'wss:') return refuse(`its relay starts with ${relay.protocol}, not wss:// or ws://`);
  if (relay.username || relay.password) return refuse('its relay address carries a user name or password');
  if (relay.search || relay.hash) return refuse('its relay address has a query or a fragment');
  return value.replace(/\/+$/, '');
}
