// One chat turn: BeforeTurn hooks → system prompt → streamed model reply with tools (bounded steps) →
// every message persisted with its id, tool calls/results and token usage → AfterTurn hooks.
// A provider error or a cancel loses nothing the person saw: what arrived is written in one transaction,
// marked "Stopped" or "Cut off: <why>", or, when nothing arrived, a visible marker the person can retry from.
import { randomUUID } from 'node:crypto';
import type { Agent } from '../../shared/config';
import type { ChatTurnResult, Message, Session, ToolCall } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { EventBus } from '../events';
import { loadAiSdk, type AiSdk } from '../llm/ai-sdk';
import type { LlmClient, ModelHandle } from '../llm/llm-client';
import { isAbortError } from '../llm/provider-errors';
import type { AgentService } from '../agents/agent-service';
import type { HookRegistry } from './hooks';
import { classifyMessageOrigin } from './message-origin';
import type { MessageStore, NewMessage } from '../conversations/message-store';
import { DEFAULT_SESSION_TITLE, type SessionStore } from '../conversations/session-store';
import { turnRequest } from './turn-request';
import type { McpChatTools } from './mcp-chat-tools';
import { autoTitle } from './title';
import { spotlightToolResults } from './tool-results';
import type { ToolRegistry } from './tools';
import { TurnReceiptBuilder, type JournalFeed } from './turn-receipt';
import type { MemoryChange } from '../../shared/receipt';
import { cutOffMark, STOPPED_MARK } from '../../shared/reply-marks';
import type { ToolSupportGuard } from './no-tools-capture';
import type { AttachmentRefInput } from '../../shared/attachments';
import { type ChatAttachments, turnFiles } from './chat-attachments';

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
  /** MCP servers' tools (issue 19 §2), offered next to Monad's own. */
  mcpTools?: McpChatTools;
  /** Receipts: the journal, whose entries attributed to a turn become its "Memory updated" lines. */
  journal?: JournalFeed;
  /** Models without tool calling (issue 18 §2): tools left out, explicit statements captured. */
  toolSupport?: ToolSupportGuard;
  /** Files sent with messages (issue 29 §1): checked before a message is stored, quoted in its prompt. */
  attachments?: ChatAttachments;
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
  /** `replacing`: the id of a sent user message this text is a new version of (edit & resend). */
  async send(sessionId: string, text: string, opts: { pasted?: boolean; replacing?: string; attachments?: AttachmentRefInput[] } = {}): Promise<ChatTurnResult> {
    const session = this.d.sessions.get(sessionId);
    const agent = this.d.agents.get(session.agentId);
    // Fail before writing anything when no model is configured (the turn uses this handle).
    const handle = await this.d.llm.languageModel('chat', agent.id, session.chatModel);
    const { resolved } = handle;
    this.assertIdle(sessionId);
    // An edited message keeps its files unless the edit says otherwise (`attachments: []` sends none):
    // the edit box changes the words, and a resend that silently dropped the PDF would answer another question.
    const files = opts.attachments ?? (opts.replacing ? this.filesOf(sessionId, opts.replacing) : []);
    if (files.length) {
      if (!this.d.attachments) throw new MonadError('BAD_INPUT', 'This host does not take attachments');
      // Before anything is stored: a file that is gone, too many bytes, an image for a model that cannot see.
      this.d.attachments.checkSend(files, { kind: resolved.provider.kind, model: resolved.model, providerName: resolved.provider.name });
    }
    const origin = classifyMessageOrigin(text, opts.pasted === true);
    // edit & resend (branches): the edited message and what followed it are set aside, not deleted.
    const editRoot = opts.replacing ? this.setAsideForEdit(sessionId, opts.replacing) : null;
    const user = this.d.messages.append({ sessionId, role: 'user', content: text, origin, editRoot, attachments: files });
    this.d.events.emit('chat.message', { sessionId, message: user });
    if (session.title === DEFAULT_SESSION_TITLE && session.messageCount === 0) {
      this.d.sessions.setTitle(sessionId, autoTitle(text), 'first-line');
      this.d.events.emit('sessions.changed', { agentId: agent.id });
    } else {
      this.d.sessions.touch(sessionId);
    }
    const result = await this.runTurn(session, agent, user, handle);
    return { turnId: result.turnId, messages: [user, ...result.messages] };
  }

  async regenerate(sessionId: string): Promise<ChatTurnResult> {
    const session = this.d.sessions.get(sessionId);
    const agent = this.d.agents.get(session.agentId);
    const handle = await this.d.llm.languageModel('chat', agent.id, session.chatModel);
    this.assertIdle(sessionId);
    const all = this.allMessages(sessionId);
    const lastUser = all.map((m) => m.role).lastIndexOf('user');
    if (lastUser < 0) throw new MonadError('CONFLICT', 'There is no message to regenerate a reply for');
    this.d.messages.softDelete(all.slice(lastUser + 1).map((m) => m.id));
    return this.runTurn(session, agent, all[lastUser], handle);
  }

  /**
   * Shows another version of an edited message: the version on the path now, and what followed it, are
   * set aside; the chosen one comes back with exactly the replies it had. Nothing is sent to the model.
   */
  switchBranch(sessionId: string, messageId: string): void {
    this.assertIdle(sessionId);
    const target = this.d.messages.versionInfo(messageId);
    if (target.sessionId !== sessionId || target.role !== 'user') throw new MonadError('BAD_INPUT', 'That message is not a version of a message in this chat');
    if (target.active) return;
    const versions = this.d.messages.versions(sessionId, target.root);
    const current = versions.find((id) => id !== messageId && this.d.messages.versionInfo(id).active);
    if (!current) throw new MonadError('CONFLICT', 'That version belongs to a branch that is not shown; switch the earlier message first');
    this.d.transaction(() => {
      this.d.messages.setAside(sessionId, current);
      this.d.messages.restore(sessionId, messageId);
    });
    this.d.sessions.touch(sessionId);
  }

  private setAsideForEdit(sessionId: string, messageId: string): string {
    const info = this.d.messages.versionInfo(messageId);
    if (info.sessionId !== sessionId || info.role !== 'user') throw new MonadError('BAD_INPUT', 'Only your own messages in this chat can be edited');
    if (!info.active) throw new MonadError('CONFLICT', 'That message is not on the branch shown; switch to it first');
    this.d.messages.setAside(sessionId, messageId);
    return info.root;
  }

  /** The files a sent user message of this chat carried, as refs to send again. */
  private filesOf(sessionId: string, messageId: string): AttachmentRefInput[] {
    const m = this.d.messages.get(messageId);
    if (m.sessionId !== sessionId) return [];
    return (m.attachments ?? []).map((a) => ({ id: a.id, name: a.name }));
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

  private async runTurn(session: Session, agent: Agent, userMessage: Message, { model, resolved }: ModelHandle): Promise<ChatTurnResult> {
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
    // Each reply says which model wrote it (issue 29 §2): the name as it is now, kept if the provider changes.
    const writtenBy = { provider: resolved.provider.name, model: resolved.model };
    const idle = new IdleTimer(this.streamIdleTimeoutMs, () => ctrl.abort(new Error('stream timed out')));
    // Receipts: what memory this turn used and changed, stored with its last reply.
    const receipt = new TurnReceiptBuilder(this.d.journal ?? null, { sessionId, userMessageId: userMessage.id });
    // no-tools: a model that takes no tools gets none, and the person's "remember that …" is captured.
    const toolGuard = this.d.toolSupport?.begin({ session, agent, userMessage, resolved, signal: ctrl.signal });

    try {
      const blocks = await this.d.hooks.beforeTurn({ session, agent, userText, receipt }, (hook, err) => this.d.log(`[hooks] ${hook}.beforeTurn failed`, err));
      const all = this.allMessages(sessionId);
      // Attachments: each user message's files quoted after its words; what the current one sent goes on the receipt.
      const files = this.d.attachments ? turnFiles(this.d.attachments, all, resolved, userMessage.id) : null;
      if (files?.sent.length) receipt.attachments(files.sent);
      // Per-chat settings (issue 29 §2): the chat's instructions, context length and call settings.
      const request = turnRequest(agent, session, blocks, all, files?.contentOf);
      receipt.requestSettings(request.settings);
      // MCP tools (issue 19 §2): the silence timer is held while a call waits for the person's decision.
      const mcpTools = this.d.mcpTools ? await this.d.mcpTools.forTurn({ session, agent, signal: ctrl.signal, userMessage, holdIdle: () => idle.hold() }, new Set(this.d.tools.names())) : {};
      const ai = await loadAiSdk();
      const result = ai.streamText({
        model: toolGuard ? await toolGuard.wrap(model) : model, // no-tools
        system: request.system,
        messages: request.messages,
        ...request.call,
        tools: { ...(await this.d.tools.toToolSet({ session, agent, signal: ctrl.signal, userMessage, receipt, attachments: files?.current })), ...mcpTools },
        // Every tool result, replayed or fresh, reaches the model as quoted data (tool-results.ts).
        prepareStep: ({ messages }) => ({ messages: spotlightToolResults(messages) }),
        stopWhen: ai.stepCountIs(MAX_STEPS),
        abortSignal: ctrl.signal,
        maxRetries: 1,
        onError: () => {}, // errors are read from the stream below
      });
      idle.start();
      for await (const part of result.fullStream) {
        idle.bump();
        switch (part.type) {
          case 'start-step':
            current = { id: randomUUID(), sessionId, role: 'assistant', content: '', toolCalls: null, writtenBy };
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
            // Nothing lost (issue 29 §3): a stream that closed without the provider saying why it ended
            // was cut off, whichever wire it came over; the openai-compatible client reports it the same way.
            if (!failure && part.finishReason === 'other' && part.rawFinishReason === undefined) failure = streamEndedEarly(ai);
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
    // no-tools: what was captured from the person's words shows before the reply, like a tool write.
    if (toolGuard?.changes.length) {
      drafts.unshift(...toolGuard.captured());
      this.d.events.emit('chat.memory', { sessionId, turnId, changes: toolGuard.changes });
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
      // Nothing lost (issue 29 §3): a connection that drops mid-reply keeps what the person already saw,
      // marked as cut off with the reason; with nothing to keep, a marker keeps the error visible and
      // retryable. Receipts: memory written before the failure was written all the same, so it says so.
      const kept = shownSoFar(drafts);
      const last = kept.at(-1);
      if (last && last.role === 'assistant' && last.content !== '') last.error = cutOffMark(error.message);
      else kept.push({ id: randomUUID(), sessionId, role: 'assistant', content: '', error: error.message, writtenBy });
      attachReceipt(kept, receipt);
      const saved = this.persist(kept);
      const mark = saved.at(-1)!;
      this.d.events.emit('chat.turn', { sessionId, turnId, phase: 'error', error: error.toWire() });
      throw new MonadError(error.code, mark.error ?? error.message, { ...(error.details as object), turnId, messageId: mark.id });
    }

    if (cancelled) {
      // What the person already saw stays, marked as stopped.
      const kept = shownSoFar(drafts);
      const last = kept.at(-1);
      if (last && last.role === 'assistant') last.error = STOPPED_MARK;
      // chatfix: stopped before any text of this step: a bare "Stopped" marker, so the turn leaves a trace and a Retry.
      else kept.push({ id: randomUUID(), sessionId, role: 'assistant', content: '', error: STOPPED_MARK, writtenBy });
      attachReceipt(kept, receipt); // receipts: what was used and written before the stop still happened
      const saved = this.persist(kept);
      this.d.events.emit('chat.turn', { sessionId, turnId, phase: 'cancelled' });
      return { turnId, messages: saved };
    }

    const kept = drafts.filter((m) => m.role === 'tool' || m.content !== '' || m.toolCalls?.length);
    attachReceipt(kept, receipt); // receipts
    const saved = this.persist(kept);
    this.d.sessions.touch(sessionId);
    this.d.events.emit('chat.turn', { sessionId, turnId, phase: 'done' });
    // Receipts: what a layer learns from the turn later (mem0) is added to the reply's lines.
    const laterChanges = (changes: MemoryChange[]) => this.addLaterChanges(saved, changes);
    await this.d.hooks.afterTurn({ session, agent, userText, messages: saved, laterChanges }, (hook, err) => this.d.log(`[hooks] ${hook}.afterTurn failed`, err));
    return { turnId, messages: saved };
  }

  /** Receipts: changes made after the reply was stored join its receipt; the chat is told the reply changed. */
  private addLaterChanges(saved: Message[], changes: MemoryChange[]): void {
    const reply = saved.findLast((m) => m.role === 'assistant');
    if (!reply || !changes.length) return;
    try {
      const message = this.d.messages.addReceiptChanges(reply.id, changes);
      if (message) this.d.events.emit('chat.message', { sessionId: message.sessionId, message });
    } catch (err) {
      this.d.log('[receipts] could not add changes to the reply', err);
    }
  }

  private persist(drafts: DraftMessage[]): Message[] {
    if (!drafts.length) return [];
    const saved = this.d.transaction(() => drafts.map((m) => this.d.messages.append(m)));
    for (const message of saved) this.d.events.emit('chat.message', { sessionId: message.sessionId, message });
    return saved;
  }
}

function streamEndedEarly({ InvalidResponseDataError }: AiSdk): InstanceType<AiSdk['InvalidResponseDataError']> {
  return new InvalidResponseDataError({ data: undefined, message: 'Response stream ended without a finish reason.' });
}

/** What the person saw of an unfinished turn: text, tool calls and their results (empty steps dropped). */
function shownSoFar(drafts: DraftMessage[]): DraftMessage[] {
  return drafts.filter((m) => m.content !== '' || m.toolCalls?.length || m.role === 'tool');
}

/** The turn's receipt goes on its last reply; a turn that kept no reply keeps no receipt. */
function attachReceipt(drafts: DraftMessage[], receipt: TurnReceiptBuilder): void {
  const built = receipt.finish();
  const last = drafts.findLast((m) => m.role === 'assistant');
  if (last) last.receipt = built;
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
  private holds = 0;
  private stopped = false;
  constructor(
    private readonly ms: number,
    private readonly onIdle: () => void,
  ) {}
  start(): void {
    this.bump();
  }
  bump(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.holds > 0 || this.stopped) return;
    this.timer = setTimeout(this.onIdle, this.ms);
  }
  /** Silence is expected until the returned release is called (a tool call waiting for the person). */
  hold(): () => void {
    this.holds++;
    this.bump();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.holds--;
      this.bump();
    };
  }
  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
