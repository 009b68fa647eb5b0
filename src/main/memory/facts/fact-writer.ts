// The checked way into L1 from outside (the agent's memory tool, facts.add/facts.edit, the CLI): the
// memory model's fact check in front of MemoryDir's synchronous write, and the fact's origin recorded
// once it is written. MemoryDir itself stays synchronous and sanitised as before; internal writers
// (consolidation) use it directly.
import type { FactOriginKind, FactWriteResult } from '../../../shared/domain';
import type { FactCheck, FactCheckOutcome } from './fact-check';
import type { FactOrigins } from './fact-origins';
import type { MemoryDir } from './memory-dir';

export interface WriteAttribution {
  origin: FactOriginKind;
  sessionId?: string | null;
  messageId?: string | null;
  detail?: string | null;
  /** The agent whose memory model judges the fact (its own model override applies). */
  agentId?: string;
  signal?: AbortSignal;
}

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
    },
  ) {}

  async record(scope: string, text: string, by: WriteAttribution): Promise<CheckedWrite> {
    return this.write(scope, text, by, null);
  }

  async update(scope: string, id: string, text: string, by: WriteAttribution): Promise<CheckedWrite> {
    return this.write(scope, text, by, id);
  }

  private async write(scope: string, text: string, by: WriteAttribution, replaces: string | null): Promise<CheckedWrite> {
    const preview = this.d.memory.preview(text);
    // Rejected by the sanitizer: MemoryDir gives the same answer without a model call.
    if (!preview.ok) return { result: replaces ? this.d.memory.update(scope, replaces, text) : this.d.memory.record(scope, text), check: null };
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
    const result = replaces ? this.d.memory.update(scope, replaces, text) : this.d.memory.record(scope, text);
    if (result.fact && (result.status === 'recorded' || result.status === 'updated' || result.status === 'duplicate')) {
      this.d.origins.record({
        scope,
        factId: result.fact.id,
        origin: by.origin,
        event: result.status,
        previousId: replaces,
        sessionId: by.sessionId,
        messageId: by.messageId,
        detail: by.detail,
      });
    }
    return { result, check };
  }
}
