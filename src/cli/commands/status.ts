import type { AppStatus, Mem0Status } from '../../shared/domain';
import { openCliEngine } from '../output';
import { globalFlags, parseCommandArgs, printJson } from '../args';

export async function statusCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, {});
  const flags = globalFlags(values);
  const engine = openCliEngine({ home: flags.home, host: 'cli' });
  try {
    const status = engine.status();
    const mem0 = engine.mem0.status();
    if (flags.json) printJson({ ...status, mem0 });
    else process.stdout.write(formatStatus(status) + formatMem0Status(mem0));
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
    ...s.notices.map((n) => `notice:  ${n.level}  ${n.message}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** The memory backend line: which backend, and for mem0 the vector store / managed qdrant phase. */
export function formatMem0Status(m: Mem0Status): string {
  if (m.backend === 'builtin') return 'memory:  built-in\n';
  const q = m.qdrant;
  const progress = q.phase === 'downloading' && q.progress ? ` ${q.progress.received}/${q.progress.total ?? '?'} bytes` : '';
  const lines = [
    `memory:  mem0 (${m.phase})  ${m.message}`,
    `qdrant:  ${q.phase}${progress}${q.url ? `  ${q.url}` : ''}${q.pid ? ` (pid ${q.pid})` : ''}  v${q.version}`,
    ...(q.note ? [`         ${q.note}`] : []),
    ...(q.error ? [`         ${q.error}`] : []),
    ...(m.lastError ? [`         last error: ${m.lastError}`] : []),
  ];
  return `${lines.join('\n')}\n`;
}
