// What the sync kinds send passes the engine's egress filter (issue 26 §2, issue 30 §2): a stored secret —
// a provider key pasted into a chat, a tool server's token in an identity file — never reaches the relay
// inside a synced record; it leaves as `[REDACTED:stored-secret]`, as from every other exit of the engine.
import type { Engine } from './engine';
import type { OutgoingFilter } from './sync/sync-kind';

export const syncOutgoing = (engine: Engine): OutgoingFilter => (v) => engine.egress.value(v);
