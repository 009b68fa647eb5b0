// `monad`: the command-line face of the engine. Each command is one module under commands/, imported
// only when it runs (command-table.ts).
import { MonadError } from '../shared/errors';
import { UsageError } from './args';
import { COMMANDS } from './command-table';
import { filterProcessOutput } from './output-filter';

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
