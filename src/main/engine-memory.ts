// The memory layers and the services over them, built for the engine (issue 28 §3): facts, graph, laws,
// search, consolidation, mem0, History, forgetting, the Inbox and recall freshness. engine.ts hands over
// the stores and clients it opened and keeps the parts this returns; the order below is the order in which
// the layers need each other (laws read the facts and the graph, consolidation all three…).
import type { Database } from 'better-sqlite3';
import type { AppStatus } from '../shared/domain';
import type { AgentService } from './agents/agent-service';
import type { HookRegistry } from './chat/hooks';
import type { MessageStore } from './conversations/message-store';
import type { SessionStore } from './conversations/session-store';
import type { CommandRegistry } from './chat/slash-commands';
import type { ToolRegistry } from './chat/tools';
import type { ConfigStore } from './config/store';
import type { EventBus } from './events';
import type { HomePaths } from './home';
import type { LlmClient } from './llm/llm-client';
import { ConsolidationLayer } from './memory/consolidation-layer';
import { gateScheduledConsolidation } from './engine-sync-consolidation';
import type { CorrectionLinks } from './memory/cross-layer/correction-links';
import { createCorrectionLinks } from './memory/cross-layer/link-wiring';
import { FactsLayer } from './memory/facts-layer';
import { RecallFreshnessService } from './memory/facts/recall-freshness';
import { ForgetService } from './memory/forget/forget-service';
import { GraphLayer } from './memory/graph-layer';
import { InboxService } from './memory/inbox/inbox-service';
import { HistoryService } from './memory/journal/history-service';
import type { MemoryJournal } from './memory/journal/journal';
import { HistoryRetention } from './memory/journal/retention';
import { LawsLayer } from './memory/laws-layer';
import { Mem0Layer } from './memory/mem0-layer';
import type { QdrantOptions } from './memory/qdrant/manager';
import { configuredEmbedder } from './search/llm-embedder';
import { createMemorySearchTool } from './search/memory-search-tool';
import { MessageEmbedder } from './search/message-embedder';
import { MessageVectors } from './search/message-vectors';
import { roleNamesFor } from './search/role-names';
import { createSearch } from './search/create-search';
import type { SearchService } from './search/search-service';
import type { SecretStore } from './secrets/secret-store';

/** What the memory layers are built from: what the engine opened before them. */
export interface MemoryWiringDeps {
  paths: HomePaths;
  appDb: Database;
  memoryDb: Database;
  journal: MemoryJournal;
  secrets: SecretStore;
  config: ConfigStore;
  llm: LlmClient;
  events: EventBus;
  agents: AgentService;
  sessions: SessionStore;
  messages: MessageStore;
  /** Where the layers register their tools, hooks and slash commands. */
  tools: ToolRegistry;
  hooks: HookRegistry;
  commands: CommandRegistry;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
  /** The person's name from USER.md (search's speaker cue), read when a search asks. */
  personName: () => string | null;
  host: AppStatus['host'];
  backgroundJobs?: boolean;
  qdrant?: QdrantOptions;
  factCheckTimeoutMs?: number;
}

export interface MemoryParts {
  facts: FactsLayer;
  graph: GraphLayer;
  laws: LawsLayer;
  search: SearchService;
  embeddings: MessageEmbedder;
  consolidation: ConsolidationLayer;
  mem0: Mem0Layer;
  history: HistoryService;
  retention: HistoryRetention;
  forget: ForgetService;
  links: CorrectionLinks;
  inbox: InboxService;
  freshness: RecallFreshnessService;
}

export function wireMemory(d: MemoryWiringDeps): MemoryParts {
  // Every writer of memory text redacts the values held in the secret store (issue 14 §3).
  const knownSecrets = (): readonly string[] => d.secrets.values();
  const facts = new FactsLayer({
    knownSecrets,
    paths: d.paths,
    appDb: d.appDb,
    memoryDb: d.memoryDb,
    journal: d.journal,
    factCheckTimeoutMs: d.factCheckTimeoutMs,
    llm: d.llm,
    config: () => d.config.get(),
    now: d.now,
    log: (msg, err) => d.log(msg, err),
  });
  facts.register(d.tools, d.hooks);
  const graph = new GraphLayer({ memoryDb: d.memoryDb, journal: d.journal, sessions: d.sessions, messages: d.messages, llm: d.llm, now: d.now, knownSecrets });
  graph.register(d.tools);
  const laws = new LawsLayer({
    knownSecrets,
    memoryDb: d.memoryDb,
    memory: facts.memory,
    graph: graph,
    sessions: d.sessions,
    llm: d.llm,
    config: () => d.config.get(),
    now: d.now,
    journal: d.journal,
    log: (msg, err) => d.log(msg, err),
  });
  laws.register(facts.recall, d.commands);
  // Search (issue 9): messages via the FTS index of app migration 3, L1 facts, L2 entities; with an
  // embedding model configured, also message vectors (app migration 9) fused by rank (issue 20).
  const messageVectors = new MessageVectors(d.appDb);
  const embedder = () => configuredEmbedder(d.config.get(), d.llm);
  const embeddings = new MessageEmbedder({ vectors: messageVectors, embedder, now: d.now, log: (msg, err) => d.log(msg, err) });
  const search = createSearch({
    semantic: { vectors: messageVectors, embedder },
    appDb: d.appDb,
    memoryDb: d.memoryDb,
    graph: graph.store,
    facts: facts.memory,
    log: (msg, err) => d.log(msg, err),
    // The speaker cue: the person's name as USER.md states it, the agent's from its settings.
    roleNames: (agentId) => {
      const agent = d.agents.list().find((a) => a.id === agentId);
      return roleNamesFor({ person: d.personName(), agent: agent?.name });
    },
  });
  d.tools.register(createMemorySearchTool(search));
  // Every change to memory is journaled: the derived field of message search follows it (issue 31).
  d.journal.onAppend(() => search.derived?.changed());
  // The rebuild path: memory may have changed while this process was not looking (an import, another
  // process, a home from before the field existed); brought up to date soon after start, not on a search.
  search.derived?.changed();
  const consolidation = new ConsolidationLayer({
    memoryDb: d.memoryDb,
    config: () => d.config.get(),
    sessions: d.sessions,
    memory: facts.memory,
    ledger: facts.ledger,
    proposals: facts.proposals,
    graph: graph,
    laws: laws,
    llm: d.llm,
    events: d.events,
    now: d.now,
    log: (msg, err) => d.log(msg, err),
  });
  consolidation.register(d.commands);
  // A home synced across devices runs its schedule on one of them (issue 30 §3).
  gateScheduledConsolidation(consolidation.scheduler, d.paths.root);
  const mem0 = new Mem0Layer({
    paths: d.paths,
    config: () => d.config.get(),
    onConfigChange: (fn) => d.config.onChange((config) => fn(config)),
    secrets: d.secrets,
    laws: laws,
    events: d.events,
    host: d.host,
    warm: d.host !== 'cli' && d.backgroundJobs !== false,
    qdrant: d.qdrant,
    journal: d.journal,
    log: (msg, err) => d.log(msg, err),
    llm: d.llm,
  });
  mem0.register(d.hooks);
  const history = new HistoryService({ journal: d.journal, memoryDb: d.memoryDb, settle: () => mem0.idle() });
  const retention = new HistoryRetention({
    journal: d.journal,
    memoryDb: d.memoryDb,
    retentionDays: () => d.config.get().memory.history.retentionDays,
    now: d.now,
    log: (msg, err) => d.log(msg, err),
  });
  const forget = new ForgetService({
    memory: facts.memory,
    origins: facts.origins,
    memoryDb: d.memoryDb,
    laws: laws.store,
    sessions: d.sessions,
    messages: d.messages,
    mem0: async () => {
      const r = await mem0.entries({ limit: Number.MAX_SAFE_INTEGER });
      // What could not be read matters only while mem0 is the memory in use.
      return { entries: r.entries, notes: d.config.get().memory.backend === 'mem0' ? r.notes : [] };
    },
    journal: d.journal,
    // Each item goes through its layer's own correction, which journals it and registers its undo.
    sinks: {
      forgetFact: (scope, id, by) => void facts.forget(scope, id, by),
      retractRelation: (id, reason, by) => void graph.corrections.retractRelation(id, { reason }, by),
      deleteEntity: (id, by) => void graph.corrections.deleteEntity(id, by),
      suppressLaw: (id, reason, by) => void laws.corrections.suppress(id, reason, by),
      forgetMem0: (id, by, groupId) => mem0.forget(id, by, groupId).then(() => undefined),
    },
  });
  // Inbox and freshness (issue 16 §3–§4).
  const links = createCorrectionLinks({ memoryDb: d.memoryDb, journal: d.journal, facts, graph, laws, now: d.now, log: (msg, err) => d.log(msg, err) });
  const inbox = new InboxService({ facts, graph, laws, links, agents: () => d.agents.list() });
  const freshness = new RecallFreshnessService({
    memoryDb: d.memoryDb,
    recall: facts.recall,
    session: (id) => d.sessions.get(id),
    agent: (id) => d.agents.get(id),
    frozenRecall: () => d.config.get().memory.backend !== 'mem0',
    mode: () => d.config.get().memory.freshness,
    now: d.now,
  });
  // Automatic freshness (issue 29 §4): the facts layer asks before it freezes a turn's block. Bound here
  // because the service reads the layer's recall, so it is built after the layer.
  facts.beforeFreeze((sessionId) => void freshness.refreshIfAutomatic(sessionId));
  return { facts, graph, laws, search, embeddings, consolidation, mem0, history, retention, forget, links, inbox, freshness };
}

/** What the memory events are wired between: the parts wireMemory built and the engine's own. */
export interface MemoryEventDeps {
  inbox: InboxService;
  freshness: RecallFreshnessService;
  events: EventBus;
  journal: MemoryJournal;
  config: ConfigStore;
  hooks: HookRegistry;
  now: () => Date;
  /** The engine was closed: a change coalesced just before must not be announced after. */
  closed: () => boolean;
}

/**
 * Inbox (issue 16 §3–§4): the badge's count after every change of what waits, and one coalesced
 * "memory changed" per burst of journal entries (a consolidation run writes many), for the chats'
 * freshness check. Agent settings change what is held back, so config changes count too.
 */
export function wireMemoryEvents(d: MemoryEventDeps): void {
  d.inbox.onChange((count) => d.events.emit('inbox.changed', { count }));
  let pending = false;
  const memoryChanged = () => {
    if (pending) return;
    pending = true;
    setImmediate(() => {
      pending = false;
      if (d.closed()) return;
      d.events.emit('memory.changed', { at: d.now().toISOString() });
      d.inbox.changed();
    });
  };
  d.journal.onAppend(memoryChanged);
  d.config.onChange(memoryChanged);
  d.events.subscribe((e) => {
    if (e.name === 'consolidate.done') memoryChanged();
  });
  d.hooks.add({ name: 'recall-freshness', sessionEnd: (session) => d.freshness.drop(session.id) });
}
