// The facts layer as the no-tools capture writes to it (chat/no-tools-capture.ts): records go through the
// FactWriter (the memory model's check, then MemoryDir and so sanitizeFact), attributed to the person's
// message like a write by the memory tool in that turn; forgets are attributed the same way. The sink is
// declared here, by the layer that offers it: chat may import memory, never the other way.
import type { Agent, Config } from '../../../shared/config';
import type { Message, Session } from '../../../shared/domain';
import type { FactWriter } from './fact-writer';
import type { MemoryDir } from './memory-dir';

/** What the capture needs from the facts layer (the FactWriter's record and forget, and reading scopes). */
export interface StatementSink {
  /** Records through the FactWriter (memory model's check, then MemoryDir and so sanitizeFact). */
  record(scope: string, text: string, by: { session: Session; agent: Agent; userMessage: Message; signal: AbortSignal }): Promise<{ status: string; factId: string | null; text: string; reason: string | null }>;
  forget(scope: string, id: string, by: { session: Session; userMessage: Message }): { id: string; text: string };
  facts(scope: string): { id: string; text: string }[];
  /** False when nothing may be written from this session (incognito) or the backend writes by itself (mem0). */
  writable(session: Session): boolean;
}

export function statementSink(d: { memory: MemoryDir; writer: FactWriter; config: () => Config }): StatementSink {
  return {
    async record(scope, text, { session, agent, userMessage, signal }) {
      const origin = userMessage.origin ?? 'typed';
      const { result } = await d.writer.record(scope, text, {
        // Typed by the person: their own assertion (consolidation proposes rather than rewrites it). Text
        // pasted or forwarded into the message is someone else's words, written as the agent's would be.
        actor: origin === 'typed' ? 'person' : 'agent',
        source: { sessionId: session.id, messageId: userMessage.id, detail: 'said in the chat' },
        origin,
        agentId: agent.id,
        signal,
      });
      return { status: result.status, factId: result.fact?.id ?? null, text: result.fact?.text ?? text, reason: result.reason };
    },
    forget(scope, id, { session, userMessage }) {
      const f = d.writer.forget(scope, id, { actor: userMessage.origin === 'pasted' || userMessage.origin === 'forwarded' ? 'agent' : 'person', source: { sessionId: session.id, messageId: userMessage.id, detail: 'said in the chat' } });
      return { id: f.id, text: f.text };
    },
    facts(scope) {
      return d.memory.read(scope).facts;
    },
    writable(session) {
      return !session.incognito && d.config().memory.backend !== 'mem0';
    },
  };
}
