// mem0's LLM through Monad's own model registry (issue 18 §5): mem0 used to reach its model with its
// OpenAI client only, so an Anthropic memory model was refused. Its instances now get this object in place
// of their LLM: the same two methods mem0 calls (generateResponse, generateChat), answered by the AI SDK
// with the agent's memory model, whatever provider it is on, with the client's keys, timeout and usage
// accounting. mem0's own OpenAI client is never given a key (issue 26 §4: it followed redirects with it);
// the embedder is Monad's too (registry-embedder.ts).
import type { ModelMessage } from 'ai';
import { isAiError } from '../../llm/ai-errors';
import { loadAiSdk } from '../../llm/ai-sdk';
import type { LlmClient } from '../../llm/llm-client';
import { MEM0_LLM_TIMEOUT_MS } from './models';

/** The task name mem0's calls are counted under (LlmClient.usage). */
export const MEM0_TASK = 'mem0-extract';

interface Mem0Message {
  role: string;
  content: unknown;
}

/** What mem0 3.x calls on its `llm` (LLM interface in mem0ai/oss). */
export interface Mem0Llm {
  generateResponse(messages: Mem0Message[], responseFormat?: { type: string }, tools?: unknown[]): Promise<string>;
  generateChat(messages: Mem0Message[]): Promise<{ content: string; role: string }>;
}

function text(content: unknown): string {
  return typeof content === 'string' ? content : JSON.stringify(content);
}

export function registryLlm(llm: LlmClient, agentId: string | undefined): Mem0Llm {
  const call = async (messages: Mem0Message[], json: boolean): Promise<string> => {
    const { model, resolved } = await llm.languageModel('memory', agentId);
    const system = messages.filter((m) => m.role === 'system').map((m) => text(m.content)).join('\n\n');
    const rest: ModelMessage[] = messages
      .filter((m) => m.role !== 'system')
      .map((m) => (m.role === 'assistant' ? { role: 'assistant' as const, content: text(m.content) } : { role: 'user' as const, content: text(m.content) }));
    try {
      const { generateText, Output } = await loadAiSdk();
      const base = { model, system: system || undefined, messages: rest, maxRetries: 2, abortSignal: AbortSignal.timeout(MEM0_LLM_TIMEOUT_MS) };
      if (json) {
        // The provider's JSON mode where it has one (OpenAI-wire `response_format: json_object`).
        const r = await generateText({ ...base, output: Output.json() });
        llm.record(MEM0_TASK, r.usage);
        return JSON.stringify(r.output);
      }
      const r = await generateText(base);
      llm.record(MEM0_TASK, r.usage);
      return r.text;
    } catch (err) {
      // Not parseable as JSON here: mem0 reads fenced or wrapped JSON itself, so it gets the raw text.
      if (isAiError(err, 'AI_NoObjectGeneratedError') && typeof err.text === 'string') {
        llm.record(MEM0_TASK, err.usage);
        return err.text;
      }
      llm.record(MEM0_TASK, undefined);
      throw llm.providerError(err, resolved);
    }
  };
  return {
    generateResponse: (messages, responseFormat) => call(messages, responseFormat?.type === 'json_object'),
    generateChat: async (messages) => ({ content: await call(messages, false), role: 'assistant' }),
  };
}

/** Puts the registry's LLM in place of the one mem0 built from its config (checked at run time). */
export function installLlm(memory: object, replacement: Mem0Llm): void {
  const m = memory as { llm?: unknown };
  if (!('llm' in m)) throw new Error('this mem0 version keeps its LLM elsewhere; the registry model cannot be used');
  m.llm = replacement;
}
