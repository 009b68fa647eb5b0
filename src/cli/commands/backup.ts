// monad backup [list] — take a backup set of both databases now, or list the sets.
// monad restore NAME — restore a set. Like the app, it stages the restore, closes its engine and opens a
// fresh one, which applies it before any database is opened; if another Monad process has the databases
// open, the restore stays staged until that process is closed.
import type { Notice } from '../../shared/domain';
import { openCliEngine } from '../output';
import { globalFlags, parseCommandArgs, printJson, UsageError } from '../args';

export async function backupCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {});
  const flags = globalFlags(values);
  const [action] = positionals;
  if (action !== undefined && action !== 'list' && action !== 'now') throw new UsageError(`unknown action "${action}"; use list, or nothing to back up now`);
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    printNotices(engine.notices);
    if (action === 'list') {
      const sets = engine.backups.list();
      if (flags.json) printJson(sets);
      else if (!sets.length) process.stdout.write('no backups yet\n');
      else for (const b of sets) process.stdout.write(`${b.name}\t${b.reason}\t${b.files.map((f) => `${f.file} ${(f.bytes / 1024).toFixed(0)} KB`).join(', ')}\n`);
      return 0;
    }
    const info = await engine.backups.create('manual');
    if (flags.json) printJson(info);
    else process.stdout.write(`backed up to ${engine.backups.dir}/${info.name}\n`);
    return 0;
  } finally {
    engine.close();
  }
}

export async function restoreCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, {});
  const flags = globalFlags(values);
  const [name] = positionals;
  if (!name) throw new UsageError('give the name of a backup (see `monad backup list`)');
  const staging = openCliEngine({ home: flags.home, host: 'cli' });
  let staged;
  try {
    staged = staging.backups.stageRestore(name);
  } finally {
    staging.close();
  }
  // Our own handles are closed: a fresh engine applies the restore unless another process holds the files.
  const after = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const applied = after.notices.find((n) => n.code === 'restore-applied' || n.code === 'restore-failed');
    const result = applied ?? { level: 'info', code: 'restore-pending', message: staged.message, at: new Date().toISOString() };
    if (flags.json) printJson(result);
    else process.stdout.write(`${result.message}\n`);
    for (const n of after.notices) if (n !== applied && n.level !== 'info') process.stderr.write(`${n.level}: ${n.message}\n`);
    return result.code === 'restore-applied' ? 0 : 1;
  } finally {
    after.close();
  }
}

function printNotices(notices: Notice[]): void {
  for (const n of notices) process.stderr.write(`${n.level}: ${n.message}\n`);
}
