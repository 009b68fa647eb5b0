// The checked way into L1 from outside (the agent's memory tool, facts.add/facts.edit, the CLI): the
// memory model's fact check in front of MemoryDir's synchronous write, the write attributed to who made
// it (the ledger journals it and keeps the fact's source), and the fact's origin recorded once it is
// written. MemoryDir itself stays synchronous and sanitised as before; internal writers (consolidation)
// use it directly, attributed through the ledger.
import type { Fact, FactOriginKind, FactWriteResult } from '../../../shared/domain';
import type { JournalActor, JournalSource } from '../../../shared/journal';
import type { FactCheck, FactCheckOutcome } from './fact-check';
import type { FactLedger } from './fact-ledger';
import type { FactOrigins } from './fact-origins';
import type { MemoryDir } from './memory-dir';

export interface WriteAttribution {
  /** Who writes (the history's actor and the fact's source); from `origin` when left out. */
  actor?: JournalActor;
  /** From where: the chat and message of an agent's write, 'app' or 'cli' for the person's. */
  source?: JournalSource;
  /**
   * How the words reached Monad, for recall's marks (typed, pasted, forwarded…). Defaults from the
   * actor: the person's own, the agent's, imported.
   */
  origin?: FactOriginKind;
  /** Shorthands for source.sessionId / messageId / detail. */
  sessionId?: string | null;
  messageId?: string | null;
  detail?: string | null;
  /** The agent whose memory model judges the fact (its own model override applies). */
  agentId?: string;
  signal?: AbortSignal;
}

function sourceOf(by: WriteAttribution): JournalSource | undefined {
  const source: JournalSource = { ...by.source };
  if (by.sessionId && !source.sessionId) source.sessionId = by.sessionId;
  if (by.messageId && !source.messageId) source.messageId = by.messageId;
  if (by.detail && !source.detail) source.detail = by.detail;
  return Object.keys(source).length ? source : undefined;
}

const ACTOR_OF: Record<FactOriginKind, JournalActor> = {
  typed: 'agent',
  pasted: 'agent',
  forwarded: 'agent',
  agent: 'agent',
  person: 'person',
  imported: 'import',
  consolidated: 'consolidation',
};

const ORIGIN_OF: Record<JournalActor, FactOriginKind> = {
  person: 'person',
  agent: 'agent',
  consolidation: 'consolidated',
  extraction: 'agent',
  inference: 'agent',
  import: 'imported',
  mcp: 'agent',
  system: 'agent',
};

export interface CheckedWrite {
  result: FactWriteResult;
  check: FactCheckOutcome | null;
}

export class FactWriter {
  constructor(
    private readonly d: {
      memory: MemoryDir;
      origins: FactOrigins;
      check: FactCheck;
      ledger: FactLedger;
    },
  ) {}

  async record(scope: string, text: string, by: WriteAttribution): Promise<CheckedWrite> {
    return this.write(scope, text, by, null);
  }

  async update(scope: string, id: string, text: string, by: WriteAttribution): Promise<CheckedWrite> {
    return this.write(scope, text, by, id);
  }

  /** Forgets a fact, attributed (no check: removing is always allowed). Throws NOT_FOUND. */
  forget(scope: string, id: string, by: { actor: JournalActor; source?: JournalSource }): Fact {
    return this.d.ledger.as({ actor: by.actor, source: by.source }, () => this.d.memory.forget(scope, id));
  }

  private async write(scope: string, text: string, by: WriteAttribution, replaces: string | null): Promise<CheckedWrite> {
    const preview = this.d.memory.preview(text);
    const actor = by.actor ?? ACTOR_OF[by.origin ?? 'agent'];
    const source = sourceOf(by);
    const apply = () => this.d.ledger.as({ actor, source }, () => (replaces ? this.d.memory.update(scope, replaces, text) : this.d.memory.record(scope, text)));
    // Rejected by the sanitizer: MemoryDir gives the same answer without a model call.
    if (!preview.ok) return { result: apply(), check: null };
    const check = await this.d.check.judge(preview.text, preview.id, { agentId: by.agentId, signal: by.signal });
    if (check.verdict === 'instruction') {
      const why = check.reason.trim() ? ` (${check.reason.trim().replace(/\.$/, '')})` : '';
      return {
        result: {
          status: 'refused',
          fact: null,
          redactions: [],
          reason: `The memory model judged this to be an instruction to an assistant, not a fact about the person${why}. Memory keeps facts only; nothing was saved. Standing instructions of the person's own belong in the agent's AGENTS.md (Memory → Identity files).`,
        },
        check,
      };
    }
    const result = apply();
    if (result.fact && (result.status === 'recorded' || result.status === 'updated' || result.status === 'duplicate')) {
      this.d.origins.record({
        scope,
        factId: result.fact.id,
        origin: by.origin ?? ORIGIN_OF[actor],
        event: result.status,
        previousId: replaces,
        sessionId: source?.sessionId,
        messageId: source?.messageId,
        detail: source?.detail,
      });
    }
    return { result, check };
  }
}
