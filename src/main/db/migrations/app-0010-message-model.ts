import type { Migration } from '../migrate';

// Which model wrote a reply (issue 29 §2): the provider's name and the model id as they were when the reply
// was written, so the chat can say "Local · llama3.2" even after the provider is renamed, removed or the
// chat is switched to another model. NULL for older replies, for messages the person wrote, and for lines
// no model wrote (a "remember that …" captured from the person's own words).
export const app0010MessageModel: Migration = {
  version: 10,
  name: 'message-model',
  up: `
    ALTER TABLE messages ADD COLUMN model_provider TEXT;
    ALTER TABLE messages ADD COLUMN model_id TEXT;
  `,
};
