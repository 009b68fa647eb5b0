// Slash commands typed in the chat input (`/help`, later `/consolidate`, `/why`, …). The CLI runs the
// same registry, so a command behaves identically in both places. The memory layers register theirs
// through the CommandRegistrar they know (turn/commands.ts).
import type { CommandResult } from '../../shared/domain';
import { MonadError } from '../../shared/errors';
import type { CommandContext, CommandRegistrar, SlashCommand } from '../turn/commands';

export interface ParsedCommand {
  name: string;
  args: string;
}

/** "/Memory   why  x" → { name: 'memory', args: 'why  x' }; plain text → null. */
export function parseSlashCommand(text: string): ParsedCommand | null {
  const m = /^\/([a-z][a-z0-9-]*)(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!m) return null;
  return { name: m[1].toLowerCase(), args: (m[2] ?? '').trim() };
}

export class CommandRegistry implements CommandRegistrar {
  private commands = new Map<string, SlashCommand>();

  constructor() {
    this.register({
      name: 'help',
      usage: '/help — list the commands',
      run: () => ({
        output: ['**Commands**', '', ...[...this.commands.values()].map((c) => `- \`${c.usage.split(' — ')[0]}\` — ${c.usage.split(' — ')[1] ?? ''}`)].join('\n'),
        data: [...this.commands.values()].map((c) => ({ name: c.name, usage: c.usage })),
      }),
    });
  }

  register(cmd: SlashCommand): void {
    this.commands.set(cmd.name, cmd);
  }

  list(): SlashCommand[] {
    return [...this.commands.values()];
  }

  async run(text: string, ctx: CommandContext): Promise<CommandResult> {
    const parsed = parseSlashCommand(text);
    if (!parsed) throw new MonadError('BAD_INPUT', 'Commands start with "/", e.g. /help');
    const cmd = this.commands.get(parsed.name);
    if (!cmd) throw new MonadError('NOT_FOUND', `Unknown command /${parsed.name}. Type /help for the list.`);
    return cmd.run(parsed.args, ctx);
  }
}
