import type { AppStatus } from '../../shared/domain';
import { Engine } from '../../main/engine';
import { globalFlags, parseCommandArgs, printJson } from '../args';

export const statusHelp = 'monad status [--home DIR] [--json]    print the app status (versions, home, config and db health)';

export async function statusCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, {});
  const flags = globalFlags(values);
  const engine = Engine.open({ home: flags.home, host: 'cli' });
  try {
    const status = engine.status();
    if (flags.json) printJson(status);
    else process.stdout.write(formatStatus(status));
    return status.config.ok && status.db.ok ? 0 : 1;
  } finally {
    engine.close();
  }
}

export function formatStatus(s: AppStatus): string {
  const mark = (ok: boolean) => (ok ? 'ok' : 'ERROR');
  const lines = [
    `${s.app.name} ${s.app.version} (node ${s.versions.node}, sqlite ${s.versions.sqlite}${s.versions.electron ? `, electron ${s.versions.electron}` : ''})`,
    `home:    ${s.home}`,
    `config:  ${mark(s.config.ok)}  ${s.config.path}${s.config.error ? `\n         ${s.config.error}` : ''}`,
    `db:      ${mark(s.db.ok)}  ${s.db.path} (schema ${s.db.schemaVersion})${s.db.error ? `\n         ${s.db.error}` : ''}`,
    `secrets: ${s.secrets.kind}${s.secrets.encrypted ? ' (encrypted)' : ''}${s.secrets.warning ? `\n         ${s.secrets.warning}` : ''}`,
  ];
  return `${lines.join('\n')}\n`;
}
