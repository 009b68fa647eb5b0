// `monad`: the command-line face of the engine. Each command is one module under commands/.
import { MonadError } from '../shared/errors';
import { UsageError } from './args';
import { filterProcessOutput } from './output';
import { backupCommand, backupHelp, restoreCommand, restoreHelp } from './commands/backup';
import { commandCommand, commandHelp } from './commands/command';
import { consolidateCommand, consolidateHelp } from './commands/consolidate';
import { factsCommand, factsHelp } from './commands/facts';
import { graphCommand, graphHelp } from './commands/graph';
import { lawsCommand, lawsHelp } from './commands/laws';
import { modelsCommand, modelsHelp } from './commands/models';
import { mcpHelp } from './commands/mcp-help';
import { historyCommand, historyHelp, undoCommand, undoHelp } from './commands/history';
import { searchCommand, searchHelp } from './commands/search';
import { serveCommand, serveHelp } from './commands/serve';
import { statusCommand, statusHelp } from './commands/status';
import { exportCommand, exportHelp, importCommand, importHelp } from './commands/transfer';
import { whyCommand, whyHelp } from './commands/why';
import { inboxCommand, inboxHelp } from './commands/inbox';
import { syncHelp } from './commands/sync-help';

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, { run: Command; help: string }> = {
  serve: { run: serveCommand, help: serveHelp },
  status: { run: statusCommand, help: statusHelp },
  facts: { run: factsCommand, help: factsHelp },
  graph: { run: graphCommand, help: graphHelp },
  history: { run: historyCommand, help: historyHelp },
  undo: { run: undoCommand, help: undoHelp },
  search: { run: searchCommand, help: searchHelp },
  run: { run: commandCommand, help: commandHelp },
  why: { run: whyCommand, help: whyHelp },
  laws: { run: lawsCommand, help: lawsHelp },
  consolidate: { run: consolidateCommand, help: consolidateHelp },
  backup: { run: backupCommand, help: backupHelp },
  restore: { run: restoreCommand, help: restoreHelp },
  import: { run: importCommand, help: importHelp },
  export: { run: exportCommand, help: exportHelp },
  // The model self-test (issue 18 §3).
  models: { run: modelsCommand, help: modelsHelp },
  // Inbox (issue 16 §3)
  inbox: { run: inboxCommand, help: inboxHelp },
  // MCP server (issue 19)
  // Loaded on use: the MCP SDK is not needed by any other command, and each command's start-up pays for what it loads.
  mcp: { run: (argv) => import('./commands/mcp').then((m) => m.mcpCommand(argv)), help: mcpHelp },
  // Sync (issue 30): loaded on use, like mcp (Yjs and Hocuspocus are needed by no other command).
  sync: { run: (argv) => import('./commands/sync').then((m) => m.syncCommand(argv)), help: syncHelp },
};

function usage(): string {
  return [
    'Usage: monad <command> [options]',
    '',
    ...Object.values(COMMANDS).map((c) => `  ${c.help}`),
    '',
    'Every command takes --home DIR (else $MONAD_HOME, else the OS default) and --json.',
  ].join('\n');
}

export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    process.stdout.write(`${usage()}\n`);
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`monad: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.help}\n`);
    return 0;
  }
  try {
    return await command.run(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`monad ${name}: ${err.message}\n${command.help}\n`);
      return 2;
    }
    if (err instanceof MonadError) {
      process.stderr.write(`monad ${name}: ${err.message} [${err.code}]\n`);
      return 1;
    }
    process.stderr.write(`monad ${name}: ${(err as Error).stack ?? String(err)}\n`);
    return 1;
  }
}

// Everything the process prints passes the egress filter of the engines it opens (output.ts).
filterProcessOutput();
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err) => {
    process.stderr.write(`monad: ${String(err)}\n`);
    process.exitCode = 1;
  },
);
