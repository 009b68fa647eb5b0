// monad history [--layer L] [--scope S] [--actor A] [--since DATE] [--limit N] [--before CURSOR] [--json]
// monad undo ID [--yes] [--json]
// The history of memory as Memory → History shows it (newest first, grouped by day) and its undo: an
// undo that changes more than the entry names what else it changes and waits for --yes.
import { JOURNAL_ACTORS, JOURNAL_LAYERS, type HistoryEntry, type HistoryPage, type UndoPlan } from '../../shared/journal';
import { openCliEngine } from '../output';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

const DEFAULT_LIMIT = 50;

export async function historyCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {
    layer: { type: 'string' },
    scope: { type: 'string' },
    actor: { type: 'string' },
    since: { type: 'string' },
    limit: { type: 'string' },
    before: { type: 'string' },
  });
  const flags = globalFlags(values);
  if (positionals.length) throw new UsageError(`unexpected argument "${positionals[0]}"`);
  const layer = oneOf(values.layer, JOURNAL_LAYERS, '--layer');
  const actor = oneOf(values.actor, JOURNAL_ACTORS, '--actor');
  const limit = values.limit === undefined ? DEFAULT_LIMIT : Number(values.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError('--limit must be a whole number from 1 to 500');
  if (values.before !== undefined && !/^[1-9]\d{0,15}$/.test(values.before)) throw new UsageError('--before takes the cursor a previous page printed');
  const since = values.since === undefined ? undefined : parseSince(values.since, new Date());
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    // One-shot commands run no timers: a retention setting is applied here too, at most once a day.
    engine.retention.runIfDue();
    const page = engine.history.list({ layer, actor, scope: values.scope, since, before: values.before, limit });
    if (flags.json) printJson(page);
    else process.stdout.write(renderPage(page));
    return 0;
  } finally {
    engine.close();
  }
}

export async function undoCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, { yes: { type: 'boolean', short: 'y', default: false } });
  const flags = globalFlags(values);
  if (positionals.length !== 1) throw new UsageError('give the number of one history entry, e.g. monad undo 42 (monad history lists them)');
  const id = Number(positionals[0].replace(/^#/, ''));
  if (!Number.isInteger(id) || id < 1) throw new UsageError(`"${positionals[0]}" is not a history entry number`);
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const r = await engine.history.undo(id, { confirm: values.yes === true });
    if (flags.json) printJson(r);
    else if (!r.done) process.stderr.write(renderPlan(r.plan));
    else {
      process.stdout.write(`Undone: ${r.plan.entry.summary}\n`);
      for (const e of r.plan.alsoUndoes) process.stdout.write(`  also undone: #${e.id} ${e.summary}\n`);
    }
    return r.done ? 0 : 1;
  } finally {
    engine.close();
  }
}

function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], flag: string): T | undefined {
  if (value === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${flag} must be one of ${allowed.join(', ')}`);
  return value as T;
}

/** A date (2026-12-01: the start of that day, local time), a date-time, or an age: 12h, 7d, 2w. */
export function parseSince(text: string, now: Date): string {
  const age = /^(\d{1,5})([hdw])$/.exec(text.trim());
  if (age) {
    const hours = Number(age[1]) * ({ h: 1, d: 24, w: 168 } as const)[age[2] as 'h' | 'd' | 'w'];
    return new Date(now.getTime() - hours * 3_600_000).toISOString();
  }
  if (/^\d{4}-\d\d-\d\d$/.test(text)) {
    const [y, m, d] = text.split('-').map(Number);
    const day = new Date(y, m - 1, d);
    if (day.getFullYear() === y && day.getMonth() === m - 1 && day.getDate() === d) return text;
  } else if (/^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/.test(text) && !Number.isNaN(Date.parse(text))) {
    return new Date(text).toISOString();
  }
  throw new UsageError(`--since takes a date (2026-12-01), a date and time, or an age (12h, 7d, 2w), not "${text}"`);
}

const pad = (n: number) => String(n).padStart(2, '0');
const localDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Grouped by local day, newest first; a group's later members are indented under its first. */
export function renderPage(page: HistoryPage): string {
  if (!page.entries.length) return 'No changes to memory match.\n';
  const out: string[] = [];
  let day = '';
  let group: string | null = null;
  for (const e of page.entries) {
    const at = new Date(e.at);
    const d = localDay(at);
    if (d !== day) {
      out.push(`${out.length ? '\n' : ''}${d} ${at.toLocaleDateString('en', { weekday: 'long' })}`);
      day = d;
      group = null;
    }
    const inGroup = e.groupId !== null && e.groupId === group;
    group = e.groupId;
    out.push(`${inGroup ? '    └ ' : '  '}${pad(at.getHours())}:${pad(at.getMinutes())}  #${e.id}  ${who(e).padEnd(18)} ${e.layer.padEnd(8)} ${(e.scope ?? '-').padEnd(16)} ${e.summary}${state(e)}`);
  }
  if (page.next) out.push(`\nOlder entries: monad history --before ${page.next}`);
  return `${out.join('\n')}\n`;
}

function who(e: HistoryEntry): string {
  const via = e.source?.via;
  return via ? `${e.actor} (${via})` : e.actor;
}

function state(e: HistoryEntry): string {
  if (e.undoneBy !== null) return `  [undone by #${e.undoneBy}]`;
  if (e.undoes !== null) return `  [undoes #${e.undoes}]`;
  return '';
}

function renderPlan(plan: UndoPlan): string {
  const lines = [`Undoing #${plan.entry.id} (${plan.entry.summary}) also undoes ${plan.alsoUndoes.length} later change${plan.alsoUndoes.length === 1 ? '' : 's'} that depend on it:`];
  for (const e of plan.alsoUndoes) lines.push(`  #${e.id}  ${e.summary}`);
  lines.push('Nothing was changed. Run again with --yes to undo all of them.');
  return `${lines.join('\n')}\n`;
}
