// The agent's tools. Memory layers register theirs here (`memory`, `graph_explore`, `graph_node`, …)
// through the ToolRegistrar they know (turn/tools.ts); the agent loop hands the registry to the model for
// each turn. What a tool returns is stored as it is and reaches the model as quoted data
// (chat/tool-results.ts).
import type { ToolSet } from 'ai';
import { loadAiSdk } from '../llm/ai-sdk';
import type { z } from 'zod';
import type { AgentTool, ToolContext, ToolRegistrar } from '../turn/tools';

export class ToolRegistry implements ToolRegistrar {
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
  async toToolSet(ctx: ToolContext): Promise<ToolSet> {
    const { tool } = await loadAiSdk();
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
