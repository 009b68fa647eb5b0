// Lifecycle hook points of a chat turn. The memory layers plug in here:
//   BeforeTurn  → blocks for the system prompt (recall, tool nudges)
//   AfterTurn   → observe the finished turn (mem0), never blocking the reply
//   SessionEnd  → a session was deleted or closed (drop its session scope)
import type { Agent } from '../../shared/config';
import type { Message, Session } from '../../shared/domain';
import type { MemoryChange } from '../../shared/receipt';
import type { ReceiptSink } from './turn-receipt';

export interface TurnContext {
  session: Session;
  agent: Agent;
  /** The user text that started the turn. */
  userText: string;
  /** Receipts (issue 16): where a layer reports what it put into the prompt. */
  receipt?: ReceiptSink;
}

/** The finished turn. */
export type AfterTurnContext = TurnContext & {
  messages: Message[];
  /** Receipts (issue 16): changes made after the reply was stored (mem0's observation) join its lines. */
  laterChanges?: (changes: MemoryChange[]) => void;
};

export interface LifecycleHooks {
  name: string;
  beforeTurn?(ctx: TurnContext): Promise<string[]> | string[];
  afterTurn?(ctx: AfterTurnContext): Promise<void> | void;
  sessionEnd?(session: Session): Promise<void> | void;
}

export class HookRegistry {
  private hooks: LifecycleHooks[] = [];

  add(h: LifecycleHooks): void {
    this.hooks.push(h);
  }

  /** Blocks in registration order. A failing hook is reported and skipped: a turn never dies for it. */
  async beforeTurn(ctx: TurnContext, onError: (hook: string, err: unknown) => void): Promise<string[]> {
    const blocks: string[] = [];
    for (const h of this.hooks) {
      if (!h.beforeTurn) continue;
      try {
        blocks.push(...(await h.beforeTurn(ctx)).filter((b) => b.trim() !== ''));
      } catch (err) {
        onError(h.name, err);
      }
    }
    return blocks;
  }

  async afterTurn(ctx: AfterTurnContext, onError: (hook: string, err: unknown) => void): Promise<void> {
    for (const h of this.hooks) {
      if (!h.afterTurn) continue;
      try {
        await h.afterTurn(ctx);
      } catch (err) {
        onError(h.name, err);
      }
    }
  }

  async sessionEnd(session: Session, onError: (hook: string, err: unknown) => void): Promise<void> {
    for (const h of this.hooks) {
      if (!h.sessionEnd) continue;
      try {
        await h.sessionEnd(session);
      } catch (err) {
        onError(h.name, err);
      }
    }
  }
}
