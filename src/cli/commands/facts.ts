// monad facts list|add|edit|forget --scope SCOPE — the same MemoryDir (and sanitizer) the agent uses; add and
// edit go through the same fact check as the Memory tab (facts/fact-writer.ts).
import type { FactWriteResult } from '../../shared/domain';
import { Engine } from '../../main/engine';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

export const factsHelp =
  'monad facts list|add|edit|forget [--scope S] [TEXT] [--id ID]   browse and curate L1 facts (scope: global, agent:<id>, project:<key>)';

export async function factsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { scope: { type: 'string' }, id: { type: 'string' } });
  const flags = globalFlags(values);
  const [action, ...rest] = positionals;
  const text = rest.join(' ').trim();
  const scope = typeof values.scope === 'string' ? values.scope : action === 'list' && !values.scope ? null : 'agent:default';
  const id = typeof values.id === 'string' ? values.id : undefined;
  const engine = Engine.open({ home: flags.home, host: 'cli' });
  try {
    switch (action) {
      case 'list': {
        if (!scope) {
          const scopes = engine.facts.memory.scopes();
          if (flags.json) printJson(scopes);
          else for (const s of scopes) process.stdout.write(`${s.scope}\t${s.count} facts${s.warnings.length ? `\t(${s.warnings.join(' ')})` : ''}\n`);
          return 0;
        }
        const r = engine.facts.memory.read(scope);
        if (flags.json) printJson({ scope, facts: r.facts, warnings: r.warnings });
        else {
          for (const f of r.facts) process.stdout.write(`${f.id}  ${f.text}\n`);
          for (const w of r.warnings) process.stderr.write(`warning: ${w}\n`);
        }
        return 0;
      }
      case 'add':
        if (!text) throw new UsageError('add needs the fact text');
        return report((await engine.facts.writer.record(scope!, text, { origin: 'person' })).result, flags.json);
      case 'edit':
        if (!id || !text) throw new UsageError('edit needs --id ID and the new text');
        return report((await engine.facts.writer.update(scope!, id, text, { origin: 'person' })).result, flags.json);
      case 'forget': {
        if (!id) throw new UsageError('forget needs --id ID');
        const f = engine.facts.memory.forget(scope!, id);
        if (flags.json) printJson({ forgotten: f });
        else process.stdout.write(`forgotten ${f.id}: ${f.text}\n`);
        return 0;
      }
      default:
        throw new UsageError(`unknown action "${action ?? ''}"; use list, add, edit or forget`);
    }
  } finally {
    engine.close();
  }
}

function report(r: FactWriteResult, json: boolean): number {
  if (json) printJson(r);
  else if (r.status === 'rejected' || r.status === 'refused') process.stderr.write(`${r.status}: ${r.reason}\n`);
  else {
    const red = r.redactions.length ? ` (redacted: ${r.redactions.join(', ')})` : '';
    process.stdout.write(`${r.status} ${r.fact!.id}: ${r.fact!.text}${red}\n`);
  }
  return r.status === 'rejected' || r.status === 'refused' ? 1 : 0;
}
