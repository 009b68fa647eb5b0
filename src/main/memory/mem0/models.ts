// mem0's LLM and embedder, from Monad's model registry (roles `memory` per agent and `embedding`). Both are
// called through Monad's own client (mem0/registry-llm.ts, mem0/registry-embedder.ts), which holds the keys:
// mem0 itself is never given one. What is resolved here names the models (to key mem0's instances and say
// what is missing); the embedder may be any OpenAI or OpenAI-compatible server (OpenAI, Ollama, LM Studio, vLLM, …).
import type { Config } from '../../../shared/config';
import { MonadError } from '../../../shared/errors';
import { baseUrlOf } from '../../llm/provider-factory';
import { resolveModel, type ResolvedModel } from '../../llm/roles';

/** Which model, at which address: no key (the registry's client adds it per call). */
export interface ModelWire {
  baseURL: string;
  model: string;
}

export interface Mem0Models {
  /** null when no usable memory model: recall still works, observation does not. */
  llm: ModelWire | null;
  llmProblem: string | null;
  embedder: ModelWire | null;
  embedderProblem: string | null;
  label: { memory: string | null; embedding: string | null };
}

/** Extraction replies are short but local models can be slow. */
export const MEM0_LLM_TIMEOUT_MS = 120_000;

function wire(resolved: ResolvedModel): ModelWire {
  return {
    baseURL: baseUrlOf(resolved.provider),
    model: resolved.model,
  };
}

function usable(resolved: ResolvedModel | null, role: 'memory' | 'embedding', agentId?: string): string | null {
  if (!resolved) {
    return role === 'memory'
      ? `No memory model is configured${agentId ? ` for agent "${agentId}"` : ''}; mem0 cannot learn from conversations. Choose one in Settings → Models.`
      : 'mem0 needs an embedding model: choose one in Settings → Models (role "embedding").';
  }
  // The memory model is called through the registry (any provider); only the embedder needs the OpenAI wire.
  if (role === 'embedding' && resolved.provider.kind === 'anthropic') {
    return `mem0's embeddings need an OpenAI or OpenAI-compatible endpoint; the embedding model ${resolved.model} is on Anthropic (${resolved.provider.name}). Choose an OpenAI or OpenAI-compatible embedding model.`;
  }
  try {
    baseUrlOf(resolved.provider);
  } catch (err) {
    return (err as Error).message;
  }
  return null;
}

export function mem0Models(config: Config, agentId?: string): Mem0Models {
  const memory = resolveModel(config, 'memory', agentId);
  const embedding = resolveModel(config, 'embedding');
  const llmProblem = usable(memory, 'memory', agentId);
  const embedderProblem = usable(embedding, 'embedding');
  return {
    llm: memory && !llmProblem ? wire(memory) : null,
    llmProblem,
    embedder: embedding && !embedderProblem ? wire(embedding) : null,
    embedderProblem,
    label: {
      memory: memory ? `${memory.provider.name} / ${memory.model}` : null,
      embedding: embedding ? `${embedding.provider.name} / ${embedding.model}` : null,
    },
  };
}

export function requireEmbedder(models: Mem0Models): ModelWire {
  if (!models.embedder) throw new MonadError('NO_MODEL', models.embedderProblem ?? 'mem0 needs an embedding model');
  return models.embedder;
}

export function requireLlm(models: Mem0Models): ModelWire {
  if (!models.llm) throw new MonadError('NO_MODEL', models.llmProblem ?? 'mem0 needs a memory model');
  return models.llm;
}
