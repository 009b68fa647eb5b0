// monad consolidate [--level N] [--agent ID] — the consolidation pipeline from the command line.
import type { ConsolidationSummary } from '../../shared/domain';
import { openCliEngine } from '../output';
import { formatSummary } from '../../main/memory/consolidation-layer';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

export async function consolidateCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, { level: { type: 'string' }, agent: { type: 'string' } });
  const flags = globalFlags(values);
  let level: 1 | 2 | 3 | undefined;
  if (typeof values.level === 'string') {
    if (!/^[1-3]$/.test(values.level)) throw new UsageError(`--level must be 1, 2 or 3, got ${values.level}`);
    level = Number(values.level) as 1 | 2 | 3;
  }
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  const onSignal = () => engine.consolidation.pipeline.cancelAll();
  process.once('SIGINT', onSignal);
  try {
    if (!flags.json) {
      engine.events.subscribe((e) => {
        if (e.name === 'consolidate.progress' && e.payload.scope) process.stderr.write(`  ${e.payload.stage} ${e.payload.done + 1}/${e.payload.total} ${e.payload.scope}\n`);
      });
    }
    const agentId = typeof values.agent === 'string' ? values.agent : undefined;
    const summaries: ConsolidationSummary[] = [];
    for (const id of agentId ? [agentId] : engine.agents.list().map((a) => a.id)) {
      summaries.push(await engine.consolidation.run(id, { level, trigger: 'cli' }));
    }
    if (flags.json) printJson(summaries);
    else for (const s of summaries) process.stdout.write(`${s.agentId}: ${formatSummary(s).replace(/\*\*/g, '')}\n`);
    return summaries.every((s) => s.ok) ? 0 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    engine.close();
  }
}
