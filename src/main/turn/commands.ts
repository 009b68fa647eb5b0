// What a slash command looks like (`/help`, `/consolidate`, `/why`, …), and where a layer registers one.
// Declared below memory and chat so the memory layers can offer commands without importing chat; chat's
// CommandRegistry (chat/slash-commands.ts) implements the registrar, and the CLI runs the same registry.
import type { CommandResult } from '../../shared/domain';

export interface CommandContext {
  sessionId?: string;
  agentId?: string;
}

export interface SlashCommand {
  name: string;
  /** One line: "/why <text> — explain a learned rule". */
  usage: string;
  run(args: string, ctx: CommandContext): Promise<CommandResult> | CommandResult;
}

/** Where a layer adds its commands; `run` lets one command hand over to another (`/memory why` → `/why`). */
export interface CommandRegistrar {
  register(cmd: SlashCommand): void;
  run(text: string, ctx: CommandContext): Promise<CommandResult>;
}
