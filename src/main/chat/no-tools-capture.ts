// Chat models without tool calling still remember (issue 18 §2).
//
// Per turn, the chat model is wrapped (AI SDK middleware) so that:
//   - a model known not to take tools is never offered any: the tools are left out of the request, earlier
//     tool traffic in the history is left out too, and the model is told memory is kept without it;
//   - a model that answers a request with tools by saying it does not support them (Ollama's 400 "… does
//     not support tools", LM Studio's, llama.cpp's, vLLM's wording: llm/model-capabilities.ts) is
//     remembered as such, per provider + model, and the same step is sent again at once without tools, so
//     the person still gets an answer from this turn;
//   - whenever tools are off, the person's explicit statements ("remember that …", "forget that …", "from
//     now on call me …", in the languages of chat/explicit-statements.ts) are carried out without the
//     model, through the FactWriter (so through sanitizeFact, the only door), attributed to the message.
// Each captured change is kept in the turn as a `memory` tool call and its result (so it shows on the reply
// exactly as a write by the tool does) and reported as a CapturedChange.
import { randomUUID } from 'node:crypto';
import type { LanguageModel, LanguageModelMiddleware } from 'ai';
import { loadAiSdk } from '../llm/ai-sdk';
import type { Agent } from '../../shared/config';
import type { Message, Session, ToolCall } from '../../shared/domain';
import type { CapturedChange } from '../../shared/captured-change';
import type { ModelCapabilities } from '../llm/model-capabilities';
import { noToolsReason, probeToolSupport } from '../llm/model-capabilities';
import type { ResolvedModel } from '../llm/roles';
import { agentScope, projectScope } from '../memory/scope';
import { findStatements, factMatches, type Statement } from './explicit-statements';
import type { NewMessage } from '../conversations/message-store';
import type { StatementSink } from '../memory/facts/statement-sink';

/** Told to a model that gets no tools, so it neither pretends to call one nor says it cannot remember. */
export const NO_TOOLS_NOTE =
  'Tools are not available with this model: ignore any mention of tools above and answer directly. Memory still works: when the person says "remember that …", "forget that …" or "from now on call me …", Monad saves or removes it by itself.';

/** More matches than this for one "forget that …" is too vague to act on: nothing is removed, and the reply says why. */
export const MAX_FORGET_MATCHES = 3;

export interface ToolSupportDeps {
  capabilities: ModelCapabilities;
  sink: StatementSink;
  /** The key for a provider (metadata probes of local servers send it like any call). */
  keyFor?: (resolved: ResolvedModel) => string | null;
  log: (msg: string, err?: unknown) => void;
}

export interface TurnInput {
  session: Session;
  agent: Agent;
  userMessage: Message;
  resolved: ResolvedModel;
  signal: AbortSignal;
}

/** The synthetic call + result a capture adds to the turn, as drafts for the agent loop. */
export type CapturedDraft = NewMessage & { id: string };

export class ToolSupportGuard {
  /** Metadata probes already started in this process (one per provider + model). */
  private probed = new Set<string>();

  constructor(private readonly d: ToolSupportDeps) {}

  begin(input: TurnInput): TurnToolGuard {
    this.probeInBackground(input.resolved);
    return new TurnToolGuard(this.d, input);
  }

  /**
   * Local OpenAI-compatible servers say in their model metadata whether a model takes tools: asked once,
   * beside the turn (never in front of it), and only while nothing is known yet.
   */
  private probeInBackground(resolved: ResolvedModel): void {
    if (resolved.provider.kind !== 'openai-compatible' || !resolved.provider.baseURL) return;
    const key = `${resolved.provider.id}\u0000${resolved.model}`;
    if (this.probed.has(key) || this.d.capabilities.supportsTools(resolved.provider.id, resolved.model) !== null) return;
    this.probed.add(key);
    const apiKey = this.d.keyFor?.(resolved) ?? null;
    void probeToolSupport(resolved.provider.baseURL, resolved.model, apiKey).then(
      (tools) => {
        if (tools === null || this.d.capabilities.supportsTools(resolved.provider.id, resolved.model) !== null) return;
        this.d.capabilities.remember(resolved.provider.id, resolved.model, tools, 'metadata', tools ? 'the server lists tool support for this model' : 'the server does not list tool support for this model');
      },
      (err) => this.d.log('[models] reading model metadata failed', err),
    );
  }
}

export class TurnToolGuard {
  private toolsOff: boolean;
  private captureRun: Promise<void> | null = null;
  private drafts: CapturedDraft[] = [];
  readonly changes: CapturedChange[] = [];
  /** The provider's words when this turn learned that the model takes no tools. */
  learned: string | null = null;

  constructor(
    private readonly d: ToolSupportDeps,
    private readonly input: TurnInput,
  ) {
    this.toolsOff = d.capabilities.supportsTools(input.resolved.provider.id, input.resolved.model) === false;
  }

  /** Whether this turn offers tools to the model (false once the model is known to take none). */
  offersTools(): boolean {
    return !this.toolsOff;
  }

  /** The chat model, wrapped: tools left out when the model takes none; one retry without them when it says so. */
  async wrap(model: LanguageModel): Promise<LanguageModel> {
    if (typeof model === 'string') return model;
    const { wrapLanguageModel } = await loadAiSdk();
    const middleware: LanguageModelMiddleware = {
      specificationVersion: 'v3',
      transformParams: async ({ params }) => (this.toolsOff ? this.withoutTools(params) : params),
      wrapStream: async ({ doStream, params, model: inner }) => {
        if (this.toolsOff || !params.tools?.length) return doStream();
        try {
          return await doStream();
        } catch (err) {
          const reason = noToolsReason(err);
          if (!reason) throw err;
          const { provider, model: id } = this.input.resolved;
          this.d.capabilities.remember(provider.id, id, false, 'error', reason);
          this.d.log(`[models] ${provider.name} (${id}) does not take tools (${reason}); it will not be offered any again`);
          this.toolsOff = true;
          this.learned = reason;
          // The same step again, at once, without tools: the person still gets this turn's answer.
          return inner.doStream(await this.withoutTools(params));
        }
      },
    };
    return wrapLanguageModel({ model: model as Parameters<typeof wrapLanguageModel>[0]['model'], middleware });
  }

  /** The captured call/result messages, to be saved before the model's reply (empty when nothing was said). */
  captured(): CapturedDraft[] {
    return this.drafts;
  }

  private async withoutTools<P extends { tools?: unknown; toolChoice?: unknown; prompt: Prompt }>(params: P): Promise<P> {
    this.captureRun ??= this.capture().catch((err) => this.d.log('[memory] capturing an explicit statement failed', err));
    await this.captureRun;
    const prompt = withoutToolTraffic(params.prompt);
    const notes = [NO_TOOLS_NOTE, ...this.changes.map(describeForModel)];
    const firstNonSystem = prompt.findIndex((m) => m.role !== 'system');
    const at = firstNonSystem < 0 ? prompt.length : firstNonSystem;
    prompt.splice(at, 0, { role: 'system', content: notes.join('\n') });
    return { ...params, tools: undefined, toolChoice: undefined, prompt };
  }

  private async capture(): Promise<void> {
    const { session, userMessage } = this.input;
    const statements = findStatements(userMessage.content);
    if (!statements.length) return;
    if (!this.d.sink.writable(session)) return;
    for (const s of statements) {
      const change = s.kind === 'forget' ? this.forget(s) : await this.remember(s);
      if (!change) continue;
      this.changes.push(change);
      this.addDrafts(s, change);
    }
  }

  private async remember(s: Exclude<Statement, { kind: 'forget' }>): Promise<CapturedChange> {
    // Facts the person states about themselves are for every agent: the global scope.
    const r = await this.d.sink.record('global', s.text, this.input);
    const written = r.status === 'recorded' || r.status === 'updated' || r.status === 'duplicate';
    return {
      action: written ? 'remembered' : 'rejected',
      scope: written ? 'global' : null,
      factId: written ? r.factId : null,
      text: r.text,
      reason: written ? null : r.reason,
      via: 'statement',
    };
  }

  private forget(s: Extract<Statement, { kind: 'forget' }>): CapturedChange | null {
    const { session } = this.input;
    const scopes = ['global', agentScope(session.agentId), ...(session.projectKey ? [projectScope(session.projectKey)] : [])];
    const hits = scopes.flatMap((scope) => this.d.sink.facts(scope).filter((f) => factMatches(f.text, s.text)).map((f) => ({ scope, ...f })));
    if (!hits.length) {
      return { action: 'rejected', scope: null, factId: null, text: s.text, reason: 'Nothing in memory matched, so nothing was forgotten.', via: 'statement' };
    }
    if (hits.length > MAX_FORGET_MATCHES) {
      return {
        action: 'rejected',
        scope: null,
        factId: null,
        text: s.text,
        reason: `${hits.length} remembered facts match; nothing was forgotten. Say it more precisely, or remove the right one in the Memory tab.`,
        via: 'statement',
      };
    }
    // One change per removed fact would be clearer, but one statement is one line on the reply: the first
    // removed fact is named, and the rest are counted in the text.
    const removed = hits.map((h) => ({ scope: h.scope, ...this.d.sink.forget(h.scope, h.id, this.input) }));
    const more = removed.length > 1 ? ` (and ${removed.length - 1} more)` : '';
    return { action: 'forgotten', scope: removed[0].scope, factId: removed[0].id, text: `${removed[0].text}${more}`, reason: null, via: 'statement' };
  }

  private addDrafts(s: Statement, change: CapturedChange): void {
    const { session } = this.input;
    const call: ToolCall = {
      id: `statement-${randomUUID()}`,
      name: 'memory',
      args: s.kind === 'forget' ? { action: 'delete', text: s.text, via: 'statement' } : { action: 'record', scope: 'global', text: s.text, via: 'statement' },
    };
    this.drafts.push({ id: randomUUID(), sessionId: session.id, role: 'assistant', content: '', toolCalls: [call] });
    this.drafts.push({ id: randomUUID(), sessionId: session.id, role: 'tool', content: describeForPerson(change), toolCallId: call.id, error: null });
  }
}

type Prompt = { role: string; content: unknown }[];

/**
 * The history without tool traffic: a model that takes no tools must not be sent tool calls or results
 * (servers reject them, or the model imitates them). The assistant's words around them stay.
 */
export function withoutToolTraffic<P extends Prompt>(prompt: P): P {
  const out: Prompt = [];
  for (const m of prompt) {
    if (m.role === 'tool') continue;
    if (m.role === 'assistant' && Array.isArray(m.content)) {
      const kept = (m.content as { type: string }[]).filter((p) => p.type !== 'tool-call' && p.type !== 'tool-result');
      if (!kept.length) continue;
      out.push({ ...m, content: kept });
      continue;
    }
    out.push(m);
  }
  return out as P;
}

/** What the tool result says, in the words the memory tool uses for its own writes. */
export function describeForPerson(c: CapturedChange): string {
  switch (c.action) {
    case 'remembered':
      return `Remembered [${c.factId}] in ${c.scope}: "${c.text}".`;
    case 'updated':
      return `Updated [${c.factId}] in ${c.scope}: "${c.text}".`;
    case 'forgotten':
      return `Forgot [${c.factId}] "${c.text}" from ${c.scope}.`;
    case 'rejected':
      return `Not saved: ${c.reason ?? 'refused'}`;
  }
}

function describeForModel(c: CapturedChange): string {
  switch (c.action) {
    case 'remembered':
    case 'updated':
      return `Saved to memory from the person's message just now (quoted data): ${JSON.stringify(c.text)}. You may say it is remembered.`;
    case 'forgotten':
      return `Removed from memory at the person's request just now (quoted data): ${JSON.stringify(c.text)}.`;
    case 'rejected':
      return `The person asked to remember or forget something, but it was not done: ${c.reason ?? 'refused'}. Tell them briefly.`;
  }
}
