// Helpers for the chats kind's tests (issue 30 §2): a chat with an edited-and-resent branch, a file and
// its own settings, and a comparable view of a chat as a home holds it.
import type { Engine } from '../../src/main/engine';
import { replyMemoryOf } from '../../src/shared/receipt';

/**
 * A chat with everything that travels: a person's title, instructions and a temperature, a first question
 * with a file, a reply by a named model, then the question edited and resent (the first version and its
 * reply set aside on a branch) and a new reply with its memory receipt.
 */
export async function chatWithBranch(engine: Engine, t0 = Date.UTC(2026, 2, 1, 9)): Promise<string> {
  const at = (s: number) => new Date(t0 + s * 1000).toISOString();
  const s = engine.sessions.create({ agentId: 'default', createdAt: at(0) });
  engine.sessions.rename(s.id, 'Beekeeping plans');
  engine.sessions.setSettings(s.id, { systemPrompt: 'Answer like a patient beekeeper.', temperature: 0.4 });
  const file = await engine.attachments.add('hives.txt', Buffer.from('Hive 1: strong\nHive 2: queenless\n').toString('base64'));
  const q1 = engine.messages.append({ sessionId: s.id, role: 'user', content: 'How many hives should I start with?', origin: 'typed', createdAt: at(1), attachments: [{ id: file.id, name: 'hives.txt' }] });
  engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'Two, so you can compare them.', createdAt: at(2), writtenBy: { provider: 'local', model: 'llama3.2' } });
  engine.messages.setAside(s.id, q1.id);
  engine.messages.append({ sessionId: s.id, role: 'user', content: 'How many hives for a small roof?', origin: 'typed', editRoot: q1.id, createdAt: at(3) });
  // The reply that ends the turn carries its memory receipt (issue 16), with a line naming this home's History.
  const full = { version: 1 as const, frozen: null, identity: [], reads: [], changes: [{ kind: 'forgotten' as const, scope: 'global', text: 'Keeps bees on a balcony', factId: null, journalId: 7 }] };
  engine.messages.append({ sessionId: s.id, role: 'assistant', content: 'One, on a roof that size.', createdAt: at(4), writtenBy: { provider: 'local', model: 'llama3.2' }, receipt: { full, summary: replyMemoryOf(full) } });
  return s.id;
}

/**
 * A chat as the person sees it, every branch included, in a form two homes can be compared by (a hidden
 * message's branch number is left out: it is never shown, and a device that hid it first never sent it).
 */
export function chatView(engine: Engine, sessionId: string) {
  const s = engine.sessions.get(sessionId);
  const rows = engine.appDb
    .prepare(`SELECT id, role, content, created_at, edit_root, CASE WHEN deleted_at IS NULL THEN inactive END AS inactive, origin, model_provider, model_id, deleted_at IS NOT NULL AS hidden FROM messages WHERE session_id = ? ORDER BY seq`)
    .all(sessionId);
  const page = engine.messages.list(sessionId);
  return {
    session: { id: s.id, agentId: s.agentId, title: s.title, settings: s.settings, incognito: s.incognito, createdAt: s.createdAt, messageCount: s.messageCount },
    titleSource: engine.sessions.titleSource(sessionId),
    rows,
    shown: page.items.map((m) => ({ id: m.id, content: m.content, branch: m.branch ?? null, writtenBy: m.writtenBy ?? null, files: (m.attachments ?? []).map((f) => [f.name, f.id, f.size]) })),
  };
}
