// What import and export take from the rest of Monad (issue 28 §1): the parts of the engine each file
// uses, named here so that nothing under transfer/ imports engine.ts. The Engine satisfies these
// interfaces structurally and is handed over by engine.ts, the one place that wires the parts together.
// Sessions and messages are described by the calls made on them (not their store classes), so this file
// does not depend on where those stores live.
import type { Database } from 'better-sqlite3';
import type { AttachmentService } from '../attachments/attachment-service';
import type { Message, Session } from '../../shared/domain';
import type { TurnReceipt } from '../../shared/receipt';
import type { ConfigStore } from '../config/store';
import type { HomePaths } from '../home';
import type { EventBus } from '../events';
import type { ProviderService } from '../llm/provider-service';
import type { FactsLayer } from '../memory/facts-layer';
import type { GraphLayer } from '../memory/graph-layer';
import type { LawsLayer } from '../memory/laws-layer';
import type { CorrectionLinks } from '../memory/cross-layer/correction-links';
import type { MemoryJournal } from '../memory/journal/journal';
import type { EgressFilter } from '../secrets/egress-filter';
import type { SecretStore } from '../secrets/secret-store';

/** History's cutoff and the memory database's own sections (export-memory.ts). */
export interface MemoryExportPorts {
  memoryDb: Database;
  facts: Pick<FactsLayer, 'memory'>;
  config: Pick<ConfigStore, 'get'>;
  now: () => Date;
  /** Cross-layer proposals waiting in the Inbox (carried in the archive's inbox section). */
  links: Pick<CorrectionLinks, 'pending'>;
}

/** The whole archive (export.ts): every section, each piece through the egress filter. */
export interface ExportPorts extends MemoryExportPorts {
  appDb: Database;
  paths: Pick<HomePaths, 'root' | 'core' | 'agents'>;
  egress: Pick<EgressFilter, 'value'>;
  laws: Pick<LawsLayer, 'store'>;
  providers: Pick<ProviderService, 'list'>;
  sessions: { get(id: string): Session };
  messages: {
    /** A chat in its order, the one every device shows (not the order rows arrived in here). */
    inOrder(sessionId: string): { message: Message; active: boolean }[];
    receiptOf(id: string): { message: Message; receipt: TurnReceipt | null };
  };
  attachments: Pick<AttachmentService, 'archiveOf'>;
}

/** The identity files an import brought, held for review (identity-review.ts). */
export interface IdentityReviewPorts {
  paths: Pick<HomePaths, 'root' | 'db'>;
  facts: Pick<FactsLayer, 'identity'>;
  now: () => Date;
}

/** Facts written through the facts layer's ledger, in History's groups (import-facts.ts). */
export interface FactImportPorts {
  memoryDb: Database;
  journal: Pick<MemoryJournal, 'inGroup'>;
  facts: Pick<FactsLayer, 'ledger' | 'memory' | 'origins'>;
}

/** A Monad archive applied to this home (import.ts). */
export interface ImportPorts extends FactImportPorts, MemoryExportPorts {
  appDb: Database;
  paths: Pick<HomePaths, 'memory'>;
  config: Pick<ConfigStore, 'get' | 'path' | 'reload' | 'update'>;
  secrets: SecretStore;
  events: Pick<EventBus, 'emit'>;
  laws: Pick<LawsLayer, 'store'>;
  facts: Pick<FactsLayer, 'ledger' | 'memory' | 'origins'>;
  attachments: Pick<AttachmentService, 'fromArchive'>;
}

/** The reference MCP memory server's graph file (mcp-memory-import.ts). */
export interface McpMemoryImportPorts extends FactImportPorts {
  paths: Pick<HomePaths, 'memory'>;
  secrets: Pick<SecretStore, 'values'>;
  graph: Pick<GraphLayer, 'corrections' | 'store'>;
}

/** Everything import and export use, for the TransferService that offers them. */
export interface TransferPorts extends ExportPorts, ImportPorts, IdentityReviewPorts, McpMemoryImportPorts {
  paths: Pick<HomePaths, 'root' | 'core' | 'agents' | 'db' | 'memory'>;
  config: Pick<ConfigStore, 'get' | 'path' | 'reload' | 'update'>;
  facts: Pick<FactsLayer, 'memory' | 'identity' | 'ledger' | 'origins'>;
  secrets: SecretStore;
  attachments: Pick<AttachmentService, 'archiveOf' | 'fromArchive'>;
}
