// Lifecycle hook points of a chat turn, as a layer sees them. The memory layers plug in here:
//   BeforeTurn  → blocks for the system prompt (recall, tool nudges)
//   AfterTurn   → observe the finished turn (mem0), never blocking the reply
//   SessionEnd  → a session was deleted or closed (drop its session scope)
// Declared below memory and chat so memory can plug in without importing chat; chat's HookRegistry
// (chat/hooks.ts) implements the registrar and runs the hooks.
import type { Agent } from '../../shared/config';
import type { Message, Session } from '../../shared/domain';
import type { MemoryChange } from '../../shared/receipt';
import type { ReceiptSink } from './receipt-sink';

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

/** Where a layer adds its hooks; they run in the order they were added. */
export interface HookRegistrar {
  add(h: LifecycleHooks): void;
}
