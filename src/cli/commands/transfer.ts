// monad import FILE / monad export --out FILE
import { resolve } from 'node:path';
import { Engine } from '../../main/engine';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

export const importHelp = 'monad import FILE   import a Monad transcript/export or a ChatGPT conversations.json (idempotent)';
export const exportHelp = 'monad export --out FILE   write everything (config without secrets, identity, facts, chats, graph, laws)';

export async function importCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {});
  const flags = globalFlags(values);
  if (positionals.length !== 1) throw new UsageError('give exactly one file to import');
  const engine = Engine.open({ home: flags.home, host: 'cli' });
  try {
    const r = engine.transfer.importFile(resolve(positionals[0]));
    if (flags.json) printJson(r);
    else {
      process.stdout.write(
        `imported ${r.format}: ${r.sessions.added} chats added (${r.sessions.skipped} already there), ${r.messages.added} messages added (${r.messages.skipped} skipped), ` +
          `${r.agents.added} agents, ${r.facts.added} facts, ${r.graph.nodes} entities, ${r.graph.edges} relations, ${r.laws.added} laws\n`,
      );
      for (const w of r.warnings) process.stderr.write(`warning: ${w}\n`);
    }
    return 0;
  } finally {
    engine.close();
  }
}

export async function exportCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { out: { type: 'string' } });
  const flags = globalFlags(values);
  if (typeof values.out !== 'string') throw new UsageError('--out FILE is required');
  const engine = Engine.open({ home: flags.home, host: 'cli' });
  try {
    const r = engine.transfer.exportToFile(resolve(values.out));
    if (flags.json) printJson(r);
    else process.stdout.write(`exported to ${r.path} (${(r.bytes / 1024).toFixed(1)} KB)\n`);
    return 0;
  } finally {
    engine.close();
  }
}
