// One chat turn: BeforeTurn hooks → system prompt → streamed model reply with tools (bounded steps) →
// every message persisted with its id, tool calls/results and token usage → AfterTurn hooks.
// A provider error or a cancel never leaves half a turn behind: completed messages are written in one
// transaction, and the failure itself is recorded as a visible marker the person can retry from.
import { randomUUID } from 'node:crypto';
import { stepCountIs, streamText } from 'ai';
import type { Agent } from '../../shared/config';
import type { ChatTurnResult, Message, Session, ToolCall } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { EventBus } from '../events';
import type { LlmClient } from '../llm/llm-client';
import { isAbortError } from '../llm/provider-errors';
import type { AgentService } from '../agents/agent-service';
import type { HookRegistry } from './hooks';
import { toModelMessages } from './history';
import { classifyMessageOrigin } from './message-origin';
import type { MessageStore, NewMessage } from './message-store';
import { DEFAULT_SESSION_TITLE, type SessionStore } from './session-store';
import { buildSystemPrompt } from './system-prompt';
import { autoTitle } from './title';
import { spotlightToolResults } from './tool-results';
import type { ToolRegistry } from './tools';

/** Tool round trips per turn: enough for view → record → answer, bounded against a looping model. */
export const MAX_STEPS = 8;
/** A stream that goes quiet this long is treated as dead. */
export const STREAM_IDLE_TIMEOUT_MS = 90_000;

export interface ChatDeps {
  sessions: SessionStore;
  messages: MessageStore;
  agents: AgentService;
  llm: LlmClient;
  tools: ToolRegistry;
  hooks: HookRegistry;
  events: EventBus;
  transaction: <T>(fn: () => T) => T;
  log: (msg: string, err?: unknown) => void;
}

interface DraftMessage extends NewMessage {
  id: string;
}

export class ChatService {
  private running = new Map<string, AbortController>();
  /** How long a stream may stay silent before it counts as dead (settable for tests). */
  streamIdleTimeoutMs = STREAM_IDLE_TIMEOUT_MS;

  constructor(private readonly d: ChatDeps) {}

  isRunning(sessionId: string): boolean {
    return this.running.has(sessionId);
  }

  cancelAll(): void {
    for (const ctrl of this.running.values()) ctrl.abort();
  }

  cancel(sessionId: string): boolean {
    const ctrl = this.running.get(sessionId);
    if (!ctrl) return false;
    ctrl.abort();
    return true;
  }

  /** `pasted`: the composer saw most of the text arrive by paste (see message-origin.ts). */
  async send(sessionId: string, text: string, opts: { pasted?: boolean } = {}): Promise<ChatTurnResult> {
    const session = this.d.sessions.get(sessionId);
    const agent = this.d.agents.get(session.agentId);
    // Fail before writing anything when no model is configured.
    this.d.llm.languageModel('chat', agent.id);
    this.assertIdle(sessionId);
    const origin = classifyMessageOrigin(text, opts.pasted === true);
    const user = this.d.messages.append({ sessionId, role: 'user', content: text, origin });
    this.d.events.emit('chat.message', { sessionId, message: user });
    if (session.title === DEFAULT_SESSION_TITLE && session.messageCount === 0) {
      this.d.sessions.rename(sessionId, autoTitle(text));
      this.d.events.emit('sessions.changed', { agentId: agent.id });
    } else {
      this.d.sessions.touch(sessionId);
    }
    const result = await this.runTurn(session, agent, user);
    return { turnId: result.turnId, messages: [user, ...result.messages] };
  }

  async regenerate(sessionId: string): Promise<ChatTurnResult> {
    const session = this.d.sessions.get(sessionId);
    const agent = this.d.agents.get(session.agentId);
    this.d.llm.languageModel('chat', agent.id);
    this.assertIdle(sessionId);
    const all = this.allMessages(sessionId);
    const lastUser = all.map((m) => m.role).lastIndexOf('user');
    if (lastUser < 0) throw new MonadError('CONFLICT', 'There is no message to regenerate a reply for');
    this.d.messages.softDelete(all.slice(lastUser + 1).map((m) => m.id));
    return this.runTurn(session, agent, all[lastUser]);
  }

  private assertIdle(sessionId: string): void {
    if (this.running.has(sessionId)) throw new MonadError('BUSY', 'A reply is still being written in this chat; stop it first');
  }

  private allMessages(sessionId: string): Message[] {
    const out: Message[] = [];
    let before: string | undefined;
    for (;;) {
      const page = this.d.messages.list(sessionId, { before, limit: 1000 });
      out.unshift(...page.items);
      if (!page.nextCursor) return out;
      before = page.nextCursor;
    }
  }

  private async runTurn(session: Session, agent: Agent, userMessage: Message): Promise<ChatTurnResult> {
    const sessionId = session.id;
    const userText = userMessage.content;
    const turnId = randomUUID();
    const ctrl = new AbortController();
    this.running.set(sessionId, ctrl);
    this.d.events.emit('chat.turn', { sessionId, turnId, phase: 'started' });

    const drafts: DraftMessage[] = [];
    let current: DraftMessage | null = null;
    let failure: unknown = null;
    let cancelled = false;
    const { model, resolved } = this.d.llm.languageModel('chat', agent.id);
    const idle = new IdleTimer(this.streamIdleTimeoutMs, () => ctrl.abort(new Error('stream timed out')));

    try {
      const blocks = await this.d.hooks.beforeTurn({ session, agent, userText }, (hook, err) => this.d.log(`[hooks] ${hook}.beforeTurn failed`, err));
      const history = toModelMessages(this.allMessages(sessionId));
      const result = streamText({
        model,
        system: buildSystemPrompt(agent, blocks),
        messages: history,
        tools: this.d.tools.toToolSet({ session, agent, signal: ctrl.signal, userMessage }),
        // Every tool result, replayed or fresh, reaches the model as quoted data (tool-results.ts).
        prepareStep: ({ messages }) => ({ messages: spotlightToolResults(messages) }),
        stopWhen: stepCountIs(MAX_STEPS),
        abortSignal: ctrl.signal,
        maxRetries: 1,
        onError: () => {}, // errors are read from the stream below
      });
      idle.start();
      for await (const part of result.fullStream) {
        idle.bump();
        switch (part.type) {
          case 'start-step':
            current = { id: randomUUID(), sessionId, role: 'assistant', content: '', toolCalls: null };
            drafts.push(current);
            break;
          case 'text-delta':
            if (current && part.text) {
              current.content += part.text;
              this.d.events.emit('chat.delta', { sessionId, turnId, messageId: current.id, text: part.text });
            }
            break;
          case 'tool-call':
            if (current) {
              const call: ToolCall = { id: part.toolCallId, name: part.toolName, args: part.input };
              current.toolCalls = [...(current.toolCalls ?? []), call];
              this.d.events.emit('chat.tool', { sessionId, turnId, messageId: current.id, callId: call.id, name: call.name, state: 'running' });
            }
            break;
          case 'tool-result':
          case 'tool-error': {
            const isError = part.type === 'tool-error';
            const content = isError ? '' : stringifyToolOutput(part.output);
            drafts.push({
              id: randomUUID(),
              sessionId,
              role: 'tool',
              content,
              toolCallId: part.toolCallId,
              error: isError ? errorText(part.error) : null,
            });
            if (current) {
              this.d.events.emit('chat.tool', { sessionId, turnId, messageId: current.id, callId: part.toolCallId, name: part.toolName, state: isError ? 'error' : 'done' });
            }
            break;
          }
          case 'finish-step':
            if (current) current.usage = { input: part.usage.inputTokens ?? 0, output: part.usage.outputTokens ?? 0 };
            break;
          case 'error':
            failure = part.error;
            break;
          case 'abort':
            cancelled = true;
            break;
          default:
            break;
        }
      }
    } catch (err) {
      if (isAbortError(err) || ctrl.signal.aborted) cancelled = true;
      else failure = err;
    } finally {
      idle.stop();
      this.running.delete(sessionId);
    }

    const timedOut = ctrl.signal.reason instanceof Error && ctrl.signal.reason.message === 'stream timed out';
    if (timedOut) {
      cancelled = false;
      failure = new MonadError('PROVIDER_ERROR', `${resolved.provider.name} (${resolved.model}) stopped sending the reply. Retry, or check the server.`);
    }
    if (failure && isAbortError(failure)) {
      cancelled = true;
      failure = null;
    }

    if (failure) {
      const error = this.d.llm.providerError(failure, resolved);
      // Nothing half-saved: the partial reply is dropped; a marker keeps the error visible and retryable.
      const marker = this.persist([{ id: randomUUID(), sessionId, role: 'assistant', content: '', error: error.message }]);
      this.d.events.emit('chat.turn', { sessionId, turnId, phase: 'error', error: error.toWire() });
      throw new MonadError(error.code, error.message, { ...(error.details as object), turnId, messageId: marker[0].id });
    }

    if (cancelled) {
      // What the person already saw stays, marked as stopped.
      const kept = drafts.filter((m) => m.content !== '' || m.toolCalls?.length || m.role === 'tool');
      const last = kept.at(-1);
      if (last && last.role === 'assistant') last.error = 'Stopped';
      // chatfix: stopped before any text of this step: a bare "Stopped" marker, so the turn leaves a trace and a Retry.
      else kept.push({ id: randomUUID(), sessionId, role: 'assistant', content: '', error: 'Stopped' });
      const saved = this.persist(kept);
      this.d.events.emit('chat.turn', { sessionId, turnId, phase: 'cancelled' });
      return { turnId, messages: saved };
    }

    const saved = this.persist(drafts.filter((m) => m.role === 'tool' || m.content !== '' || m.toolCalls?.length));
    this.d.sessions.touch(sessionId);
    this.d.events.emit('chat.turn', { sessionId, turnId, phase: 'done' });
    await this.d.hooks.afterTurn({ session, agent, userText, messages: saved }, (hook, err) => this.d.log(`[hooks] ${hook}.afterTurn failed`, err));
    return { turnId, messages: saved };
  }

  private persist(drafts: DraftMessage[]): Message[] {
    if (!drafts.length) return [];
    const saved = this.d.transaction(() => drafts.map((m) => this.d.messages.append(m)));
    for (const message of saved) this.d.events.emit('chat.message', { sessionId: message.sessionId, message });
    return saved;
  }
}

function stringifyToolOutput(output: unknown): string {
  if (typeof output === 'string') return output;
  try {
    return JSON.stringify(output);
  } catch {
    return String(output);
  }
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

/** Aborts a stream that has gone silent; bumped on every part received. */
class IdleTimer {
  private timer: NodeJS.Timeout | null = null;
  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {}
  start(): void {
    this.bump();
  }
  bump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(this.onIdle, this.ms);
  }
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
