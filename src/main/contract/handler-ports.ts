// What the contract's handlers take from the rest of Monad (issue 28 §1). The handlers are the one
// place that reaches nearly every part, so this list is long; it is still a list of the calls they make,
// and the Engine satisfies it structurally: contract/ does not import engine.ts, which is the one place
// that wires the parts together (and which only the hosts import).
import type { AppStatus } from '../../shared/domain';
import type { AgentService } from '../agents/agent-service';
import type { AttachmentService } from '../attachments/attachment-service';
import type { ChatService } from '../chat/agent-loop';
import type { LiveTurns } from '../chat/live-turns';
import type { receiptView } from '../chat/receipt-view';
import type { SessionStore } from '../conversations/session-store';
import type { CommandRegistry } from '../chat/slash-commands';
import type { ConfigStore } from '../config/store';
import type { BackupService } from '../db/backup';
import type { EventBus } from '../events';
import type { HomePaths } from '../home';
import type { ModelChecks } from '../llm/model-check';
import type { ProviderService } from '../llm/provider-service';
import type { TaskHealth } from '../llm/task-health';
import type { McpClientService } from '../mcp-client/mcp-client-service';
import type { McpClients } from '../mcp/mcp-clients';
import type { McpHttpListener } from '../mcp/mcp-http-listener';
import type { McpHttpToken } from '../mcp/mcp-http-token';
import type { ConsolidationLayer } from '../memory/consolidation-layer';
import type { FactsLayer } from '../memory/facts-layer';
import type { RecallFreshnessService } from '../memory/facts/recall-freshness';
import type { ForgetService } from '../memory/forget/forget-service';
import type { GraphLayer } from '../memory/graph-layer';
import type { InboxService } from '../memory/inbox/inbox-service';
import type { HistoryService } from '../memory/journal/history-service';
import type { LawsLayer } from '../memory/laws-layer';
import type { Mem0Layer } from '../memory/mem0-layer';
import type { MessageEmbedder } from '../search/message-embedder';
import type { SearchService } from '../search/search-service';
import type { SecretStore } from '../secrets/secret-store';
import type { SyncService } from '../sync/live-sync-service';
import type { TransferService } from '../transfer/transfer-service';

type ReceiptArgs = Parameters<typeof receiptView>;

export interface HandlerPorts {
  status(): AppStatus;
  now: () => Date;
  paths: Pick<HomePaths, 'root'>;
  config: Pick<ConfigStore, 'get' | 'update'>;
  events: Pick<EventBus, 'emit'>;
  /** values: to scrub them; get/set/binding: this device's sync credential (Settings → Devices). */
  secrets: Pick<SecretStore, 'binding' | 'get' | 'set' | 'values'>;
  agents: Pick<AgentService, 'create' | 'delete' | 'get' | 'list' | 'update'>;
  sessions: Pick<SessionStore, 'create' | 'get' | 'list' | 'rename' | 'setChatModel' | 'setSettings' | 'update'>;
  /** Deletes a session and tells the memory layers (SessionEnd). */
  deleteSession(id: string): Promise<void>;
  /** A message page, and a receipt read from the message it belongs to. */
  messages: ReceiptArgs[0];
  journal: ReceiptArgs[1];
  receiptBlocks: NonNullable<ReceiptArgs[3]>;
  chat: Pick<ChatService, 'cancel' | 'regenerate' | 'send' | 'switchBranch'>;
  attachments: Pick<AttachmentService, 'add' | 'preview'>;
  liveTurns: Pick<LiveTurns, 'get'>;
  commands: Pick<CommandRegistry, 'run'>;
  providers: Pick<ProviderService, 'delete' | 'detectLocal' | 'detectOllama' | 'list' | 'save' | 'test'>;
  modelChecks: Pick<ModelChecks, 'list' | 'run'>;
  taskHealth: Pick<TaskHealth, 'failing' | 'recent' | 'tasks'>;
  facts: Pick<FactsLayer, 'at' | 'chatProposals' | 'edit' | 'forget' | 'identity' | 'ledger' | 'list' | 'memory' | 'proposals' | 'recall' | 'record'>;
  graph: Pick<GraphLayer, 'corrections' | 'edgeDetail' | 'nodeDetail' | 'proposals' | 'store'>;
  laws: Pick<LawsLayer, 'check' | 'corrections' | 'infer' | 'openProposals' | 'rejectedViews' | 'view' | 'views'>;
  search: Pick<SearchService, 'query'>;
  embeddings: Pick<MessageEmbedder, 'status'>;
  consolidation: Pick<ConsolidationLayer, 'pipeline' | 'run' | 'runs' | 'status'>;
  mem0: Pick<Mem0Layer, 'entries' | 'forget' | 'projection' | 'status'>;
  history: Pick<HistoryService, 'list' | 'undo'>;
  forget: Pick<ForgetService, 'apply' | 'preview'>;
  inbox: Pick<InboxService, 'approve' | 'count' | 'decideMany' | 'list'>;
  freshness: Pick<RecallFreshnessService, 'check' | 'rebuilds' | 'seen' | 'useNow'>;
  backups: Pick<BackupService, 'list' | 'stageRestore'>;
  transfer: Pick<TransferService, 'exportText' | 'identity' | 'importText' | 'pendingIdentity'>;
  /** MCP tool servers the chat uses (Settings → Tools). */
  mcp: Pick<McpClientService, 'approvals' | 'approveTool' | 'calls' | 'delete' | 'list' | 'save' | 'test'>;
  /** Apps that connect to Monad's memory over MCP, and the desktop app's own MCP port. */
  mcpClients: Pick<McpClients, 'add' | 'approve' | 'dismiss' | 'list' | 'regenerate' | 'remove' | 'setKeylessPolicy' | 'update'>;
  mcpHttp: Pick<McpHttpListener, 'status' | 'url'>;
  mcpHttpToken: Pick<McpHttpToken, 'get' | 'regenerate'>;
  /** The live sync with this home's other devices (issue 30 §5). */
  sync: Pick<SyncService, 'conflicts' | 'flush' | 'status' | 'tryStart' | 'localChange'>;
}
