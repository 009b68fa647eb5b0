// What an import may bring into config.json, and what it leaves out. An archive is a file someone may
// have sent you, so it never changes the settings you have and never starts anything by itself:
//   - agents are added by id (never replaced), with automatic consolidation off and only model choices
//     that name a provider this home already had;
//   - providers come in only without a key, and only under an id that is neither in use nor holding a
//     stored key here (keys are looked up by provider id: a file must not pair your key with its URL);
//   - model roles, memory and appearance settings, the mem0 vector store and its credentials stay yours;
// and the report lists every one of those it left out.
import { agentSchema, providerSchema, type Agent, type Config, type ModelRef, type Provider } from '../../shared/config';
import type { SecretStore } from '../secrets/secret-store';
import type { ArchiveConfig } from './formats';
import { printable, type ImportCleaner } from './import-clean';
import { validate } from './positions';

export interface ConfigMergeInput {
  current: Config;
  /** The archive's config (monad-export only). */
  incoming: ArchiveConfig | null;
  /** Agents named by a transcript's `agents` list: id → name. */
  named: Map<string, string>;
  /** Every agent id an imported chat belongs to. */
  used: Set<string>;
  secrets: SecretStore;
  cleaner: ImportCleaner;
}

export interface ConfigMerge {
  config: Config;
  agentsAdded: number;
  leftOut: string[];
}

/** A property that names or carries a credential: such a provider never comes in with a file. */
const KEYISH = /key|secret|token|passw|auth|credential/i;

export function mergeImportedConfig(m: ConfigMergeInput): ConfigMerge {
  const config = structuredClone(m.current);
  const leftOut: string[] = [];
  const hadProviders = new Set(m.current.models.providers.map((p) => p.id));
  const hadAgents = new Set(m.current.agent.agents.map((a) => a.id));

  for (const [i, raw] of (m.incoming?.models.providers ?? []).entries()) {
    const p = takeProvider(raw, i, m, config, hadProviders);
    if (typeof p === 'string') leftOut.push(p);
    else config.models.providers.push(p);
  }

  for (const [i, raw] of (m.incoming?.agent.agents ?? []).entries()) {
    const parsed = validate(agentSchema, raw, 'Monad export', ['config', 'agent', 'agents', i]);
    const here = config.agent.agents.find((a) => a.id === parsed.id);
    if (here) {
      // Added by id, never replaced: an agent of this home keeps its own memory settings, and the report
      // says which of the file's were not applied.
      const differs = memoryDifferences(here, parsed);
      if (differs.length) leftOut.push(`Agent "${printable(here.name, 60)}" (${here.id}) exists here: its memory settings from the file (${differs.join(', ')}) were not applied; yours were kept.`);
      continue;
    }
    config.agent.agents.push(safeAgent(parsed, `config.agent.agents[${i}]`, hadProviders, m.cleaner, leftOut));
  }
  for (const [id, name] of m.named) {
    if (config.agent.agents.some((a) => a.id === id)) continue;
    const clean = m.cleaner.memoryText(name, 'agent name', `agents[${id}].name`);
    config.agent.agents.push(agentSchema.parse({ id, name: clean?.slice(0, 100) || id }));
  }
  for (const id of m.used) {
    if (!config.agent.agents.some((a) => a.id === id)) config.agent.agents.push(agentSchema.parse({ id, name: id }));
  }

  if (m.incoming) leftOut.push(...settingsLeftOut(m.current, m.incoming));
  return { config, agentsAdded: config.agent.agents.filter((a) => !hadAgents.has(a.id)).length, leftOut };
}

/** The provider to add, or why it was left out. */
function takeProvider(raw: Record<string, unknown>, i: number, m: ConfigMergeInput, config: Config, had: Set<string>): Provider | string {
  const label = `Provider "${printable(String(raw.name ?? raw.id ?? `#${i + 1}`), 60)}"`;
  const keyed = Object.entries(raw).some(([k, v]) => KEYISH.test(k) && v !== false && v !== null && v !== '' && v !== undefined);
  if (keyed) return `${label}: it used an API key, and keys never come in with an import. Add it again in Settings → Models.`;
  // Only the fields a keyless provider has: whatever the provider schema allows, nothing from a file
  // names a stored secret, and a marker like `hasKey: false` is not a field to validate.
  const fields = Object.fromEntries(['id', 'kind', 'name', 'baseURL', 'models'].filter((k) => raw[k] !== undefined).map((k) => [k, raw[k]]));
  const { keyRef: _dropped, ...provider } = validate(providerSchema, fields, 'Monad export', ['config', 'models', 'providers', i]) as Provider & { keyRef?: string };
  if (had.has(provider.id) || config.models.providers.some((p) => p.id === provider.id)) {
    return `${label}: a provider with the id "${provider.id}" exists already; yours was kept.`;
  }
  if (storedKeyFor(m.secrets, provider.id)) {
    return `${label}: this home holds a key for a provider with the id "${provider.id}", and a provider from a file never gets it. Add the provider in Settings → Models.`;
  }
  return provider as Provider;
}

function storedKeyFor(secrets: SecretStore, id: string): boolean {
  try {
    return secrets.get(`provider:${id}`) !== null;
  } catch {
    return true; // unreadable here: assume there is one rather than risk pairing it
  }
}

/**
 * A new agent as it may come in: consolidation off, model choices only on providers the home had
 * before the import, name and description through the sanitizer (both are part of the system prompt).
 */
function safeAgent(a: Agent, where: string, had: Set<string>, cleaner: ImportCleaner, leftOut: string[]): Agent {
  const label = `Agent "${printable(a.name, 60)}" (${a.id})`;
  const out: Agent = structuredClone(a);
  out.name = cleaner.memoryText(a.name, 'agent name', `${where}.name`)?.slice(0, 100) || a.id;
  out.description = a.description ? (cleaner.memoryText(a.description, 'agent description', `${where}.description`) ?? '') : '';
  // Chat defaults (issue 29 §2): the numbers come, the instructions do not: they would reach every chat's
  // system prompt with the person's authority, and a file's text never does (as with a chat's own).
  if (out.chat?.systemPrompt !== undefined) {
    delete out.chat.systemPrompt;
    leftOut.push(`${label}: its chat instructions were left out (text from a file never becomes instructions to the model); if you trust them, copy them into Settings → Agents.`);
  }
  if (out.chat && !Object.keys(out.chat).length) delete out.chat;
  if (a.memory.autoConsolidate) {
    out.memory.autoConsolidate = false;
    leftOut.push(`${label}: automatic consolidation (every ${a.memory.intervalMinutes} min) was turned off; turn it on in Settings → Agents if you want it.`);
  }
  const keep = (ref: ModelRef | undefined, what: string): ModelRef | undefined => {
    if (!ref || had.has(ref.provider)) return ref;
    leftOut.push(`${label}: its ${what} (${printable(ref.provider, 40)} / ${printable(ref.model, 60)}) names a provider this Monad did not have; pick one in Settings → Agents.`);
    return undefined;
  };
  out.models = { chat: keep(a.models.chat, 'chat model'), memory: keep(a.models.memory, 'memory model') };
  if (!out.models.chat) delete out.models.chat;
  if (!out.models.memory) delete out.models.memory;
  const memoryModel = keep(a.memory.model, 'consolidation model');
  if (memoryModel) out.memory.model = memoryModel;
  else delete out.memory.model;
  return agentSchema.parse(out);
}

const REMEMBER_WORDS = { auto: 'save at once', ask: '"Ask me first"', never: 'never save' } as const;

/** An agent's memory settings in the file that differ from the same agent's here, in words. */
function memoryDifferences(here: Agent, file: Agent): string[] {
  const a = here.memory;
  const b = file.memory;
  const out: string[] = [];
  if ((a.level ?? null) !== (b.level ?? null)) out.push(b.level ? `level ${b.level}` : 'the global level');
  if ((a.remember ?? 'auto') !== (b.remember ?? 'auto')) out.push(REMEMBER_WORDS[b.remember ?? 'auto']);
  if ((a.holdInferred ?? false) !== (b.holdInferred ?? false)) out.push(b.holdInferred ? 'hold inferred facts for approval' : 'inferred facts not held');
  if (a.autoConsolidate !== b.autoConsolidate || a.intervalMinutes !== b.intervalMinutes) out.push(b.autoConsolidate ? `consolidation every ${b.intervalMinutes} min` : 'consolidation off');
  if ((a.recallBudgetChars ?? null) !== (b.recallBudgetChars ?? null)) out.push('recall size');
  return out;
}

/** Settings the archive has that differ from yours: never taken, always reported. */
function settingsLeftOut(current: Config, incoming: ArchiveConfig): string[] {
  const out: string[] = [];
  const roles = incoming.models.roles;
  for (const role of ['chat', 'memory', 'embedding'] as const) {
    const r = roles[role] as { provider?: unknown; model?: unknown } | undefined;
    if (!r || typeof r !== 'object') continue;
    const mine = current.models.roles[role];
    if (mine && mine.provider === r.provider && mine.model === r.model) continue;
    out.push(`The ${role} model (${printable(String(r.provider), 40)} / ${printable(String(r.model), 60)}): model roles are yours to choose in Settings → Models.`);
  }
  const mem = incoming.memory as { backend?: unknown; level?: unknown; decay?: unknown; mem0?: { vectorStore?: unknown } };
  if (mem.mem0 && typeof mem.mem0 === 'object' && mem.mem0.vectorStore) {
    out.push('The mem0 vector store (its address and any credentials): set it in Settings → Memory if you use one.');
  }
  const differs: string[] = [];
  if (mem.backend !== undefined && mem.backend !== current.memory.backend) differs.push(`backend ${printable(String(mem.backend), 20)}`);
  if (mem.level !== undefined && mem.level !== current.memory.level) differs.push(`level ${printable(String(mem.level), 10)}`);
  if (mem.decay !== undefined && JSON.stringify(mem.decay) !== JSON.stringify(current.memory.decay)) differs.push('decay');
  if (differs.length) out.push(`Memory settings (${differs.join(', ')}): yours were kept.`);
  const theme = incoming.ui.theme;
  if (theme !== undefined && theme !== current.ui.theme) out.push(`Appearance (theme ${printable(String(theme), 20)}): yours was kept.`);
  return out;
}
