// monad laws list|reject|unreject|pin|unpin|edit|release|proposals|accept|dismiss — L3 laws from the
// command line: the same views the Laws tab shows and the same journaled corrections, made by the person
// through the CLI (they appear in the history, and `monad undo` takes them back).
import type { LawProposal, LawView } from '../../shared/domain';
import { openCliEngine } from '../output';
import type { By } from '../../main/memory/laws/law-writer';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

const PERSON_IN_CLI: By = { actor: 'person', source: { via: 'cli' } };

export async function lawsCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { scope: { type: 'string', multiple: true }, reason: { type: 'string' }, rejected: { type: 'boolean', default: false } });
  const flags = globalFlags(values);
  const [action, rawId, ...rest] = positionals;
  const scopes = values.scope?.length ? values.scope : undefined;
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const laws = engine.laws;
    const show = (law: LawView) => {
      if (flags.json) printJson(law);
      else process.stdout.write(`${lawLine(law)}\n`);
      return 0;
    };
    switch (action) {
      case 'list': {
        if (rawId) throw new UsageError('list takes no id; use --scope S to narrow it');
        const views = values.rejected ? laws.rejectedViews(scopes) : laws.views(scopes);
        if (flags.json) printJson(views);
        else if (!views.length) process.stdout.write(values.rejected ? 'No rejected laws.\n' : 'No laws yet. They are derived at consolidation level 3 (monad consolidate --level 3).\n');
        else for (const v of views) process.stdout.write(`${lawLine(v)}\n`);
        return 0;
      }
      case 'reject':
        return show(laws.view(laws.corrections.reject(idOf(rawId), { reason: values.reason }, PERSON_IN_CLI).id));
      case 'unreject':
        return show(laws.view(laws.corrections.unreject(idOf(rawId), PERSON_IN_CLI).id));
      case 'pin':
      case 'unpin':
        return show(laws.view(laws.corrections.pin(idOf(rawId), action === 'pin', PERSON_IN_CLI).id));
      case 'edit': {
        const statement = rest.join(' ').trim();
        if (!statement) throw new UsageError('edit needs the law id and the new statement: monad laws edit 12 "The user …"');
        return show(laws.view(laws.corrections.edit(idOf(rawId), statement, PERSON_IN_CLI).id));
      }
      case 'release':
        return show(laws.view(laws.corrections.unsuppress(idOf(rawId), PERSON_IN_CLI).id));
      case 'proposals': {
        const open = laws.openProposals(scopes);
        if (flags.json) printJson(open);
        else if (!open.length) process.stdout.write('No proposed changes.\n');
        else for (const p of open) process.stdout.write(`${proposalLine(p)}\n`);
        return 0;
      }
      case 'accept':
        return show(laws.view(laws.corrections.accept(idOf(rawId, 'proposal'), PERSON_IN_CLI).id));
      case 'dismiss': {
        const id = idOf(rawId, 'proposal');
        laws.corrections.dismiss(id, PERSON_IN_CLI);
        if (flags.json) printJson({ dismissed: id });
        else process.stdout.write(`dismissed proposal ${id}\n`);
        return 0;
      }
      default:
        throw new UsageError(`unknown action "${action ?? ''}"; use list, reject, unreject, pin, unpin, edit, release, proposals, accept or dismiss`);
    }
  } finally {
    engine.close();
  }
}

function idOf(raw: string | undefined, what = 'law'): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw new UsageError(`give the ${what} id (a number; monad laws ${what === 'law' ? 'list' : 'proposals'} shows them)`);
  return Number(raw);
}

/** "#12 [agent:default] 0.67 in recall, pinned — The user …" plus why it is out of recall. */
function lawLine(v: LawView): string {
  const state = v.rejected ? 'rejected' : v.eligible ? 'in recall' : 'out of recall';
  const marks = [v.pinned ? 'pinned' : '', v.origin === 'person' ? 'edited by you' : ''].filter(Boolean);
  const head = `#${v.id} [${v.scope}] ${v.effectiveConfidence.toFixed(2)} ${state}${marks.length ? `, ${marks.join(', ')}` : ''} — ${v.statement}`;
  return v.outOfRecall.length ? `${head}\n    ${v.outOfRecall.join(' ')}` : head;
}

function proposalLine(p: LawProposal): string {
  const what = p.kind === 'edit' ? `restate as “${p.statement}”` : 'take out of recall';
  return `proposal ${p.id} [${p.scope}] by ${p.actor}: law #${p.lawId} “${p.lawStatement}” — ${what}\n    ${p.reason}`;
}
