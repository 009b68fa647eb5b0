import type { Migration } from '../migrate';

// Per-chat settings (issue 29 §2): a chat's own instructions, temperature, maximum output tokens and
// context length, as JSON checked by shared/chat-settings.ts on every read (NULL: none, the agent's
// defaults apply). One JSON column rather than four: the set is read and written whole, never queried.
//
// `title_source`: where a chat's title came from: 'first-line' (the first message's opening words, set at
// once), 'generated' (the title model's, after the first exchange), 'kept' (the title model failed or
// answered junk: the first-line title stays, not asked again) or 'person' (typed in; never replaced).
// NULL for chats from before, which are never retitled.
export const app0012ChatSettings: Migration = {
  version: 12,
  name: 'chat-settings',
  up: `
    ALTER TABLE sessions ADD COLUMN settings TEXT;
    ALTER TABLE sessions ADD COLUMN title_source TEXT;
  `,
};
