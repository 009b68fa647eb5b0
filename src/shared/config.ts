// The config.json schema. Pure zod so the renderer can validate edits with the same rules the engine uses.
import { z } from 'zod';
import { chatSettingsPatchSchema, chatSettingsSchema } from './chat-settings';

export const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;
/**
 * Device names Windows reserves in every folder ("con", "nul", "com1"…): an agent id becomes a folder
 * and file name, and a home copied to Windows must still open, so they are refused on every OS.
 */
export const WINDOWS_RESERVED_NAME = /^(?:con|prn|aux|nul|com[0-9\u00b9\u00b2\u00b3]|lpt[0-9\u00b9\u00b2\u00b3])$/i;
export function isValidId(id: string): boolean {
  return ID_PATTERN.test(id) && !WINDOWS_RESERVED_NAME.test(id);
}
export const idSchema = z
  .string()
  .regex(ID_PATTERN, 'lowercase letters, digits, "-" or "_", at most 64')
  .refine((id) => !WINDOWS_RESERVED_NAME.test(id), 'a name Windows reserves for devices (con, prn, aux, nul, com1-9, lpt1-9)');

export const modelRefSchema = z.object({
  provider: idSchema,
  model: z.string().min(1).max(200),
});
export type ModelRef = z.infer<typeof modelRefSchema>;

export const providerKindSchema = z.enum(['openai', 'anthropic', 'openai-compatible']);
export type ProviderKind = z.infer<typeof providerKindSchema>;

export const providerSchema = z.object({
  id: idSchema,
  kind: providerKindSchema,
  name: z.string().min(1).max(100),
  /** http(s) only: a key is bound to this origin (scheme + host + port) when it is saved. */
  baseURL: z
    .string()
    .url()
    .max(500)
    .refine((u) => /^https?:\/\//i.test(u), 'an http:// or https:// address')
    .optional(),
  // No key reference here on purpose: the engine derives where a provider's key is stored from its id
  // (llm/provider-keys.ts), so nothing that can edit config (API, import, a hand edit) can point a
  // provider at another one's key. A `keyRef` left in an older config.json is dropped when it is read.
  models: z.array(z.string().min(1).max(200)).max(500).default([]),
});
export type Provider = z.infer<typeof providerSchema>;

export const memoryLevelSchema = z.union([z.literal(1), z.literal(2), z.literal(3)]);

/**
 * The memory model's check of new facts ("a fact about the person, or an instruction to an assistant?"):
 * off; only facts with instruction-like signals (the default: most facts cost no call); or every new fact.
 */
export const factCheckModeSchema = z.enum(['off', 'borderline', 'all']);
export type FactCheckMode = z.infer<typeof factCheckModeSchema>;

/**
 * What a chat does when memory changes after its recall block was frozen (issue 29 §4). The frozen block
 * keeps the provider's prompt cache, so the default leaves it alone and says nothing beyond the inline
 * "Remembered" line ('quiet': "Use it now" waits in the receipt and the chat's Session menu); 'ask' shows
 * the "Memory changed" banner; 'automatic' rebuilds the block at the next turn, which costs that turn
 * the prompt cache.
 */
export const memoryFreshnessSchema = z.enum(['quiet', 'ask', 'automatic']);
export type MemoryFreshness = z.infer<typeof memoryFreshnessSchema>;

/** Per-agent memory behaviour (the spec's agent.agents[].memory.*). */
export const agentMemorySchema = z.object({
  level: memoryLevelSchema.optional(),
  autoConsolidate: z.boolean().default(false),
  intervalMinutes: z.number().int().min(1).max(7 * 24 * 60).default(30),
  model: modelRefSchema.optional(),
  // guards (issue 18 §5): the frozen recall block's size; absent = DEFAULT_RECALL_BUDGET_CHARS.
  recallBudgetChars: z.number().int().min(500).max(200_000).optional(),
  // Inbox (issue 16 §3, §5): both optional, read through rememberModeOf / holdsInferred (shared/remember-mode.ts).
  /** What the agent's memory writes do: save at once ('auto', the default), wait in the Inbox ('ask'), or nothing ('never'). */
  remember: z.enum(['auto', 'ask', 'never']).optional(),
  /** Keep facts the assistant inferred out of this agent's recall until the person approves them in the Inbox (off by default). */
  holdInferred: z.boolean().optional(),
});
export type AgentMemorySettings = z.infer<typeof agentMemorySchema>;

export const agentSchema = z.object({
  id: idSchema,
  name: z.string().trim().min(1).max(100),
  description: z.string().max(2000).default(''),
  models: z
    .object({ chat: modelRefSchema.optional(), memory: modelRefSchema.optional() })
    .default({}),
  memory: agentMemorySchema.default({ autoConsolidate: false, intervalMinutes: 30 }),
  /** Defaults for this agent's chats (issue 29 §2): instructions, temperature, output and context length. */
  chat: chatSettingsSchema.optional(),
});
export type Agent = z.infer<typeof agentSchema>;
export type AgentInput = z.input<typeof agentSchema>;

/**
 * An edit to one agent: only the fields given change; nested blocks merge; `null` clears an optional
 * field (e.g. `memory.level: null` falls back to the global level). No defaults here on purpose.
 */
export const agentPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(100).optional(),
    description: z.string().max(2000).optional(),
    models: z
      .object({ chat: modelRefSchema.nullable().optional(), memory: modelRefSchema.nullable().optional() })
      .strict()
      .optional(),
    memory: z
      .object({
        level: memoryLevelSchema.nullable().optional(),
        autoConsolidate: z.boolean().optional(),
        intervalMinutes: z.number().int().min(1).max(7 * 24 * 60).optional(),
        model: modelRefSchema.nullable().optional(),
        recallBudgetChars: z.number().int().min(500).max(200_000).nullable().optional(),
        // Inbox (issue 16 §3, §5)
        remember: z.enum(['auto', 'ask', 'never']).nullable().optional(),
        holdInferred: z.boolean().nullable().optional(),
      })
      .strict()
      .optional(),
    /** Per-chat defaults (issue 29 §2): null on a field goes back to the model's own default. */
    chat: chatSettingsPatchSchema.optional(),
  })
  .strict();
export type AgentPatch = z.infer<typeof agentPatchSchema>;

export const DEFAULT_AGENT: Agent = {
  id: 'default',
  name: 'Monad',
  description: 'Your default agent.',
  models: {},
  memory: { autoConsolidate: false, intervalMinutes: 30 },
};

// ── MCP servers whose tools the chat may use (issue 19 §2; views and approvals in shared/mcp.ts) ──
// Secret values (env values marked secret, header values, tokens) are never here: they are in the secret store.

/** An environment variable name as shells accept it. */
export const envNameSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, 'letters, digits and "_", not starting with a digit');
/** An HTTP header name (RFC 9110 token). */
export const headerNameSchema = z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,128}$/, 'an HTTP header name');

export const mcpEnvVarSchema = z.object({
  name: envNameSchema,
  /** The value when it is not secret; a secret value is in the secret store and this stays empty. */
  value: z.string().max(8000).default(''),
  secret: z.boolean().default(false),
});
export type McpEnvVar = z.infer<typeof mcpEnvVarSchema>;

export const mcpStdioSchema = z.object({
  kind: z.literal('stdio'),
  command: z.string().trim().min(1).max(2000),
  args: z.array(z.string().max(8000)).max(200).default([]),
  env: z.array(mcpEnvVarSchema).max(100).default([]),
  /** Working directory; a fresh empty folder outside Monad's home when left out (never inside the home). */
  cwd: z.string().trim().min(1).max(4096).optional(),
});

export const mcpHttpSchema = z.object({
  kind: z.literal('http'),
  url: z
    .string()
    .url()
    .max(2000)
    .refine((u) => /^https?:\/\//i.test(u), 'an http:// or https:// address'),
  /** Header names only: every header value is treated as a secret (they usually carry credentials). */
  headers: z.array(z.object({ name: headerNameSchema })).max(50).default([]),
});

export const mcpTransportSchema = z.discriminatedUnion('kind', [mcpStdioSchema, mcpHttpSchema]);
export type McpTransport = z.infer<typeof mcpTransportSchema>;

/**
 * Control, format (zero-width, bidi) and separator characters: a server's name is shown in the chat's
 * approval prompt, where a bidi override could make it read as something else (issue 26 §6).
 */
const INVISIBLE_IN_NAME = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\u115f\u1160\u3164\uffa0]/gu;

export const mcpServerSchema = z.object({
  id: idSchema,
  name: z
    .string()
    .max(400)
    .transform((s) => s.replace(INVISIBLE_IN_NAME, '').trim())
    .pipe(z.string().min(1, 'Give the server a name').max(100)),
  transport: mcpTransportSchema,
  /** The agents whose chats are offered this server's tools. Empty: none (a new server is off until enabled). */
  agents: z.array(idSchema).max(200).default([]),
  /** Trusted: its tools run without asking. Off by default: every call waits for the person's decision. */
  trusted: z.boolean().default(false),
  /**
   * Tools whose description read like instructions to the assistant and that the person approved after
   * reading them, each for the text it had then (its digest). Set only through mcp.tools.approve: a save
   * of the server keeps what was there.
   */
  approvedTools: z
    .array(z.object({ tool: z.string().min(1).max(1000), hash: z.string().regex(/^[0-9a-f]{64}$/) }))
    .max(500)
    .default([]),
});
export type McpServer = z.infer<typeof mcpServerSchema>;
export type McpServerInput = z.input<typeof mcpServerSchema>;

/** The `mcp` block of config.json. */
export const mcpConfigSchema = z.object({
  servers: z
    .array(mcpServerSchema)
    .max(100)
    .refine((s) => new Set(s.map((x) => x.id)).size === s.length, 'MCP server ids must be unique')
    .default([]),
});

/**
 * The desktop app serving Monad's memory to other apps over MCP's Streamable HTTP (issue 19 §1), off
 * until the person turns it on in Settings → Integrations. A fixed port, so the URL pasted into Claude
 * Desktop or Cursor once keeps working after a restart; `monad serve` serves `/mcp` on its own port too.
 */
export const DEFAULT_MCP_HTTP_PORT = 17877;
export const mcpHttpConfigSchema = z.object({
  enabled: z.boolean().default(false),
  port: z.number().int().min(1024).max(65535).default(DEFAULT_MCP_HTTP_PORT),
});
export type McpHttpConfig = z.infer<typeof mcpHttpConfigSchema>;

export const configSchema = z.object({
  version: z.literal(1).default(1),
  models: z
    .object({
      providers: z.array(providerSchema).max(100).default([]),
      roles: z
        .object({
          chat: modelRefSchema.optional(),
          memory: modelRefSchema.optional(),
          embedding: modelRefSchema.optional(),
        })
        .default({}),
    })
    .default({ providers: [], roles: {} }),
  agent: z
    .object({
      agents: z
        .array(agentSchema)
        .min(1, 'at least one agent is required')
        .max(200)
        .refine((a) => new Set(a.map((x) => x.id)).size === a.length, 'agent ids must be unique')
        .default([DEFAULT_AGENT]),
    })
    .default({ agents: [DEFAULT_AGENT] }),
  memory: z
    .object({
      backend: z.enum(['builtin', 'mem0']).default('builtin'),
      level: memoryLevelSchema.default(1),
      factCheck: factCheckModeSchema.default('borderline'),
      // Quieter memory (issue 29 §4): what a chat does when memory changes after its block was frozen.
      freshness: memoryFreshnessSchema.default('quiet'),
      decay: z
        .object({
          halfLifeDays: z.number().positive().max(100_000).default(365),
          floor: z.number().min(0).max(1).default(0),
        })
        .default({ halfLifeDays: 365, floor: 0 }),
      mem0: z
        .object({
          vectorStore: z
            // Its key (if any) lives in the secret store under a fixed name, bound to this URL's origin.
            .object({ url: z.string().url(), collection: z.string().optional() })
            .optional(),
          // guards (issue 18 §5): the managed qdrant's port; absent = the first free port from 6333.
          qdrantPort: z.number().int().min(1024).max(65535).optional(),
        })
        .default({}),
      // guards (issue 18 §5): what one automatic consolidation of a scope may cost, and how often it may run.
      autoConsolidation: z
        .object({
          /** A scope is consolidated automatically at most once in this many minutes; absent = 10. */
          cooldownMinutes: z.number().int().min(0).max(7 * 24 * 60).optional(),
          /** The most fact text one automatic pass sends (largest facts first, the rest next time); absent = 6,000. */
          maxInputChars: z.number().int().min(500).max(200_000).optional(),
        })
        .optional(),
      history: z
        .object({
          /**
           * How long the history of memory (Memory → History) keeps entries; null keeps them forever.
           * Older entries (and fact versions closed before then) are dropped once a day; what memory
           * holds now is never touched, so the latest state stays exact.
           */
          retentionDays: z.number().int().min(1).max(36_500).nullable().default(null),
        })
        .default({ retentionDays: null }),
    })
    .default({ backend: 'builtin', level: 1, factCheck: 'borderline', freshness: 'quiet', decay: { halfLifeDays: 365, floor: 0 }, mem0: {}, history: { retentionDays: null } }),
  /** MCP servers offering tools to the chat (Settings → Tools). */
  mcp: mcpConfigSchema.default({ servers: [] }),
  /** Other apps using Monad's memory (Settings → Integrations). */
  integrations: z
    .object({ mcpHttp: mcpHttpConfigSchema.default({ enabled: false, port: DEFAULT_MCP_HTTP_PORT }) })
    .default({ mcpHttp: { enabled: false, port: DEFAULT_MCP_HTTP_PORT } }),
  ui: z
    .object({ theme: z.enum(['system', 'light', 'dark']).default('system') })
    .default({ theme: 'system' }),
  /** Chats (issue 29 §2): a short title generated after the first exchange by one call to the memory model. */
  chat: z.object({ generateTitles: z.boolean().default(true) }).default({ generateTitles: true }),
});

export type Config = z.infer<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

export function defaultConfig(): Config {
  return configSchema.parse({});
}
