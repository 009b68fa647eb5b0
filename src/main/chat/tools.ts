// The agent's tools. Memory layers register theirs here (`memory`, `graph_explore`, `graph_node`, …);
// the agent loop hands the registry to the model for each turn. What a tool returns is stored as it is and
// reaches the model as quoted data (chat/tool-results.ts).
import { tool, type ToolSet } from 'ai';
import type { z } from 'zod';
import type { Agent } from '../../shared/config';
import type { Message, Session } from '../../shared/domain';
import type { ReceiptSink } from './turn-receipt';

export interface ToolContext {
  session: Session;
  agent: Agent;
  signal: AbortSignal;
  /** The user message that started the turn: a fact recorded now is attributed to it (its origin, its id). */
  userMessage?: Message | null;
  /** Receipts (issue 16): where a tool reports the memory items it showed the model and writes it refused. */
  receipt?: ReceiptSink;
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

export class ToolRegistry {
  private tools = new Map<string, AgentTool>();

  register<S extends z.ZodType>(t: AgentTool<S>): void {
    if (this.tools.has(t.name)) throw new Error(`tool ${t.name} is already registered`);
    this.tools.set(t.name, t as unknown as AgentTool);
  }

  names(): string[] {
    return [...this.tools.keys()];
  }

  get(name: string): AgentTool | undefined {
    return this.tools.get(name);
  }

  /** The AI SDK tool set for one turn, bound to that turn's session and agent. */
  toToolSet(ctx: ToolContext): ToolSet {
    const set: ToolSet = {};
    for (const t of this.tools.values()) {
      if (t.enabled && !t.enabled(ctx)) continue;
      const offer = t.offer?.(ctx) ?? null;
      set[t.name] = tool({
        description: offer?.description ?? t.description,
        inputSchema: offer?.inputSchema ?? t.inputSchema,
        execute: async (args: unknown) => t.execute(args, ctx),
      });
    }
    return set;
  }
}
