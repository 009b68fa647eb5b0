// What a tool offered to the model looks like, and where a layer registers one. Declared here, below memory
// and chat, so the memory layers (and search) can offer tools without importing chat; chat's ToolRegistry
// (chat/tools.ts) implements the registrar and hands the tools to the model for each turn.
// turn/ is a room of its own rather than part of conversations/: these are the shapes of a running turn
// (what a layer may add to it and how it reports), not stored data; neither room imports the other.
import type { z } from 'zod';
import type { Agent } from '../../shared/config';
import type { Message, Session } from '../../shared/domain';
import type { ReceiptSink } from './receipt-sink';

export interface ToolContext {
  session: Session;
  agent: Agent;
  signal: AbortSignal;
  /** The user message that started the turn: a fact recorded now is attributed to it (its origin, its id). */
  userMessage?: Message | null;
  /** Receipts (issue 16): where a tool reports the memory items it showed the model and writes it refused. */
  receipt?: ReceiptSink;
  /** The files sent with the user message (issue 29 §1): a fact taken from one says so, never "you said it". */
  attachments?: readonly { name: string; text: string }[];
}

export interface AgentTool<S extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  inputSchema: S;
  /** Returns what the model sees as the result. Throwing reports the error text to the model. */
  execute(args: z.infer<S>, ctx: ToolContext): Promise<unknown> | unknown;
  /** Hide the tool for some sessions (e.g. a backend that does not offer it). */
  enabled?(ctx: Omit<ToolContext, 'signal'>): boolean;
  /** Offer the tool differently for some sessions (a narrower schema, another description); null: as declared. */
  offer?(ctx: Omit<ToolContext, 'signal'>): { description: string; inputSchema: z.ZodType } | null;
}

/** Where a layer adds its tools; a name can be registered once. */
export interface ToolRegistrar {
  register<S extends z.ZodType>(t: AgentTool<S>): void;
}
