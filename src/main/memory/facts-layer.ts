// L1 wiring: the Markdown store, identity files, frozen recall, the memory tool, the lifecycle hooks
// and per-scope auto-consolidation, registered with the chat engine.
import type { Database } from 'better-sqlite3';
import type { Config } from '../../shared/config';
import type { HookRegistry } from '../chat/hooks';
import type { ToolRegistry } from '../chat/tools';
import type { HomePaths } from '../home';
import type { LlmClient } from '../llm/llm-client';
import { resolveModel } from '../llm/roles';
import { IdentityFiles } from './core/identity-files';
import { AutoConsolidator } from './facts/auto-consolidate';
import { MemoryDir } from './facts/memory-dir';
import { createMemoryTool, MEMORY_TOOL_NUDGE } from './facts/memory-tool';
import { RecallService } from './facts/recall';
import { sessionScope } from './scope';

export interface FactsLayerDeps {
  paths: HomePaths;
  appDb: Database;
  llm: LlmClient;
  config: () => Config;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
}

const IDENTITY_TITLES = { soul: 'SOUL.md', agents: 'AGENTS.md', user: 'USER.md', workspace: 'Project AGENTS.md' } as const;

export class FactsLayer {
  readonly memory: MemoryDir;
  readonly identity: IdentityFiles;
  readonly recall: RecallService;
  readonly auto: AutoConsolidator;

  constructor(private readonly d: FactsLayerDeps) {
    this.memory = new MemoryDir(d.paths.memory, d.now);
    this.identity = new IdentityFiles(d.paths);
    this.recall = new RecallService(d.appDb, this.memory, d.now);
    this.auto = new AutoConsolidator({
      memory: this.memory,
      llm: d.llm,
      log: d.log,
      hasMemoryModel: () => resolveModel(d.config(), 'memory') !== null,
    });
  }

  register(tools: ToolRegistry, hooks: HookRegistry): void {
    tools.register(createMemoryTool({ memory: this.memory, config: this.d.config }));
    hooks.add({
      name: 'l1-memory',
      beforeTurn: ({ session, agent }) => {
        const identity = this.identity.blocksFor(agent.id, session.workspace, (path, error) => this.d.log(`[memory] ${path}: ${error}`));
        const identityBlocks = identity.map((b) => `# ${IDENTITY_TITLES[b.kind]}\n\n${b.content}`);
        // With mem0 as the backend, its layer supplies recall, the Learned rules and the tool note.
        if (this.d.config().memory.backend === 'mem0') return identityBlocks;
        return [
          ...identityBlocks,
          this.recall.frozen(session, agent),
          MEMORY_TOOL_NUDGE,
        ];
      },
      sessionEnd: (session) => {
        this.memory.dropScope(sessionScope(session.id));
      },
    });
  }

  close(): void {
    this.auto.close();
  }
}
