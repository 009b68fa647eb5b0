// monad run "/help" — runs a chat slash command, exactly as typed in the chat input.
import { openCliEngine } from '../output';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

export async function commandCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { agent: { type: 'string' }, session: { type: 'string' } });
  const flags = globalFlags(values);
  const text = positionals.join(' ').trim();
  if (!text.startsWith('/')) throw new UsageError('give a slash command, e.g. monad run "/help"');
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const sessionId = typeof values.session === 'string' ? values.session : undefined;
    const agentId = typeof values.agent === 'string' ? values.agent : sessionId ? engine.sessions.get(sessionId).agentId : 'default';
    const result = await engine.commands.run(text, { sessionId, agentId });
    if (flags.json) printJson(result.data ?? { output: result.output });
    else process.stdout.write(`${result.output}\n`);
    return 0;
  } finally {
    engine.close();
  }
}
