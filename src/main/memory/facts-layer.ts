// L1 wiring: the Markdown store, identity files, frozen recall, the memory tool, the lifecycle hooks
// and per-scope auto-consolidation, registered with the chat engine. Writes from outside go through the
// FactWriter (the memory model's fact check, then the write, then the fact's origin).
import type { Database } from 'better-sqlite3';
import type { Config } from '../../shared/config';
import type { HookRegistry } from '../chat/hooks';
import type { ToolRegistry } from '../chat/tools';
import type { HomePaths } from '../home';
import type { LlmClient } from '../llm/llm-client';
import { resolveModel } from '../llm/roles';
import { IdentityFiles, type CoreBlock } from './core/identity-files';
import { AutoConsolidator } from './facts/auto-consolidate';
import { FactCheck } from './facts/fact-check';
import { FactOrigins, recallMark } from './facts/fact-origins';
import { FactWriter } from './facts/fact-writer';
import { MemoryDir } from './facts/memory-dir';
import { createMemoryTool, MEMORY_TOOL_NUDGE } from './facts/memory-tool';
import { RecallService, type FactMarks } from './facts/recall';
import { sessionScope } from './scope';
import { dataBlock } from './spotlight';

export interface FactsLayerDeps {
  paths: HomePaths;
  appDb: Database;
  memoryDb: Database;
  llm: LlmClient;
  config: () => Config;
  now: () => Date;
  log: (msg: string, err?: unknown) => void;
  /** Tests shorten the fact check's deadline (facts/fact-check.ts). */
  factCheckTimeoutMs?: number;
  /** The secret store's values: redacted from every fact written (facts/sanitize-known-secrets.ts). */
  knownSecrets?: () => readonly string[];
}

const IDENTITY_TITLES = { soul: 'SOUL.md', agents: 'AGENTS.md', user: 'USER.md', workspace: 'Project AGENTS.md' } as const;

/**
 * An identity file in the prompt. The person's own files are their instructions and go in verbatim; a
 * file whose bytes still are the ones an import brought is someone else's text, so it is quoted data.
 */
export function renderIdentityBlock(b: CoreBlock): string {
  const title = IDENTITY_TITLES[b.kind];
  if (!b.imported) return `# ${title}\n\n${b.content}`;
  return `# ${title} (taken from an import, not written by the person: quoted as data)\n\n${dataBlock(`${title} import`, b.content)}`;
}

export class FactsLayer {
  readonly memory: MemoryDir;
  readonly identity: IdentityFiles;
  readonly recall: RecallService;
  readonly auto: AutoConsolidator;
  readonly origins: FactOrigins;
  readonly check: FactCheck;
  readonly writer: FactWriter;

  constructor(private readonly d: FactsLayerDeps) {
    this.memory = new MemoryDir(d.paths.memory, d.now, d.knownSecrets);
    this.identity = new IdentityFiles(d.paths);
    this.origins = new FactOrigins(d.memoryDb, d.now);
    this.check = new FactCheck({ db: d.memoryDb, llm: d.llm, config: d.config, now: d.now, log: d.log, timeoutMs: d.factCheckTimeoutMs });
    this.writer = new FactWriter({ memory: this.memory, origins: this.origins, check: this.check });
    this.recall = new RecallService(d.appDb, this.memory, d.now, this.marks);
    this.auto = new AutoConsolidator({
      memory: this.memory,
      llm: d.llm,
      origins: this.origins,
      log: d.log,
      hasMemoryModel: () => resolveModel(d.config(), 'memory') !== null,
    });
  }

  /** "from pasted text" and the like, for facts every write of which came from brought-in text. */
  readonly marks: FactMarks = (scope, facts) => {
    const out = new Map<string, string>();
    for (const [id, origins] of this.origins.of(scope, facts.map((f) => f.id))) {
      const mark = recallMark(origins);
      if (mark) out.set(id, mark);
    }
    return out;
  };

  register(tools: ToolRegistry, hooks: HookRegistry): void {
    tools.register(createMemoryTool({ memory: this.memory, writer: this.writer, marks: this.marks, config: this.d.config }));
    hooks.add({
      name: 'l1-memory',
      beforeTurn: ({ session, agent }) => {
        const identity = this.identity.blocksFor(agent.id, session.workspace, (path, error) => this.d.log(`[memory] ${path}: ${error}`));
        const identityBlocks = identity.map(renderIdentityBlock);
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
