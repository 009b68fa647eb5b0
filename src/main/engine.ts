// The engine: everything the desktop app, `monad serve` and the CLI share. Built from a home directory.
// It never imports `electron`; hosts pass in what differs (secret store, versions).
import { statSync } from 'node:fs';
import type { Database } from 'better-sqlite3';
import type { AppStatus, LocalServerKind, Notice } from '../shared/domain';
import { MonadError } from '../shared/errors';
import { AgentService } from './agents/agent-service';
import { ChatService } from './chat/agent-loop';
import { HookRegistry } from './chat/hooks';
import { MessageStore } from './conversations/message-store';
import { AttachmentStore } from './attachments/attachment-store';
import { AttachmentService } from './attachments/attachment-service';
import { SessionStore } from './conversations/session-store';
import { CommandRegistry } from './chat/slash-commands';
import { ToolRegistry } from './chat/tools';
import { LiveTurns } from './chat/live-turns';
import { McpChatTools } from './chat/mcp-chat-tools';
import type { BlockSource } from './chat/receipt-view';
import { McpClientService, type McpClientDeps } from './mcp-client/mcp-client-service';
import { LlmClient } from './llm/llm-client';
import { ModelChecks } from './llm/model-check';
import { TaskHealth } from './llm/task-health';
import { ModelCapabilities } from './llm/model-capabilities';
import { ProviderKeys } from './llm/provider-keys';
import { ToolSupportGuard } from './chat/no-tools-capture';
import { statementSink, type StatementSink } from './memory/facts/statement-sink';
import { LOCAL_SERVER_URLS } from './llm/local-servers';
import { OLLAMA_URL, ProviderService } from './llm/provider-service';
import type { FactsLayer } from './memory/facts-layer';
import type { GraphLayer } from './memory/graph-layer';
import { type LawsLayer, scopesForSession } from './memory/laws-layer';
import { personNameFromUserFile } from './search/role-names';
import type { SearchService } from './search/search-service';
import type { MessageEmbedder } from './search/message-embedder';
import type { ConsolidationLayer } from './memory/consolidation-layer';
import type { Mem0Layer } from './memory/mem0-layer';
import type { QdrantOptions } from './memory/qdrant/manager';
import { TransferService } from './transfer/transfer-service';
import { McpClients } from './mcp/mcp-clients';
import { McpHttpListener } from './mcp/mcp-http-listener';
import { McpHttpToken } from './mcp/mcp-http-token';
import { ConfigStore } from './config/store';
import { schemaVersion } from './db/migrate';
import { sqliteVersion } from './db/open';
import { applyPendingRestore, BackupService } from './db/backup';
import type { OpenChecks, CheckReport } from './db/open-checks';
import { EventBus } from './events';
import { SyncService } from './sync/live-sync-service';
import { EgressFilter } from './secrets/egress-filter';
import { MemoryJournal } from './memory/journal/journal';
import type { HistoryService } from './memory/journal/history-service';
import type { HistoryRetention } from './memory/journal/retention';
import type { ForgetService } from './memory/forget/forget-service';
import type { InboxService } from './memory/inbox/inbox-service';
import type { CorrectionLinks } from './memory/cross-layer/correction-links';
import type { RecallFreshnessService } from './memory/facts/recall-freshness';
import { sweepTempFiles } from './fs/atomic-write';
import { ensureHome, homePaths, tightenHome, type HomePaths } from './home';
import { FileSecretStore } from './secrets/file-secret-store';
import { openEngineDatabases } from './engine-databases';
import { appVersion } from './engine-version';
import { wireMemory, wireMemoryEvents } from './engine-memory';
import { TitleGenerator } from './chat/generated-title';
import type { SecretStore } from './secrets/secret-store';

export interface EngineOptions {
  home: string;
  host: AppStatus['host'];
  secrets?: SecretStore;
  versions?: { electron: string | null; chrome: string | null };
  /** Watch config.json for edits (off for one-shot CLI commands). */
  watchConfig?: boolean;
  /** Start the consolidation scheduler (default on for the app and server hosts). */
  backgroundJobs?: boolean;
  /** The mem0 backend's managed qdrant (tests turn it off or point it at a stand-in). */
  qdrant?: QdrantOptions;
  /** Tests shorten the MCP servers' start and call deadlines and restart delays (issue 19 §2). */
  mcpTiming?: McpClientDeps['timing'];
  /** Tests shorten the memory model's fact-check deadline (default FACT_CHECK_TIMEOUT_MS, 10 s). */
  factCheckTimeoutMs?: number;
  /**
   * Generated titles (issue 29 §2) may run: the config's chat.generateTitles decides. Default: unless
   * MONAD_GENERATED_TITLES=off (test runs, whose scripted model servers count every call).
   */
  generatedTitles?: boolean;
  /** Where first run looks for local model servers (default: their usual loopback ports). */
  localServers?: Partial<Record<LocalServerKind, string>>;
  now?: () => Date;
}

export class Engine {
  readonly paths: HomePaths;
  /**
   * The filter on every exit of the engine (issue 26 §2): results, errors, events, MCP, exports, logs.
   * Field order matters: the event bus below filters through it, and `secrets` is set in the constructor.
   */
  readonly egress = new EgressFilter(() => this.secrets?.values() ?? []);
  readonly events = new EventBus(this.egress);
  /** The turns running now, for a window that opens mid-turn (`chat.live`). */
  readonly liveTurns = new LiveTurns(this.events);
  /** The live sync with this home's other devices (issue 30 §5): started by the host when paired. */
  readonly sync = new SyncService();
  readonly config: ConfigStore;
  readonly appDb: Database;
  readonly memoryDb: Database;
  readonly secrets: SecretStore;
  readonly agents: AgentService;
  readonly sessions: SessionStore;
  readonly messages: MessageStore;
  /** Files sent with messages (issue 29 §1). */
  readonly attachments: AttachmentService;
  readonly llm: LlmClient;
  /** Memory-task failures, counted per agent and task (issue 18 §4). */
  readonly taskHealth: TaskHealth;
  /** The model self-test, "Check memory tasks" (issue 18 §3). */
  readonly modelChecks: ModelChecks;
  readonly providers: ProviderService;
  /** What each chat model was learned to support (tools), per provider + model (issue 18 §2). */
  readonly capabilities: ModelCapabilities;
  readonly tools = new ToolRegistry();
  readonly hooks = new HookRegistry();
  readonly commands = new CommandRegistry();
  readonly chat: ChatService;
  /** A chat's title from its first exchange (issue 29 §2). */
  readonly titles: TitleGenerator;
  /** MCP servers whose tools the chat uses (issue 19 §2): Settings → Tools. */
  readonly mcp: McpClientService;
  readonly facts: FactsLayer;
  readonly graph: GraphLayer;
  readonly laws: LawsLayer;
  readonly search: SearchService;
  /** Hybrid search (issue 20): message vectors made in the background when an embedding model is set. */
  readonly embeddings: MessageEmbedder;
  readonly consolidation: ConsolidationLayer;
  readonly mem0: Mem0Layer;
  readonly transfer: TransferService;
  /** MCP server (issue 19): the apps that connected to Monad's memory and what each may do. */
  readonly mcpClients: McpClients;
  /** The desktop app's `/mcp` on a fixed port with a persistent token, when switched on (hosts call start()). */
  readonly mcpHttp: McpHttpListener;
  readonly mcpHttpToken: McpHttpToken;
  /** The one history of memory (issue 15): every change in every layer, with undo. */
  readonly journal: MemoryJournal;
  /** Memory → History, `monad history` / `monad undo`: the journal as a person reads and undoes it. */
  readonly history: HistoryService;
  /** memory.history.retentionDays, applied once a day by long-running hosts. */
  readonly retention: HistoryRetention;
  /** "Forget everything about X": preview, then one group of the layers' own journaled corrections. */
  readonly forget: ForgetService;
  /** Inbox (issue 16 §3): everything waiting for the person's approval, from every layer. */
  readonly inbox: InboxService;
  /** One correction reaches every layer (issue 27 §2): what it implies elsewhere, proposed in the Inbox. */
  readonly links: CorrectionLinks;
  /** Freshness (issue 16 §4): a session's frozen recall block against memory as it is now; "Use it now". */
  readonly freshness: RecallFreshnessService;
  /** Receipts (issue 16 §1): the frozen block a reply saw, and the facts and rules behind its lines. */
  readonly receiptBlocks: BlockSource = {
    blockMadeAt: (sessionId, builtAt) => this.freshness.blockMadeAt(sessionId, builtAt),
    lookup: (sessionId) => {
      const scopes = scopesForSession(this.sessions.get(sessionId));
      return { facts: (scope) => this.facts.memory.read(scope).facts, laws: () => [...this.laws.store.list(scopes), ...this.laws.store.rejected(scopes)] };
    },
  };
  readonly now: () => Date;
  /** What the person must be told about this run (database recovered, restore applied…); shown in app status. */
  readonly notices: Notice[] = [];
  readonly backups: BackupService;
  /** What the start-up check of each database ran, and why (full after an unclean exit, light otherwise…). */
  readonly openChecks: CheckReport[] = [];
  private readonly checks: OpenChecks;
  /** Set once construction is done: later notices (a failed background backup) are pushed to the UI. */
  private started = false;
  private closed = false;

  private constructor(private readonly opts: EngineOptions) {
    this.now = opts.now ?? (() => new Date());
    this.paths = homePaths(opts.home);
    ensureHome(this.paths);
    // Before anything reads or writes: a home left readable by an older version is made owner-only.
    const tightened = tightenHome(this.paths, this.now);
    if (tightened) this.notify(tightened);
    sweepTempFiles(this.paths.root);
    // A restore staged by `backups.restore` is applied here, before any database handle exists.
    const restored = applyPendingRestore(this.paths, this.now);
    if (restored) this.notify(restored);
    this.config = ConfigStore.open(this.paths.config, this.now);
    ({ appDb: this.appDb, memoryDb: this.memoryDb, checks: this.checks } = openEngineDatabases({
      paths: this.paths,
      host: opts.host,
      now: this.now,
      onNotice: (n) => this.notify(n),
      onChecked: (report) => this.openChecks.push(report),
    }));
    this.secrets = opts.secrets ?? new FileSecretStore(this.paths.secrets);
    this.journal = new MemoryJournal(this.memoryDb, this.now);
    this.agents = new AgentService(this.config);
    this.sessions = new SessionStore(this.appDb, this.now);
    this.messages = new MessageStore(this.appDb, this.now);
    this.attachments = new AttachmentService(new AttachmentStore(this.appDb, this.paths.attachments, this.now));
    this.attachments.sweepUnsent(this.now());
    // Memory-task failures and the model self-test (issue 18 §3–§4).
    this.taskHealth = new TaskHealth({
      db: this.memoryDb,
      now: this.now,
      onNotice: (n) => this.notify(n),
      agentName: (id) => this.config.get().agent.agents.find((a) => a.id === id)?.name ?? null,
    });
    this.capabilities = ModelCapabilities.inDir(this.paths.db, this.now, (msg, err) => this.log(msg, err));
    this.llm = new LlmClient({ config: () => this.config.get(), secrets: this.secrets, health: this.taskHealth, capabilities: this.capabilities, egress: this.egress });
    this.modelChecks = new ModelChecks({ db: this.memoryDb, llm: this.llm, now: this.now, capabilities: this.capabilities });
    this.providers = new ProviderService(this.config, this.secrets, opts.localServers?.ollama ?? OLLAMA_URL, { ...LOCAL_SERVER_URLS, ...opts.localServers });
    this.bindLegacyKeys();
    // MCP servers' tools in the chat (issue 19 §2).
    this.mcp = new McpClientService({
      config: this.config,
      secrets: this.secrets,
      appDb: this.appDb,
      homeRoot: this.paths.root,
      logsDir: this.paths.logs,
      events: this.events,
      now: this.now,
      log: (msg, err) => this.log(msg, err),
      timing: opts.mcpTiming,
    });
    // The facts layer is built after the chat service; the capture reaches it when a turn runs.
    const sink = (): StatementSink => statementSink({ memory: this.facts.memory, writer: this.facts.writer, config: () => this.config.get() });
    const keys = new ProviderKeys(this.secrets);
    this.chat = new ChatService({
      toolSupport: new ToolSupportGuard({
        capabilities: this.capabilities,
        sink: {
          record: (...a) => sink().record(...a),
          forget: (...a) => sink().forget(...a),
          facts: (...a) => sink().facts(...a),
          writable: (...a) => sink().writable(...a),
        },
        keyFor: (resolved) => keys.keyFor(resolved.provider),
        log: (msg, err) => this.log(msg, err),
      }),
      sessions: this.sessions,
      messages: this.messages,
      agents: this.agents,
      llm: this.llm,
      tools: this.tools,
      hooks: this.hooks,
      events: this.events,
      transaction: (fn) => this.appDb.transaction(fn)(),
      log: (msg, err) => this.log(msg, err),
      mcpTools: new McpChatTools({ mcp: this.mcp, events: this.events, knownSecrets: () => this.egress.known(), egress: this.egress, log: (msg, err) => this.log(msg, err) }),
      journal: this.journal, // receipts
      attachments: this.attachments,
    });
    // The memory layers and the services over them (engine-memory.ts): built here, in one place.
    ({
      facts: this.facts,
      graph: this.graph,
      laws: this.laws,
      search: this.search,
      embeddings: this.embeddings,
      consolidation: this.consolidation,
      mem0: this.mem0,
      history: this.history,
      retention: this.retention,
      forget: this.forget,
      links: this.links,
      inbox: this.inbox,
      freshness: this.freshness,
    } = wireMemory({
      paths: this.paths,
      appDb: this.appDb,
      memoryDb: this.memoryDb,
      journal: this.journal,
      secrets: this.secrets,
      config: this.config,
      llm: this.llm,
      events: this.events,
      agents: this.agents,
      sessions: this.sessions,
      messages: this.messages,
      tools: this.tools,
      hooks: this.hooks,
      commands: this.commands,
      now: this.now,
      log: (msg, err) => this.log(msg, err),
      personName: () => this.personName(),
      host: opts.host,
      backgroundJobs: opts.backgroundJobs,
      // A mirror of qdrant's release files (a company network, an offline cache): the archive is still
      // checked against the SHA-256 pinned in release.ts, so a mirror cannot swap the binary.
      qdrant: { releaseBaseUrl: process.env.MONAD_QDRANT_RELEASES_URL || undefined, ...opts.qdrant },
      factCheckTimeoutMs: opts.factCheckTimeoutMs,
    }));
    this.titles = new TitleGenerator({
      sessions: this.sessions,
      llm: this.llm,
      config: () => this.config.get(),
      events: this.events,
      log: (msg, err) => this.log(msg, err),
      allowed: opts.generatedTitles ?? process.env.MONAD_GENERATED_TITLES !== 'off',
    });
    this.hooks.add(this.titles.hooks());
    wireMemoryEvents({ inbox: this.inbox, freshness: this.freshness, events: this.events, journal: this.journal, config: this.config, hooks: this.hooks, now: this.now, closed: () => this.closed });
    this.transfer = new TransferService(this);
    this.mcpClients = new McpClients(this.paths.db, this.now); // MCP server (issue 19)
    this.mcpHttpToken = new McpHttpToken(this.paths.db);
    this.mcpHttp = new McpHttpListener(this, this.mcpHttpToken);
    this.backups = new BackupService({
      paths: this.paths,
      appDb: this.appDb,
      memoryDb: this.memoryDb,
      now: this.now,
      log: (msg, err) => this.log(msg, err),
      onNotice: (n) => this.notify(n),
      onCopyChecked: (file, ok, at) => this.checks.backupCopyChecked(file, ok, at),
    });
    // Long-running hosts catch up in the background; one-shot CLI commands do not.
    if (opts.host !== 'cli' && opts.backgroundJobs !== false) this.consolidation.scheduler.start();
    if (opts.host !== 'cli' && opts.backgroundJobs !== false) this.backups.start();
    if (opts.host !== 'cli' && opts.backgroundJobs !== false) this.retention.start();
    if (opts.host !== 'cli' && opts.backgroundJobs !== false) {
      // New messages are embedded as they are stored; what an earlier run left undone, from the start.
      this.messages.onAppend(() => this.embeddings.kick());
      this.config.onChange(() => this.embeddings.kick());
      this.embeddings.kick();
    }
    let retentionDays = this.config.get().memory.history.retentionDays;
    this.config.onChange((config, health) => {
      if (config.memory.history.retentionDays !== retentionDays) {
        const previous = retentionDays;
        retentionDays = config.memory.history.retentionDays;
        this.retention.settingChanged(previous);
      }
      this.events.emit('config.changed', { config, error: health.error });
      this.events.emit('status.changed', this.status());
    });
    if (opts.watchConfig) this.config.watch();
    this.started = true;
  }


  /** Keys saved before they were bound to an origin are bound once, to where their provider points now. */
  private bindLegacyKeys(): void {
    try {
      const n = this.providers.keys.bindUnboundKeys(this.config.get().models.providers);
      if (n) this.log(`[secrets] bound ${n} saved API key${n === 1 ? '' : 's'} to the address ${n === 1 ? 'its provider uses' : 'their providers use'}`);
    } catch (err) {
      // An unreadable secrets file is reported where keys are used; start-up goes on.
      this.log('[secrets] could not bind saved API keys', err);
    }
  }

  static open(opts: EngineOptions): Engine {
    return new Engine(opts);
  }

  status(): AppStatus {
    const cfg = this.config.getHealth();
    let db: AppStatus['db'];
    try {
      db = { ok: true, path: this.paths.appDb, error: null, schemaVersion: schemaVersion(this.appDb) };
    } catch (err) {
      db = { ok: false, path: this.paths.appDb, error: (err as Error).message, schemaVersion: 0 };
    }
    return {
      app: { name: 'Monad', version: appVersion() },
      versions: {
        node: process.versions.node,
        electron: this.opts.versions?.electron ?? null,
        chrome: this.opts.versions?.chrome ?? null,
        sqlite: sqliteVersion(this.appDb),
      },
      host: this.opts.host,
      home: this.paths.root,
      config: { ok: cfg.ok, path: this.paths.config, error: cfg.error, lastGoodAt: cfg.lastGoodAt },
      db,
      secrets: this.secrets.info(),
      notices: [...this.notices, ...this.pendingRestoreNotice()],
    };
  }

  private notify(n: Notice): void {
    this.notices.push(n);
    if (n.level !== 'info') console.error(this.egress.text(`[monad] ${n.message}`));
    if (this.started && !this.closed) this.events.emit('status.changed', this.status());
  }

  private pendingRestoreNotice(): Notice[] {
    const p = this.backups.pending();
    return p && !this.notices.some((n) => n.code === 'restore-pending') ? [{ level: 'info', code: 'restore-pending', message: `Backup ${p.name} will be restored when Monad next starts.`, at: p.requestedAt }] : [];
  }

  /** Deletes a session and tells the memory layers (SessionEnd) so they drop what was only its. */
  async deleteSession(id: string): Promise<void> {
    const session = this.sessions.get(id);
    this.chat.cancel(id);
    // Attachments (issue 29 §1): the chat's files leave the home with it, unless another message carries them too.
    await this.attachments.withSessionFiles(id, async () => this.sessions.delete(id));
    await this.hooks.sessionEnd(session, (hook, err) => this.log(`[hooks] ${hook}.sessionEnd failed`, err));
    this.events.emit('sessions.changed', { agentId: session.agentId });
  }

  log(msg: string, err?: unknown): void {
    // Keys never reach logs: error text is scrubbed of every stored secret first.
    const detail = err === undefined ? '' : ` ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
    console.error(this.egress.text(`${msg}${detail}`));
  }

  assertOpen(): void {
    if (this.closed) throw new MonadError('INTERNAL', 'The engine has been closed');
  }

  /** The person's name from USER.md, re-read only when the file changed (searches ask for it often). */
  private personNameCache: { mtimeMs: number | null; name: string | null } | null = null;
  personName(): string | null {
    let mtimeMs: number | null = null;
    try {
      mtimeMs = statSync(this.facts.identity.pathOf('user')).mtimeMs;
    } catch {
      mtimeMs = null;
    }
    if (!this.personNameCache || this.personNameCache.mtimeMs !== mtimeMs) {
      this.personNameCache = { mtimeMs, name: mtimeMs === null ? null : personNameFromUserFile(this.facts.identity.view('user').content) };
    }
    return this.personNameCache.name;
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.chat.cancelAll();
    this.liveTurns.close();
    void this.sync.stop(); // synchronous up to its end: documents saved before the stores below close
    // Hosts await mcp.close() first (serve, the desktop app's before-quit); this is the backstop.
    void this.mcp.close();
    void this.mcpHttp.stop();
    this.consolidation.scheduler.stop();
    this.backups.stop();
    this.retention.stop();
    this.embeddings.close();
    this.consolidation.pipeline.cancelAll();
    this.facts.close();
    this.mem0.close();
    this.config.close();
    this.appDb.close();
    this.memoryDb.close();
    // Stamped after the close, so the stamp is of the file as this run left it (WAL folded in).
    this.checks.closedCleanly(['app.sqlite', 'memory.sqlite']);
  }
}
