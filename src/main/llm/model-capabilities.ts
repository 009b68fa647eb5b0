// What each model can do, learned once and remembered (issue 18 §1–§2): whether it accepts tools (small
// local models often do not: Ollama answers 400 "<model> does not support tools", and offering them the
// memory tool makes every turn fail), and whether its server accepts `response_format` (older llama.cpp
// builds and some proxies answer 400; each memory task would pay that failed call again every start). What is learned is kept per provider + model in db/model-capabilities.json
// (a few entries, read at start, written atomically), so the next start does not fail once more to relearn it.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isAiError } from './ai-errors';
import { writeFileAtomic } from '../fs/atomic-write';
import { refuseRedirects } from '../net/no-redirect-fetch';

export interface ToolCapability {
  providerId: string;
  model: string;
  tools: boolean;
  /** How it was learned: a provider error on a call with tools, the server's model metadata, or "Check memory tasks". */
  source: 'error' | 'metadata' | 'check';
  /** The provider's own words, for the details view. */
  reason: string;
  at: string;
}

/** A server that refused structured output (`response_format`) for this model: tasks ask with the prompt only. */
export interface ResponseFormatRefusal {
  providerId: string;
  model: string;
  /** The provider's own words. */
  reason: string;
  at: string;
}

/** Never more than this many remembered models: the file stays tiny even if model names churn. */
const MAX_ENTRIES = 500;

export class ModelCapabilities {
  private entries = new Map<string, ToolCapability>();
  private noFormat = new Map<string, ResponseFormatRefusal>();

  constructor(
    private readonly file: string,
    private readonly now: () => Date = () => new Date(),
    private readonly log: (msg: string, err?: unknown) => void = () => {},
  ) {
    this.load();
  }

  static inDir(dbDir: string, now?: () => Date, log?: (msg: string, err?: unknown) => void): ModelCapabilities {
    return new ModelCapabilities(join(dbDir, 'model-capabilities.json'), now, log);
  }

  /** false when the model is known not to accept tools; true when known to; null when not known yet. */
  supportsTools(providerId: string, model: string): boolean | null {
    return this.entries.get(key(providerId, model))?.tools ?? null;
  }

  get(providerId: string, model: string): ToolCapability | null {
    return this.entries.get(key(providerId, model)) ?? null;
  }

  list(): ToolCapability[] {
    return [...this.entries.values()];
  }

  remember(providerId: string, model: string, tools: boolean, source: ToolCapability['source'], reason: string): ToolCapability {
    const entry: ToolCapability = { providerId, model, tools, source, reason: reason.slice(0, 300), at: this.now().toISOString() };
    this.entries.delete(key(providerId, model));
    this.entries.set(key(providerId, model), entry);
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.save();
    return entry;
  }

  /** false once the model's server refused `response_format`; true otherwise (tried until it refuses). */
  acceptsResponseFormat(providerId: string, model: string): boolean {
    return !this.noFormat.has(key(providerId, model));
  }

  rememberNoResponseFormat(providerId: string, model: string, reason: string): void {
    const k = key(providerId, model);
    this.noFormat.delete(k);
    this.noFormat.set(k, { providerId, model, reason: reason.slice(0, 300), at: this.now().toISOString() });
    while (this.noFormat.size > MAX_ENTRIES) this.noFormat.delete(this.noFormat.keys().next().value!);
    this.save();
  }

  /** Structured output is tried again ("Check memory tasks": the server may have been updated). */
  forgetResponseFormat(providerId: string, model: string): void {
    if (this.noFormat.delete(key(providerId, model))) this.save();
  }

  /** Forgets what was learned (the person says the model was updated and should be tried again). */
  forget(providerId: string, model: string): boolean {
    const had = this.entries.delete(key(providerId, model));
    const hadFormat = this.noFormat.delete(key(providerId, model));
    if (had || hadFormat) this.save();
    return had;
  }

  private load(): void {
    if (!existsSync(this.file)) return;
    try {
      const parsed = JSON.parse(readFileSync(this.file, 'utf8')) as { models?: ToolCapability[]; noResponseFormat?: ResponseFormatRefusal[] };
      for (const e of parsed.models ?? []) {
        if (typeof e?.providerId === 'string' && typeof e.model === 'string' && typeof e.tools === 'boolean') this.entries.set(key(e.providerId, e.model), e);
      }
      for (const e of parsed.noResponseFormat ?? []) {
        if (typeof e?.providerId === 'string' && typeof e.model === 'string') this.noFormat.set(key(e.providerId, e.model), e);
      }
    } catch (err) {
      // Losing this file costs one failed call per model to learn it again; start-up goes on.
      this.log(`[models] ${this.file} could not be read; model capabilities will be learned again`, err);
    }
  }

  private save(): void {
    try {
      writeFileAtomic(this.file, `${JSON.stringify({ models: this.list(), noResponseFormat: [...this.noFormat.values()] }, null, 2)}\n`, { durable: false });
    } catch (err) {
      this.log(`[models] could not save ${this.file}`, err);
    }
  }
}

function key(providerId: string, model: string): string {
  return `${providerId}\u0000${model}`;
}

/**
 * Provider error texts that mean "this model does not take tools", as OpenAI-compatible servers word them:
 *   Ollama:     400 {"error":{"message":"registry.ollama.ai/library/gemma:2b does not support tools"}}
 *   LM Studio:  400 "… does not support tool use" / "tools are not supported for this model"
 *   llama.cpp:  400/500 "tools param requires --jinja flag" / "Tool calling is not supported"
 *   vLLM:       400 "\"auto\" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set"
 *   others:     "function calling is not supported", "model does not support function calling"
 */
const NO_TOOLS_PATTERNS: readonly RegExp[] = [
  /does not support (?:tools?|tool use|tool calls?|tool calling|function calls?|function calling|functions)\b/i,
  /(?:tools?|tool use|tool calls?|tool calling|function calls?|function calling|functions) (?:is |are )?not supported/i,
  /(?:tools?|tool calling|function calling) (?:is |are )?(?:unsupported|not available) (?:for|by|with|on) (?:this|the) model/i,
  /tools? param(?:eter)? requires --jinja/i,
  /tool choice requires --enable-auto-tool-choice/i,
  /doesn'?t support (?:tools?|tool calling|function calling)/i,
];

/** The provider text of an error, if it is a provider's answer (APICallError, possibly wrapped in retries). */
function providerText(err: unknown): { status: number | undefined; text: string } | null {
  if (isAiError(err, 'AI_RetryError')) return providerText(err.lastError);
  if (isAiError(err, 'AI_APICallError')) return { status: err.statusCode, text: `${err.message}\n${err.responseBody ?? ''}` };
  return null;
}

/**
 * The provider's reason when `err` says the model does not take tools; null for every other failure
 * (a bad key, a down server, a timeout must never be mistaken for it). Only client errors count: a 5xx
 * is a server in trouble, except llama.cpp's, which answers the missing --jinja flag with a 500.
 */
export function noToolsReason(err: unknown): string | null {
  const p = providerText(err);
  if (!p) return null;
  if (p.status !== undefined && (p.status < 400 || p.status >= 600)) return null;
  const pattern = NO_TOOLS_PATTERNS.find((re) => re.test(p.text));
  if (!pattern) return null;
  if (p.status !== undefined && p.status >= 500 && !/--jinja/i.test(p.text)) return null;
  const m = pattern.exec(p.text);
  // The sentence around the match, without JSON punctuation, is what the person sees behind "details".
  const line = p.text.split('\n').find((l) => pattern.test(l)) ?? m?.[0] ?? '';
  return line.replace(/^[\s{"]*(?:error|message)?["\s:{]*/i, '').replace(/["}\s]+$/, '').slice(0, 300) || m?.[0] || 'does not support tools';
}

/**
 * Tool support from a server's model metadata, where it publishes it: Ollama's POST /api/show answers
 * `{"capabilities":["completion","tools",…]}`; LM Studio's GET /api/v0/models/<id> answers
 * `{"capabilities":["tool_use"]}` (absent for models without it). null when the body says nothing either way.
 */
export function toolSupportFromMetadata(body: unknown): boolean | null {
  if (!body || typeof body !== 'object') return null;
  const caps = (body as { capabilities?: unknown }).capabilities;
  if (!Array.isArray(caps)) return null;
  const names = caps.filter((c): c is string => typeof c === 'string').map((c) => c.toLowerCase());
  return names.includes('tools') || names.includes('tool_use') || names.includes('function_calling');
}

/** How long a metadata probe may take: it runs beside a turn, never in front of it. */
export const METADATA_PROBE_TIMEOUT_MS = 3000;

/**
 * Asks a local OpenAI-compatible server for the model's metadata (Ollama, then LM Studio). Returns the
 * tool support it states, or null when the server has no such endpoint or does not say.
 */
export async function probeToolSupport(baseURL: string, model: string, apiKey: string | null, fetchImpl: typeof fetch = fetch): Promise<boolean | null> {
  let origin: string;
  try {
    origin = new URL(baseURL).origin;
  } catch {
    return null;
  }
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (apiKey) headers.authorization = `Bearer ${apiKey}`;
  const attempts: { url: string; init: RequestInit }[] = [
    { url: `${origin}/api/show`, init: { method: 'POST', headers, body: JSON.stringify({ model }) } },
    { url: `${origin}/api/v0/models/${encodeURIComponent(model)}`, init: { method: 'GET', headers } },
  ];
  for (const a of attempts) {
    try {
      // It carries the provider's key: a redirect is refused, never followed (net/no-redirect-fetch.ts).
      const res = await refuseRedirects({ name: 'The model server', fetch: fetchImpl })(a.url, { ...a.init, signal: AbortSignal.timeout(METADATA_PROBE_TIMEOUT_MS) });
      if (!res.ok) continue;
      const said = toolSupportFromMetadata(await res.json());
      if (said !== null) return said;
    } catch {
      // Not this kind of server, or not reachable: the next endpoint, then "unknown".
    }
  }
  return null;
}
