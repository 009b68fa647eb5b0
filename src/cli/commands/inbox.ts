// monad inbox [list] [--json]
// monad inbox approve ID… [--text "edited words"] [--json] | monad inbox approve --all
// monad inbox reject ID… [--json] | monad inbox reject --all
// The Inbox (issue 16 §3) from the command line: what waits for the person, then approve or reject by the
// ids `list` prints. Decisions are the person's, made with the CLI (journaled as such).
import type { InboxDecision, InboxItem } from '../../shared/inbox';
import { openCliEngine } from '../output';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

export async function inboxCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { all: { type: 'boolean', default: false }, text: { type: 'string' } });
  const flags = globalFlags(values);
  const [verb = 'list', ...ids] = positionals;
  if (verb !== 'list' && verb !== 'approve' && verb !== 'reject') throw new UsageError(`unknown action "${verb}": use list, approve or reject`);
  if (verb === 'list' && (ids.length || values.all || values.text !== undefined)) throw new UsageError('list takes no ids');
  if (verb !== 'list' && !ids.length && !values.all) throw new UsageError(`give the ids to ${verb} (monad inbox list prints them), or --all`);
  if (verb !== 'list' && ids.length && values.all) throw new UsageError('give ids or --all, not both');
  if (values.text !== undefined && (verb !== 'approve' || ids.length !== 1)) throw new UsageError('--text edits one item before approving it: monad inbox approve ID --text "…"');
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    if (verb === 'list') {
      const list = engine.inbox.list();
      if (flags.json) printJson(list);
      else process.stdout.write(renderList(list.items));
      return 0;
    }
    const targets = values.all ? engine.inbox.list().items.map((i) => i.id) : ids;
    const decisions =
      values.text !== undefined ? [await engine.inbox.approve(targets[0], { via: 'cli' }, values.text)] : await engine.inbox.decideMany(targets, verb, { via: 'cli' });
    if (flags.json) printJson({ decisions, count: engine.inbox.count() });
    else process.stdout.write(renderDecisions(decisions, engine.inbox.count()));
    return decisions.some((d) => d.outcome === 'failed') ? 1 : 0;
  } finally {
    engine.close();
  }
}

function renderList(items: InboxItem[]): string {
  if (!items.length) return 'The Inbox is empty: nothing waits for your approval.\n';
  const out = [`${items.length} change${items.length === 1 ? '' : 's'} waiting for your approval:`, ''];
  for (const i of items) {
    out.push(`${i.id}  ${i.action}: “${i.text}”  (${i.scope})`);
    for (const r of i.replaces) out.push(`    instead of “${r}”`);
    if (i.quote) out.push(`    from your message: “${i.quote}”`);
    out.push(`    ${i.reason}`);
  }
  out.push('', 'monad inbox approve ID… (or --all), monad inbox reject ID…; --text "…" edits one before approving.');
  return `${out.join('\n')}\n`;
}

function renderDecisions(decisions: InboxDecision[], left: number): string {
  const word = { approved: 'Approved', rejected: 'Rejected', failed: 'Not done' } as const;
  const out = decisions.map((d) => `${word[d.outcome]} ${d.id}: ${d.message}`);
  out.push(left ? `${left} still waiting.` : 'The Inbox is empty.');
  return `${out.join('\n')}\n`;
}
