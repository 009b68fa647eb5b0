// Issue 30 §2, graph support whose messages have not arrived yet: a relation from another device names the
// messages it was learned from, which travel with their chat, a kind of their own. Whatever order the kinds
// sync in, the graph's support-liveness pass on the receiving home keeps that support until the message
// arrives, and drops it as usual once the message, arrived, is deleted here.
import { describe, expect, it } from 'vitest';
import { derive, graphRelay, relations } from '../helpers/sync-graph-homes';

const relay = graphRelay();

describe('monad sync: graph support before its messages', () => {
  it("B's liveness pass keeps support for a message still on its way, and drops it once that message is deleted", async () => {
    const { a, b, sync } = relay.pair();
    const chat = a.sessions.create({ agentId: 'default' });
    const m = a.messages.append({ sessionId: chat.id, role: 'user', content: 'Sam started at Globex this week.', origin: 'typed' });
    derive(a, 'Sam', 'works_at', 'Globex', [m.id]);
    await sync(a);
    // B syncs the graph alone (its chats have not come yet), then runs the liveness pass.
    await sync(b, ['graph']);
    expect(b.messages.liveIds([m.id]).size).toBe(0);
    b.graph.reconcile();
    expect(relations(b)).toEqual([{ text: 'Sam works_at Globex', support: [m.id] }]);
    // The chat arrives: the support rests on a message here now.
    await sync(b);
    expect(b.messages.liveIds([m.id]).size).toBe(1);
    b.graph.reconcile();
    expect(relations(b)).toEqual([{ text: 'Sam works_at Globex', support: [m.id] }]);
    // Deleted here: no longer awaited, so the relation that rested only on it goes, as for any deleted chat.
    b.sessions.delete(chat.id);
    b.graph.reconcile();
    expect(relations(b)).toEqual([]);
  }, 60_000);
});
