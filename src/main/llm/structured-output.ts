// Asking providers for structured output. OpenAI takes `response_format: json_schema` with strict mode;
// Ollama (0.5+) and LM Studio take the same field on their OpenAI-compatible endpoints (LM Studio takes
// only json_schema, not json_object); Anthropic gets it through the AI SDK as a forced tool or native
// structured output. Servers that take none of these (older llama.cpp builds, some proxies) answer 400,
// and the task is asked again with the JSON format in the prompt only.
import type { OutputInterface } from 'ai';
import { isAiError } from './ai-errors';
import { z } from 'zod';
import type { LlmTask } from './task';

type JsonNode = Record<string, unknown>;

// OpenAI's strict mode rejects schemas with keywords it does not support, and requires every property
// to be listed as required with no others allowed; the lenient reader (reply-shape.ts) checks the rest.
const UNSUPPORTED_IN_STRICT = ['minLength', 'maxLength', 'default', '$schema', 'pattern', 'format'];

function strictify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(strictify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonNode = {};
  for (const [k, v] of Object.entries(node as JsonNode)) {
    if (UNSUPPORTED_IN_STRICT.includes(k)) continue;
    out[k] = k === 'properties' ? Object.fromEntries(Object.entries(v as JsonNode).map(([p, s]) => [p, strictify(s)])) : strictify(v);
  }
  if (out.type === 'object' && out.properties) {
    out.required = Object.keys(out.properties as JsonNode);
    out.additionalProperties = false;
  }
  return out;
}

const schemaCache = new WeakMap<z.ZodType, JsonNode>();

/** The task's reply schema as strict-mode JSON Schema (cached per task). */
export function strictJsonSchemaOf(schema: z.ZodType): JsonNode {
  let s = schemaCache.get(schema);
  if (!s) {
    s = strictify(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })) as JsonNode;
    schemaCache.set(schema, s);
  }
  return s;
}

/**
 * An AI SDK output spec that requests JSON with the task's schema but hands back the raw text: the SDK's
 * own parser would reject a whole reply for one stray comma; ours (reply-shape.ts) reads what it can.
 */
export function rawJsonOutput(task: Pick<LlmTask<unknown, z.ZodType>, 'name' | 'schema'>): OutputInterface<string, string> {
  const out: OutputInterface<string, string> = {
    name: 'object',
    responseFormat: Promise.resolve({ type: 'json' as const, schema: strictJsonSchemaOf(task.schema), name: task.name.replace(/[^a-zA-Z0-9_-]/g, '_') }),
    async parseCompleteOutput({ text }: { text: string }) {
      return text;
    },
    async parsePartialOutput({ text }: { text: string }) {
      return { partial: text };
    },
    createElementStreamTransform() {
      return undefined;
    },
  };
  return out;
}

/**
 * Whether a provider refused the request because of `response_format` (or its schema), as opposed to a
 * bad key, a missing model or an overloaded server: only then is the task asked again without it.
 */
export function isResponseFormatRejected(err: unknown): boolean {
  const e = (err as { lastError?: unknown })?.lastError ?? err;
  if (!isAiError(e, 'AI_APICallError')) return false;
  if (e.statusCode !== 400 && e.statusCode !== 422 && e.statusCode !== 501) return false;
  const text = `${e.message} ${e.responseBody ?? ''}`.toLowerCase();
  return /response_format|json_schema|json_object|structured output|output_format|grammar|schema/.test(text);
}
