// monad facts list|add|edit|forget --scope SCOPE — the same MemoryDir (and sanitizer) the agent uses; add and
// edit go through the same fact check as the Memory tab (facts/fact-writer.ts). Every change is the
// person's, journaled as made with the CLI. `list` shows each fact's source; `--at DATE` shows a scope as
// it was then.
import type { FactView, FactWriteResult } from '../../shared/domain';
import { factSourceLabel } from '../../shared/fact-source';
import { openCliEngine } from '../output';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

const PERSON_WITH_CLI = { actor: 'person', source: { via: 'cli' } } as const;

/** "2026-11-03" means by the end of that day (local time); a full ISO time is taken as it is. */
export function parseAt(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value);
  const t = day ? new Date(`${value}T23:59:59.999`).getTime() : Date.parse(value);
  if (!Number.isFinite(t)) throw new UsageError(`--at needs a date like 2026-11-03 or an ISO time, not "${value}"`);
  return new Date(t).toISOString();
}

export async function factsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { scope: { type: 'string' }, id: { type: 'string' }, at: { type: 'string' } });
  const flags = globalFlags(values);
  const [action, ...rest] = positionals;
  const text = rest.join(' ').trim();
  const scope = typeof values.scope === 'string' ? values.scope : action === 'list' && !values.scope ? null : 'agent:default';
  const id = typeof values.id === 'string' ? values.id : undefined;
  const at = typeof values.at === 'string' ? parseAt(values.at) : null;
  if (at && action !== 'list') throw new UsageError('--at goes with list');
  if (at && !scope) throw new UsageError('--at needs --scope');
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    switch (action) {
      case 'list': {
        if (!scope) {
          const scopes = engine.facts.memory.scopes();
          if (flags.json) printJson(scopes);
          else for (const s of scopes) process.stdout.write(`${s.scope}\t${s.count} facts${s.warnings.length ? `\t(${s.warnings.join(' ')})` : ''}\n`);
          return 0;
        }
        if (at) {
          const facts = engine.facts.at(scope, at);
          if (flags.json) printJson({ scope, at, facts });
          else printFacts(facts);
          return 0;
        }
        const r = engine.facts.list(scope);
        if (flags.json) printJson({ scope, facts: r.facts, warnings: r.warnings });
        else {
          printFacts(r.facts);
          for (const w of r.warnings) process.stderr.write(`warning: ${w}\n`);
        }
        return 0;
      }
      case 'add':
        if (!text) throw new UsageError('add needs the fact text');
        return report(await engine.facts.record(scope!, text, PERSON_WITH_CLI), flags.json);
      case 'edit':
        if (!id || !text) throw new UsageError('edit needs --id ID and the new text');
        return report(await engine.facts.edit(scope!, id, text, PERSON_WITH_CLI), flags.json);
      case 'forget': {
        if (!id) throw new UsageError('forget needs --id ID');
        const f = engine.facts.forget(scope!, id, PERSON_WITH_CLI);
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

function printFacts(facts: FactView[]): void {
  for (const f of facts) {
    const where = f.source.sessionId ? ` (chat ${f.source.sessionId}${f.source.messageId ? `, message ${f.source.messageId}` : ''})` : '';
    process.stdout.write(`${f.id}  ${f.text}\t(${factSourceLabel(f.source)}${where})\n`);
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
